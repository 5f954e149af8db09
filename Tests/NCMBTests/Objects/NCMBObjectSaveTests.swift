import Foundation
import NCMB
import NCMBWire
import Testing

@Suite struct NCMBObjectSaveTests {
    let transport = RecordingTransport()

    func makeScore(points: Int) -> NCMBObject {
        let score = NCMBContext.$current.withValue(.test(transport: transport)) { NCMBObject(className: "GameScore") }
        score["points"] = points
        return score
    }

    func makeSavedScore() -> NCMBObject {
        let score = makeScore(points: 42)
        score.objectId = "0000000000000001"
        return score
    }

    static let created = #"{"objectId":"0000000000000001","createDate":"2009-02-13T23:31:30.000Z"}"#
    static let updated = #"{"updateDate":"2009-02-13T23:31:31.000Z"}"#
    static let denied = #"{"code":"E403001","error":"No access with ACL."}"#

    // MARK: Tests

    @Test(arguments: CallForm.allCases)
    func saveInsertsANewObjectAndStoresTheReturnedObjectId(form: CallForm) async throws {
        let score = makeScore(points: 42)
        transport.expect(.objects(try .named("GameScore"), .create(["points": 42])), reply: .json(201, Self.created))

        let result = await form.run(
            async: { try await score.save() }, blocking: { score.save() }, callback: { score.saveInBackground(callback: $0) })

        #expect(result.isSuccess)
        #expect(score.objectId == "0000000000000001")
        #expect(score["createDate"] == "2009-02-13T23:31:30.000Z")
        #expect(transport.unmetExpectations.isEmpty)
    }

    @Test(arguments: CallForm.allCases)
    func saveUpdatesOnlyTheFieldsChangedSinceTheLastSave(form: CallForm) async throws {
        let score = makeSavedScore()
        transport.expect(.objects(try .named("GameScore"), .create(["points": 42])), reply: .json(201, Self.created))
        score.objectId = nil
        try await score.save()
        score["playerName"] = "Sato"
        transport.expect(
            .objects(try .named("GameScore"), .update(objectId: "0000000000000001", ["playerName": "Sato"])),
            reply: .json(200, Self.updated))

        let result = await form.run(
            async: { try await score.save() }, blocking: { score.save() }, callback: { score.saveInBackground(callback: $0) })

        #expect(result.isSuccess)
        #expect(score["updateDate"] == "2009-02-13T23:31:31.000Z")
        #expect(transport.unmetExpectations.isEmpty)
    }

    @Test(arguments: CallForm.allCases)
    func saveReportsTheServerErrorAndLeavesTheObjectUnsaved(form: CallForm) async throws {
        let score = makeScore(points: 42)
        transport.expect(.objects(try .named("GameScore"), .create(["points": 42])), reply: .json(403, Self.denied))

        let result = await form.run(
            async: { try await score.save() }, blocking: { score.save() }, callback: { score.saveInBackground(callback: $0) })

        let error = try #require(result.error as? NCMBApiError)
        #expect(error.errorCode == .noAccessWithACL)
        #expect(error.message == "No access with ACL.")
        #expect(score.objectId == nil)
    }

    @Test func saveSendsNullForAFieldClearedSinceTheLastSave() async throws {
        let score = makeSavedScore()
        score["points"] = nil as Int?
        transport.expect(
            .objects(try .named("GameScore"), .update(objectId: "0000000000000001", ["points": nil])),
            reply: .json(200, Self.updated))

        try await score.save()

        #expect(String(decoding: try #require(transport.requests.first).body, as: UTF8.self) == #"{"points":null}"#)
    }

    @Test func saveAfterASuccessfulSaveSendsAnEmptyUpdate() async throws {
        let score = makeSavedScore()
        transport.expect(
            .objects(try .named("GameScore"), .update(objectId: "0000000000000001", ["points": 42])),
            reply: .json(200, Self.updated))
        transport.expect(.objects(try .named("GameScore"), .update(objectId: "0000000000000001", [:])), reply: .json(200, Self.updated))

        try await score.save()
        try await score.save()

        #expect(transport.unmetExpectations.isEmpty)
    }

