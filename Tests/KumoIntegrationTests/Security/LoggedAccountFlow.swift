import HTTPTypes
import HummingbirdTesting
import KumoServer
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// The account flow whose logs the hygiene test reads: sign-up, both login forms, bad logins, an authenticated
/// request, a password change, logout, and requests with a dead and a made-up token.
enum LoggedAccountFlow {
    static let userName = "loggedUser"
    static let password = "Log-Secret-Pw-5e1d"
    static let newPassword = "Log-Changed-Pw-0b7c"
    static let wrongPassword = "Log-Wrong-Pw-93f2"
    static let madeUpToken = "madeUpSessionToken0123456789abcd"

    /// Runs the flow; returns every secret it used or was given (passwords, tokens, the stored password hash).
    static func run(_ requester: TestRequester, application: TestApplication) async throws -> [String] {
        let signUp = try await requester.send(
            .post, "/2013-09-01/users", json: ["userName": .string(userName), "password": .string(password)], as: nil)
        let signUpToken = try #require(signUp.json?.objectValue?["sessionToken"]?.stringValue, "sign-up: \(signUp.text)")
        let objectId = try #require(signUp.json?.objectValue?["objectId"]?.stringValue, "sign-up: \(signUp.text)")
        let postLogin = try await requester.send(
            .post, "/2013-09-01/login", json: ["userName": .string(userName), "password": .string(password)], as: nil)
        let postToken = try #require(postLogin.json?.objectValue?["sessionToken"]?.stringValue, "POST login: \(postLogin.text)")
        let query = queryString([("userName", userName), ("password", password)])
        let getLogin = try await requester.send(.get, "/2013-09-01/login?\(query)", as: nil)
        let getToken = try #require(getLogin.json?.objectValue?["sessionToken"]?.stringValue, "GET login: \(getLogin.text)")
        let badQuery = queryString([("userName", userName), ("password", wrongPassword)])
        _ = try await requester.send(.get, "/2013-09-01/login?\(badQuery)", as: nil)
        _ = try await requester.send(
            .post, "/2013-09-01/login", json: ["userName": .string(userName), "password": .string(wrongPassword)], as: nil)
        _ = try await requester.send(.get, "/2013-09-01/users/\(objectId)", as: getToken)
        _ = try await requester.send(.get, "/2013-09-01/users/\(objectId)", as: signUpToken)
        _ = try await requester.send(.put, "/2013-09-01/users/\(objectId)", json: ["password": .string(newPassword)], as: getToken)
        let hash = try await application.storage.accounts.credentials(
            applicationId: application.application.applicationId, lookup: .objectId(objectId))?.passwordHash
        _ = try await requester.send(.get, "/2013-09-01/logout", as: getToken)
        _ = try await requester.send(.get, "/2013-09-01/classes/Anything", as: getToken)
        _ = try await requester.send(.get, "/2013-09-01/classes/Anything", as: madeUpToken)
        var secrets = [password, newPassword, wrongPassword, signUpToken, postToken, getToken, madeUpToken]
        secrets += [password, newPassword, wrongPassword].map(PercentEncoding.encode)
        if let hash { secrets.append(hash) }
        return secrets
    }
}
