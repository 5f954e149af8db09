import Foundation
import NCMB
import NCMBWire
import Testing

/// `saveAll` and `deleteAll` over `POST /batch` (docs/wire/endpoints/batch.md): the sub-requests sent, the outcomes
/// applied to each object, partial failures and the transactional extension.
@Suite struct NCMBObjectBatchTests {
    let transport = RecordingTransport()

    func makeObject(_ fields: [String: Int], objectId: String? = nil) -> NCMBObject {
        let object = NCMBContext.bound(to: transport) { NCMBObject(className: "GameScore") }
        for (key, value) in fields { object[key] = value }
        if let objectId {
            object.objectId = objectId
        }
        return object
    }

    /// The batch route of `requests`.
    func batch(_ requests: [BatchRequest], transaction: Bool = false) -> APIRoute {
        var body = BatchRequest.body(requests)
        if transaction { body["transaction"] = true }
        return .batch(body)
    }

    static let gameScore = ClassReference.custom(ClassName(constant: "GameScore"))

    // MARK: Tests

    @Test(arguments: CallForm.allCases)
    func saveAllCreatesAndUpdatesInOneRequestAndAppliesEachAnswer(form: CallForm) async throws {
        let created = makeObject(["points": 1])
        let updated = makeObject([:], objectId: "old1")
        updated["points"] = 2
        transport.expect(
            batch([
                BatchRequest(.objects(Self.gameScore, .create(["points": 1]))),
                BatchRequest(.objects(Self.gameScore, .update(objectId: "old1", ["points": 2]))),
            ]),
            reply: .json(
                200,
                #"[{"success":{"objectId":"new1","createDate":"2009-02-13T23:31:30.000Z"}},{"success":{"updateDate":"2009-02-13T23:31:31.000Z"}}]"#))

        let result = await form.run(
            async: { try await NCMBObject.saveAll([created, updated]) }, blocking: { NCMBObject.saveAll([created, updated]) },
            callback: { NCMBObject.saveAllInBackground([created, updated], callback: $0) })

        #expect(result.isSuccess)
        #expect(created.objectId == "new1")
        #expect(created["createDate"] == "2009-02-13T23:31:30.000Z")
        #expect(updated["updateDate"] == "2009-02-13T23:31:31.000Z")
        let body = String(decoding: try #require(transport.requests.first).body, as: UTF8.self)
        #expect(body.contains(#""path":"2013-09-01/classes/GameScore""#))
        #expect(!body.contains("transaction"))
    }

    @Test func aRefusedObjectIsNamedAndTheOthersAreStillSaved() async throws {
        let first = makeObject(["points": 1])
        let second = makeObject(["points": 2], objectId: "missing")
        let third = makeObject(["points": 3])
        transport.expect(
            batch([
                BatchRequest(.objects(Self.gameScore, .create(["points": 1]))),
                BatchRequest(.objects(Self.gameScore, .update(objectId: "missing", ["points": 2]))),
                BatchRequest(.objects(Self.gameScore, .create(["points": 3]))),
            ]),
            reply: .json(
                200,
                #"[{"success":{"objectId":"a","createDate":"2009-02-13T23:31:30.000Z"}},{"error":{"code":"E404001","error":"No data available."}},{"success":{"objectId":"c","createDate":"2009-02-13T23:31:30.000Z"}}]"#
            ))

        let error = await #expect(throws: NCMBBatchError.self) { try await NCMBObject.saveAll([first, second, third]) }

        #expect(error?.failures.map(\.index) == [1])
        #expect(error?.failures.first?.error.errorCode == .noDataAvailable)
        #expect(error?.localizedDescription == "The server refused object 1: No data available. (E404001)")
        #expect([first.objectId, third.objectId] == ["a", "c"])
    }

    @Test func atomicallySendsTheTransactionExtensionAndThrowsTheFirstRefusal() async throws {
        let object = makeObject(["points": 1])
        transport.expect(
            batch([BatchRequest(.objects(Self.gameScore, .create(["points": 1])))], transaction: true),
            reply: .json(403, #"{"code":"E403001","error":"No access with ACL."}"#))

        let error = await #expect(throws: NCMBApiError.self) { try await NCMBObject.saveAll([object], atomically: true) }

        #expect(error?.errorCode == .noAccessWithACL)
        #expect(object.objectId == nil)
    }

    @Test func moreThanFiftyObjectsGoInSeveralRequestsUnlessAtomic() async throws {
        let objects = (0..<51).map { makeObject(["points": $0]) }
        let answers = { (count: Int) in
            "[" + Array(repeating: #"{"success":{"objectId":"x","createDate":"2009-02-13T23:31:30.000Z"}}"#, count: count).joined(separator: ",") + "]"
        }
        transport.expect(
            batch(objects[0..<50].enumerated().map { BatchRequest(.objects(Self.gameScore, .create(["points": .integer(Int64($0.offset))]))) }),
            reply: .json(200, answers(50)))
        transport.expect(batch([BatchRequest(.objects(Self.gameScore, .create(["points": 50])))]), reply: .json(200, answers(1)))

        try await NCMBObject.saveAll(objects)

        #expect(transport.requests.count == 2)
        let error = await #expect(throws: NCMBApiError.self) { try await NCMBObject.saveAll(objects, atomically: true) }
        #expect(error?.errorCode == .requestsThreadLimitError)
        #expect(transport.requests.count == 2)
    }

    @Test(arguments: CallForm.allCases)
    func deleteAllDeletesEachObjectAndClearsItsFields(form: CallForm) async throws {
        let objects = [makeObject(["points": 1], objectId: "a"), makeObject(["points": 2], objectId: "b")]
        transport.expect(
            batch([
                BatchRequest(.objects(Self.gameScore, .delete(objectId: "a"))), BatchRequest(.objects(Self.gameScore, .delete(objectId: "b"))),
            ]),
            reply: .json(200, #"[{"success":{}},{"success":{}}]"#))

        let result = await form.run(
            async: { try await NCMBObject.deleteAll(objects) }, blocking: { NCMBObject.deleteAll(objects) },
            callback: { NCMBObject.deleteAllInBackground(objects, callback: $0) })

        #expect(result.isSuccess)
        #expect(objects.allSatisfy { $0.objectId == nil })
    }

    @Test func invalidInputFailsBeforeAnyRequest() async throws {
        let unsaved = makeObject(["points": 1])
        let rejected = makeObject([:])
        rejected["bad name"] = 1

        await #expect(throws: NCMBInvalidRequestError.emptyObjectId) { try await NCMBObject.deleteAll([unsaved]) }
        await #expect(throws: NCMBInvalidRequestError.invalidFieldName) { try await NCMBObject.saveAll([unsaved, rejected]) }
        try await NCMBObject.saveAll([])
        #expect(transport.requests.isEmpty)
    }

    @Test func anAnswerOfAnotherLengthIsAParseError() async throws {
        transport.expect(
            batch([BatchRequest(.objects(Self.gameScore, .create(["points": 1])))]), reply: .json(200, #"[]"#))

        await #expect(throws: NCMBParseError.unsupportJsonFormat) { try await NCMBObject.saveAll([makeObject(["points": 1])]) }
    }
}