    @Test func saveOfANewObjectSendsEveryFieldAndTheACLButNoSystemField() async throws {
        let score = makeScore(points: 42)
        score["createDate"] = "2020-01-01T00:00:00.000Z"
        var acl = NCMBACL.empty
        acl.put(key: NCMBACL.ACL_PUBLIC, readable: true, writable: false)
        score.acl = acl
        transport.expect(
            .objects(try .named("GameScore"), .create(["points": 42, "acl": ["*": ["read": true]]])), reply: .json(201, Self.created))

        try await score.save()

        #expect(String(decoding: try #require(transport.requests.first).body, as: UTF8.self) == #"{"points":42,"acl":{"*":{"read":true}}}"#)
    }

    @Test func saveKeepsAFieldAssignedWhileTheRequestWasInFlightModified() async throws {
        let score = makeSavedScore()
        transport.expect(
            .objects(try .named("GameScore"), .update(objectId: "0000000000000001", ["points": 42])),
            reply: .json(200, Self.updated))
        try await score.save()
        score["points"] = 43
        transport.expect(
            .objects(try .named("GameScore"), .update(objectId: "0000000000000001", ["points": 43])),
            reply: .json(200, Self.updated))

        try await score.save()

        #expect(transport.unmetExpectations.isEmpty)
    }

    @Test(arguments: [
        (Double.nan, NCMBInvalidRequestError.invalidBodyJsonValue), (Double.infinity, .invalidBodyJsonValue),
    ])
    func saveRejectsANumberThatIsNotFiniteBeforeSending(value: Double, expected: NCMBInvalidRequestError) async throws {
        let score = makeScore(points: 1)
        score["ratio"] = value

        let error = await #expect(throws: NCMBInvalidRequestError.self) { try await score.save() }

        #expect(error == expected)
        #expect(transport.requests.isEmpty)
    }

    @Test(arguments: ["bad name", "1points", "_points", "", String(repeating: "a", count: 101)])
    func saveRejectsAnInvalidFieldNameBeforeSending(field: String) async throws {
        let score = makeScore(points: 1)
        score[field] = 1

        let error = await #expect(throws: NCMBInvalidRequestError.self) { try await score.save() }

        #expect(error == .invalidFieldName)
        #expect(transport.requests.isEmpty)
    }

    @Test func saveRejectsAnUnsavedObjectUsedAsAPointerBeforeSending() async throws {
        let score = makeScore(points: 1)
        let player = NCMBContext.$current.withValue(.test(transport: transport)) { NCMBObject(className: "Player") }
        score["player"] = player

        let error = await #expect(throws: NCMBInvalidRequestError.self) { try await score.save() }

        #expect(error == .emptyObjectId)
        #expect(transport.requests.isEmpty)
    }

    @Test func saveAcceptsAFieldOnceAValidValueReplacesARejectedOne() async throws {
        let score = makeScore(points: 1)
        score["ratio"] = Double.nan
        score["ratio"] = 0.5
        transport.expect(.objects(try .named("GameScore"), .create(["points": 1, "ratio": 0.5])), reply: .json(201, Self.created))

        try await score.save()

        #expect(transport.unmetExpectations.isEmpty)
    }

    @Test(arguments: ["Game Score", "", "1Game", "user/x"])
    func saveRejectsAnInvalidClassNameBeforeSending(className: String) async throws {
        let object = NCMBContext.$current.withValue(.test(transport: transport)) { NCMBObject(className: className) }

        let error = await #expect(throws: NCMBInvalidRequestError.self) { try await object.save() }

        #expect(error == .invalidClassName)
        #expect(transport.requests.isEmpty)
    }

    @Test func saveReportsANetworkFailureUnchanged() async throws {
        let score = makeScore(points: 42)
        transport.expect(.objects(try .named("GameScore"), .create(["points": 42])), reply: .failure(URLError(.timedOut)))

        let error = await #expect(throws: URLError.self) { try await score.save() }

        #expect(error?.code == .timedOut)
        #expect(score.objectId == nil)
    }

    @available(*, deprecated, message: "Exercises the deprecated saveInBackground_async().")
    @Test func saveInBackgroundAsyncReturnsTheResultOfSave() async throws {
        let score = makeScore(points: 42)
        transport.expect(.objects(try .named("GameScore"), .create(["points": 42])), reply: .json(201, Self.created))

        let result = await score.saveInBackground_async()

        #expect(result.isSuccess)
        #expect(score.objectId == "0000000000000001")
    }
}
