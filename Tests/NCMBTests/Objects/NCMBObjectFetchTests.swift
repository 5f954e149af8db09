import Foundation
import NCMB
import NCMBWire
import Testing

@Suite struct NCMBObjectFetchTests {
    let transport = RecordingTransport()

    func makeObject(objectId: String?) -> NCMBObject {
        let object = NCMBContext.$current.withValue(.test(transport: transport)) { NCMBObject(className: "GameScore") }
        object.objectId = objectId
        return object
    }

    static let stored = #"""
        {"objectId":"0000000000000001","createDate":"2009-02-13T23:31:30.000Z","updateDate":"2009-02-13T23:31:30.000Z",\#
        "acl":{"*":{"read":true,"write":true}},"points":42,"playerName":"Sato"}
        """#
    static let missing = #"{"code":"E404001","error":"No data available."}"#

    // MARK: Tests

    @Test(arguments: CallForm.allCases)
    func fetchReplacesEveryFieldWithTheStoredObject(form: CallForm) async throws {
        let object = makeObject(objectId: "0000000000000001")
        object["unsaved"] = "dropped"
        transport.expect(.objects(try .named("GameScore"), .get(objectId: "0000000000000001")), reply: .json(200, Self.stored))

        let result = await form.run(
            async: { try await object.fetch() }, blocking: { object.fetch() }, callback: { object.fetchInBackground(callback: $0) })

        #expect(result.isSuccess)
        #expect(object["points"] == 42)
        #expect(object["playerName"] == "Sato")
        #expect(object["unsaved"] as String? == nil)
        #expect(object.acl?.getWritable(key: NCMBACL.ACL_PUBLIC) == true)
        #expect(transport.unmetExpectations.isEmpty)
    }

    @Test(arguments: CallForm.allCases)
    func fetchReportsAMissingObject(form: CallForm) async throws {
        let object = makeObject(objectId: "0000000000000009")
        transport.expect(.objects(try .named("GameScore"), .get(objectId: "0000000000000009")), reply: .json(404, Self.missing))

        let result = await form.run(
            async: { try await object.fetch() }, blocking: { object.fetch() }, callback: { object.fetchInBackground(callback: $0) })

        let error = try #require(result.error as? NCMBApiError)
        #expect(error.errorCode == .noDataAvailable)
        #expect(error.message == "No data available.")
        #expect(error.description == "E404001 No data available.")
    }

    @Test func fetchOfAnUnsavedObjectFailsWithoutARequest() async throws {
        let object = makeObject(objectId: nil)

        let error = await #expect(throws: NCMBInvalidRequestError.self) { try await object.fetch() }

        #expect(error == .emptyObjectId)
        #expect(transport.requests.isEmpty)
    }

    @Test func fetchKeepsTheObjectIdWhenTheResponseLacksIt() async throws {
        let object = makeObject(objectId: "0000000000000001")
        transport.expect(.objects(try .named("GameScore"), .get(objectId: "0000000000000001")), reply: .json(200, #"{"points":1}"#))

        try await object.fetch()

        #expect(object.objectId == "0000000000000001")
        #expect(object["points"] == 1)
    }

    @Test(arguments: ["not json", "[1,2]", #""text""#])
    func fetchReportsAParseErrorForABodyThatIsNotAJSONObject(body: String) async throws {
        let object = makeObject(objectId: "0000000000000001")
        transport.expect(.objects(try .named("GameScore"), .get(objectId: "0000000000000001")), reply: .json(200, body))

        let error = await #expect(throws: NCMBParseError.self) { try await object.fetch() }

        #expect(error == .unsupportJsonFormat)
    }
}
