import HTTPTypes
import HummingbirdTesting
import KumoServer
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// A request the security fixture needed was refused; the message names the request and the answer.
struct SecuritySetupError: Error, CustomStringConvertible {
    let description: String
}

extension TestRequester {
    /// Sends a signed request as the caller of `sessionToken` (`X-NCMB-Apps-Session-Token`), or anonymously for `nil`.
    func send(_ method: HTTPRequest.Method, _ target: String, json body: JSONValue? = nil, as sessionToken: String?)
        async throws -> TestResponse
    {
        let headers = sessionToken.map { ["X-NCMB-Apps-Session-Token": $0] } ?? [:]
        return try await send(method, target, body: body.map(jsonText), headers: headers)
    }

    /// `POST /users` with `userName`, its fixture password and `fields`; the answer must be 201 with a session token.
    func signUp(_ userName: String, fields: JSONObject = JSONObject()) async throws -> SecurityAccount {
        var body = fields
        body["userName"] = .string(userName)
        body["password"] = .string(SecurityServer.password(of: userName))
        let response = try await send(.post, "/2013-09-01/users", json: .object(body), as: nil)
        guard response.status.code == 201, let created = response.json?.objectValue,
            let objectId = created["objectId"]?.stringValue, let token = created["sessionToken"]?.stringValue
        else { throw SecuritySetupError(description: "sign-up of \(userName) answered \(response.status.code) \(response.text)") }
        return SecurityAccount(objectId: objectId, sessionToken: token, userName: userName)
    }

    /// `POST /roles` with `body` as `sessionToken`'s caller; the answer must be 201. Returns the role's objectId.
    func createRole(_ body: JSONObject, as sessionToken: String?) async throws -> String {
        try await create("/2013-09-01/roles", body, as: sessionToken)
    }

    /// `POST` of `body` to a collection path as `sessionToken`'s caller; the answer must be 201. Returns the objectId.
    func create(_ path: String, _ body: JSONObject, as sessionToken: String?) async throws -> String {
        let response = try await send(.post, path, json: .object(body), as: sessionToken)
        guard response.status.code == 201, let objectId = response.json?.objectValue?["objectId"]?.stringValue else {
            throw SecuritySetupError(description: "POST \(path) \(jsonText(.object(body))) answered \(response.status.code) \(response.text)")
        }
        return objectId
    }

    /// `PUT` of `body` as `sessionToken`'s caller; the answer must be 200.
    func update(_ path: String, _ body: JSONObject, as sessionToken: String?) async throws {
        let response = try await send(.put, path, json: .object(body), as: sessionToken)
        guard response.status.code == 200 else {
            throw SecuritySetupError(description: "PUT \(path) \(jsonText(.object(body))) answered \(response.status.code) \(response.text)")
        }
    }

    /// `GET` of a collection with a `where` (and more parameters) as `sessionToken`'s caller; the answer must be 200
    /// with `results`. Returns the body.
    func find(_ path: String, where condition: JSONValue, _ more: [(String, String)] = [], as sessionToken: String?)
        async throws -> JSONObject
    {
        let target = path + "?" + queryString([("where", jsonText(condition))] + more)
        let response = try await send(.get, target, as: sessionToken)
        let body = try #require(response.json?.objectValue, "GET \(target) answered \(response.status.code) \(response.text)")
        try #require(response.status.code == 200, "GET \(target) answered \(response.status.code) \(response.text)")
        return body
    }
}

/// The objectIds of a find answer's `results`, in order.
func resultIds(_ body: JSONObject) -> [String] {
    (body["results"]?.arrayValue ?? []).map { $0.objectValue?["objectId"]?.stringValue ?? "?" }
}

/// Checks that `response` is exactly the NCMB error `code` with `message` and the code's status (docs/wire/errors.md).
func expectError(
    _ response: TestResponse, status: Int, code: String, message: String, _ label: String,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(response.status.code == status, "\(label): status, body \(response.text)", sourceLocation: sourceLocation)
    let expected: JSONValue = ["code": .string(code), "error": .string(message)]
    #expect(response.json == expected, "\(label): body", sourceLocation: sourceLocation)
}

/// Checks for 404 E404001 "No data available." (docs/decisions/0003-existence-is-not-leaked.md: an unreadable row is
/// indistinguishable from a missing one).
func expectNotFound(_ response: TestResponse, _ label: String, sourceLocation: SourceLocation = #_sourceLocation) {
    expectError(response, status: 404, code: "E404001", message: "No data available.", label, sourceLocation: sourceLocation)
}

/// Checks for 403 E403001 "No access with ACL." (docs/decisions/0003-existence-is-not-leaked.md: readable but not
/// writable).
func expectDenied(_ response: TestResponse, _ label: String, sourceLocation: SourceLocation = #_sourceLocation) {
    expectError(response, status: 403, code: "E403001", message: "No access with ACL.", label, sourceLocation: sourceLocation)
}
