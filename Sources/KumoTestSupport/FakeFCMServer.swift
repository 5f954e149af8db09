package import NCMBWire
package import Testing
import KumoSeamsTestSupport

/// A local stand-in for Google's OAuth2 token endpoint and FCM HTTP v1: HTTPS (HTTP/1.1) on `127.0.0.1` with a
/// certificate from a ``TestCertificateAuthority``.
///
/// `POST /token` answers an access token (`fake-access-token-<n>`, one hour) unless scripted otherwise;
/// `POST /v1/projects/<project>/messages:send` answers the responses scripted for the body's `message.token` (200 with a
/// message name when none). Every request is recorded; any other request is answered 404 and reported as a test issue
/// when the server stops.
package final class FakeFCMServer: Sendable {
    /// `https://127.0.0.1:<port>`: the FCM base URL (`PushEndpoints.fcm`).
    package let baseURL: String
    private let server: FakePlatformServer
    private let state: LockedBox<State>

    private struct State: Sendable {
        var tokenResponses: [ScriptedPushResponse] = []
        var issuedTokens = 0
        var sendResponses: [String: [ScriptedPushResponse]] = [:]
    }

    private init(server: FakePlatformServer, state: LockedBox<State>) {
        self.server = server
        self.state = state
        baseURL = server.baseURL
    }

    /// The token endpoint (`PushEndpoints.fcmTokenOverride`).
    package var tokenURL: String { baseURL + "/token" }

    /// Runs `body` with a started server, then stops it and reports unexpected requests.
    package static func with<Result: Sendable>(
        authority: TestCertificateAuthority, sourceLocation: SourceLocation = #_sourceLocation,
        _ body: (FakeFCMServer) async throws -> Result
    ) async throws -> Result {
        let state = LockedBox(State())
        return try await FakePlatformServer.run(
            as: "FakeFCMServer", authority: authority, usesHTTP2: false, sourceLocation: sourceLocation,
            responder: { FakeFCMServer.respond(to: $0, state: state) },
            makeFake: { FakeFCMServer(server: $0, state: state) }, body)
    }

    /// Every request received, in order.
    package var requests: [RecordedPushRequest] { server.requests }

    /// The requests to the token endpoint.
    package var tokenRequests: [RecordedPushRequest] { requests.filter { $0.path == "/token" } }

    /// The `messages:send` requests, in order.
    package var sendRequests: [RecordedPushRequest] { requests.filter { $0.path.hasSuffix("/messages:send") } }

    /// Answers the next token requests with `responses`, one each; the last one keeps answering.
    package func scriptTokenEndpoint(_ responses: ScriptedPushResponse...) {
        state.mutate { $0.tokenResponses = responses }
    }

    /// Answers the next sends to `registrationToken` with `responses`, one each; the last one keeps answering.
    package func script(registrationToken: String, _ responses: ScriptedPushResponse...) {
        state.mutate { $0.sendResponses[registrationToken] = responses }
    }

    /// Records an issue per request that was neither the token endpoint nor `messages:send`.
    package func recordUnexpectedRequests(sourceLocation: SourceLocation = #_sourceLocation) {
        server.recordUnexpectedRequests(as: "FakeFCMServer", sourceLocation: sourceLocation)
    }

    private static func respond(to request: RecordedPushRequest, state: LockedBox<State>) -> ScriptedPushResponse? {
        guard request.method == "POST" else { return nil }
        if request.path == "/token" {
            var response: ScriptedPushResponse?
            state.mutate { state in
                response = next(from: &state.tokenResponses)
                if response == nil {
                    state.issuedTokens += 1
                    let body: JSONValue = [
                        "access_token": .string("fake-access-token-\(state.issuedTokens)"), "expires_in": 3599,
                        "token_type": "Bearer",
                    ]
                    response = ScriptedPushResponse(
                        status: 200, body: body.serializedString(), headers: ["content-type": "application/json"])
                }
            }
            return response
        }
        let components = request.path.split(separator: "/")
        guard components.count == 4, components[0] == "v1", components[1] == "projects", components[3] == "messages:send",
            let token = request.json?.objectValue?["message"]?.objectValue?["token"]?.stringValue
        else { return nil }
        var response: ScriptedPushResponse?
        state.mutate { state in
            if var queue = state.sendResponses[token] {
                response = next(from: &queue)
                state.sendResponses[token] = queue
            }
        }
        let name: JSONValue = ["name": .string("projects/\(components[2])/messages/0:1")]
        return response
            ?? ScriptedPushResponse(status: 200, body: name.serializedString(), headers: ["content-type": "application/json"])
    }

    /// The first response of `queue`, removed unless it is the last.
    private static func next(from queue: inout [ScriptedPushResponse]) -> ScriptedPushResponse? {
        guard let first = queue.first else { return nil }
        if queue.count > 1 { queue.removeFirst() }
        return first
    }

    /// An FCM error body with `status`, e.g. `fcmError(404, status: "NOT_FOUND", errorCode: "UNREGISTERED")`.
    package static func fcmError(_ status: Int, status name: String, errorCode: String?, message: String = "error")
        -> ScriptedPushResponse
    {
        var error: JSONObject = ["code": .integer(Int64(status)), "message": .string(message), "status": .string(name)]
        if let errorCode {
            error["details"] = [
                ["@type": "type.googleapis.com/google.firebase.fcm.v1.FcmError", "errorCode": .string(errorCode)]
            ]
        }
        return ScriptedPushResponse(
            status: status, body: JSONValue.object(["error": .object(error)]).serializedString(),
            headers: ["content-type": "application/json"])
    }
}
