import Foundation
import NCMB
import NCMBWire
import Testing

@Suite struct NCMBObjectDeleteTests {
    let transport = RecordingTransport()

    func makeObject(objectId: String?) -> NCMBObject {
        let object = NCMBContext.$current.withValue(.test(transport: transport)) { NCMBObject(className: "GameScore") }
        object.objectId = objectId
        object["points"] = 42
        return object
    }

    // MARK: Tests

    @Test(arguments: CallForm.allCases)
    func deleteRemovesTheObjectAndClearsEveryField(form: CallForm) async throws {
        let object = makeObject(objectId: "0000000000000001")
        transport.expect(.objects(try .named("GameScore"), .delete(objectId: "0000000000000001")), reply: .empty(200))

        let result = await form.run(
            async: { try await object.delete() }, blocking: { object.delete() }, callback: { object.deleteInBackground(callback: $0) })

        #expect(result.isSuccess)
        #expect(object.objectId == nil)
        #expect(object["points"] as Int? == nil)
        #expect(transport.unmetExpectations.isEmpty)
    }

    @Test(arguments: CallForm.allCases)
    func deleteReportsTheServerErrorAndKeepsTheFields(form: CallForm) async throws {
        let object = makeObject(objectId: "0000000000000001")
        transport.expect(
            .objects(try .named("GameScore"), .delete(objectId: "0000000000000001")),
            reply: .json(403, #"{"code":"E403001","error":"No access with ACL."}"#))

        let result = await form.run(
            async: { try await object.delete() }, blocking: { object.delete() }, callback: { object.deleteInBackground(callback: $0) })

        #expect((result.error as? NCMBApiError)?.errorCode == .noAccessWithACL)
        #expect(object.objectId == "0000000000000001")
        #expect(object["points"] == 42)
    }

    @Test func deleteOfAnUnsavedObjectFailsWithoutARequest() async throws {
        let object = makeObject(objectId: nil)

        let error = await #expect(throws: NCMBInvalidRequestError.self) { try await object.delete() }

        #expect(error == .emptyObjectId)
        #expect(transport.requests.isEmpty)
    }

    @Test func deleteAcceptsAnEmptyJSONObjectBody() async throws {
        let object = makeObject(objectId: "0000000000000001")
        transport.expect(.objects(try .named("GameScore"), .delete(objectId: "0000000000000001")), reply: .json(200, "{}"))

        try await object.delete()

        #expect(object.objectId == nil)
    }
}
