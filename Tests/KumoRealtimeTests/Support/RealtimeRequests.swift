import HTTPTypes
import HummingbirdTesting
import KumoTestSupport
import NCMBWire
import Testing

/// A user signed up for a realtime test.
struct RealtimeUser: Sendable {
    /// The user's objectId.
    var objectId: String
    /// The session token sign-up answered.
    var sessionToken: String
}

/// Failures of a test's own setup requests.
struct RealtimeSetupError: Error, CustomStringConvertible {
    var description: String
}

/// `{"__type":"Pointer","className":…,"objectId":…}`.
func pointer(_ className: String, _ objectId: String) -> JSONValue {
    ["__type": "Pointer", "className": .string(className), "objectId": .string(objectId)]
}

/// `{"__op":"AddRelation","objects":[…]}`.
func addRelation(_ pointers: [JSONValue]) -> JSONValue { ["__op": "AddRelation", "objects": .array(pointers)] }

/// `{"__op":"RemoveRelation","objects":[…]}`.
func removeRelation(_ pointers: [JSONValue]) -> JSONValue { ["__op": "RemoveRelation", "objects": .array(pointers)] }

/// The REST requests the realtime tests make through the server they subscribe to (docs/wire/endpoints/).
extension TestRequester {
    /// A signed request with a JSON body as `sessionToken`'s caller.
    func send(_ method: HTTPRequest.Method, _ path: String, json: JSONValue? = nil, as sessionToken: String?) async throws -> TestResponse {
        var headers: [String: String] = [:]
        if let sessionToken { headers[NCMBHeaderName.sessionToken] = sessionToken }
        return try await send(method, path, body: json?.serializedString(), headers: headers)
    }

    /// `POST /users`; must answer 201.
    func signUp(_ userName: String) async throws -> RealtimeUser {
        let body: JSONValue = ["userName": .string(userName), "password": .string("Pw-\(userName)-7d1e")]
        let response = try await send(.post, "/2013-09-01/users", json: body, as: nil)
        guard response.status.code == 201, let created = response.json?.objectValue, let objectId = created["objectId"]?.stringValue,
            let token = created["sessionToken"]?.stringValue
        else { throw RealtimeSetupError(description: "sign-up of \(userName) answered \(response.status.code) \(response.text)") }
        return RealtimeUser(objectId: objectId, sessionToken: token)
    }

    /// `POST /login`; must answer 200. Returns the new session token.
    func logIn(_ userName: String) async throws -> String {
        let body: JSONValue = ["userName": .string(userName), "password": .string("Pw-\(userName)-7d1e")]
        let response = try await send(.post, "/2013-09-01/login", json: body, as: nil)
        guard response.status.code == 200, let token = response.json?.objectValue?["sessionToken"]?.stringValue else {
            throw RealtimeSetupError(description: "login of \(userName) answered \(response.status.code) \(response.text)")
        }
        return token
    }

    /// `POST` to a collection; must answer 201. Returns the objectId.
    func create(_ path: String, _ body: JSONObject, as sessionToken: String? = nil) async throws -> String {
        let response = try await send(.post, path, json: .object(body), as: sessionToken)
        guard response.status.code == 201, let objectId = response.json?.objectValue?["objectId"]?.stringValue else {
            throw RealtimeSetupError(description: "POST \(path) answered \(response.status.code) \(response.text)")
        }
        return objectId
    }

    /// `PUT`; must answer 200.
    func update(_ path: String, _ body: JSONObject, as sessionToken: String? = nil) async throws {
        let response = try await send(.put, path, json: .object(body), as: sessionToken)
        guard response.status.code == 200 else {
            throw RealtimeSetupError(description: "PUT \(path) answered \(response.status.code) \(response.text)")
        }
    }

    /// `DELETE`; must answer 200.
    func delete(_ path: String, as sessionToken: String? = nil) async throws {
        let response = try await send(.delete, path, as: sessionToken)
        guard response.status.code == 200 else {
            throw RealtimeSetupError(description: "DELETE \(path) answered \(response.status.code) \(response.text)")
        }
    }

    /// `GET`; must answer 200. Returns the body.
    func get(_ path: String, as sessionToken: String? = nil) async throws -> JSONObject {
        let response = try await send(.get, path, as: sessionToken)
        guard response.status.code == 200, let object = response.json?.objectValue else {
            throw RealtimeSetupError(description: "GET \(path) answered \(response.status.code) \(response.text)")
        }
        return object
    }
}
