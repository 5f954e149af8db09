import HTTPTypes
import HummingbirdTesting
import KumoTestSupport
import NCMBWire
import Testing

/// The REST steps the push tests share: register devices and pushes, read them back.
extension TestRequester {
    /// Registers an installation and returns its objectId; `extra` is appended to the JSON body (`,"plan":"gold"`).
    func installDevice(_ type: String, _ token: String, _ extra: String = "") async throws -> String {
        let response = try await send(
            .post, "/2013-09-01/installations", body: #"{"deviceType":"\#(type)","deviceToken":"\#(token)"\#(extra)}"#)
        #expect(response.status.code == 201, "installation: \(response.text)")
        return try #require(response.json?.objectValue?["objectId"]?.stringValue)
    }

    /// Registers a push and returns its objectId.
    func registerPush(_ body: String) async throws -> String {
        let response = try await send(.post, "/2013-09-01/push", body: body)
        #expect(response.status.code == 201, "push: \(response.text)")
        return try #require(response.json?.objectValue?["objectId"]?.stringValue)
    }

    /// The push as `GET /push/{id}` shows it.
    func fetchPush(_ objectId: String) async throws -> JSONObject {
        let response = try await send(.get, "/2013-09-01/push/\(objectId)")
        return try #require(response.json?.objectValue, "get push: \(response.text)")
    }
}
