import HTTPTypes
import HummingbirdTesting
import KumoServer
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// The secrets of one hygiene scenario: two users, their passwords and every session token issued to them.
struct HygieneScenario: Sendable {
    var alice: SecurityAccount
    var bob: SecurityAccount
    /// Alice's token from `POST /login` (her sign-up token ended with it, docs/decisions/0010-session-lifetime.md).
    var aliceLoginToken: String
    /// Every password and session token of the scenario, and the bcrypt hash prefixes.
    var secrets: [String]

    /// Alice signs up and logs in; Bob signs up.
    static func make(_ requester: TestRequester) async throws -> HygieneScenario {
        let alice = try await requester.signUp("hygieneAlice", fields: ["mailAddress": "alice@example.com"])
        let bob = try await requester.signUp("hygieneBob")
        let login = try await requester.send(
            .post, "/2013-09-01/login",
            json: ["userName": "hygieneAlice", "password": .string(SecurityServer.password(of: "hygieneAlice"))], as: nil)
        let token = try #require(login.json?.objectValue?["sessionToken"]?.stringValue, "login answered \(login.text)")
        let secrets = [
            SecurityServer.password(of: "hygieneAlice"), SecurityServer.password(of: "hygieneBob"), alice.sessionToken,
            bob.sessionToken, token, "$2a$", "$2b$", "$2y$",
        ]
        return HygieneScenario(alice: alice, bob: bob, aliceLoginToken: token, secrets: secrets)
    }
}

/// A request that must never answer a password or session token (issue 4: "Password and session tokens never appear
/// in logs or responses other than their own").
enum HygieneProbe: String, Sendable, CaseIterable, CustomTestStringConvertible {
    case getOwnUser, getUserAsOther, getUserAnonymously, findUsers, findUsersByName, findUsersWithCount
    case includeUserPointer, roleMembers, getRole, updateOwnUser, changePassword, wrongPasswordLogin, logout

    var testDescription: String { rawValue }

    /// Sends the probe's request(s) and returns every answer to inspect.
    func responses(_ requester: TestRequester, _ scenario: HygieneScenario) async throws -> [TestResponse] {
        let alice = scenario.alice
        let aliceToken = scenario.aliceLoginToken
        let bobToken = scenario.bob.sessionToken
        let alicePath = "/2013-09-01/users/\(alice.objectId)"
        switch self {
        case .getOwnUser: return [try await requester.send(.get, alicePath, as: aliceToken)]
        case .getUserAsOther: return [try await requester.send(.get, alicePath, as: bobToken)]
        case .getUserAnonymously: return [try await requester.send(.get, alicePath, as: nil)]
        case .findUsers: return [try await requester.send(.get, "/2013-09-01/users", as: aliceToken)]
        case .findUsersByName:
            let target = "/2013-09-01/users?" + queryString([("where", #"{"userName":"hygieneAlice"}"#)])
            return [try await requester.send(.get, target, as: aliceToken)]
        case .findUsersWithCount:
            return [try await requester.send(.get, "/2013-09-01/users?count=1", as: bobToken)]
        case .includeUserPointer:
            _ = try await requester.create(
                "/2013-09-01/classes/Post", ["author": userPointer(alice.objectId)], as: bobToken)
            return [try await requester.send(.get, "/2013-09-01/classes/Post?include=author", as: bobToken)]
        case .roleMembers:
            let role = try await requester.createRole(
                ["roleName": "Readers", "belongUser": addRelation([userPointer(alice.objectId), userPointer(scenario.bob.objectId)])],
                as: bobToken)
            let condition: JSONValue = ["$relatedTo": ["object": rolePointer(role), "key": "belongUser"]]
            let target = "/2013-09-01/users?" + queryString([("where", jsonText(condition))])
            return [try await requester.send(.get, target, as: bobToken)]
        case .getRole:
            let role = try await requester.createRole(["roleName": "Viewers", "belongUser": addRelation([userPointer(alice.objectId)])], as: aliceToken)
            return [try await requester.send(.get, "/2013-09-01/roles/\(role)", as: aliceToken)]
        case .updateOwnUser: return [try await requester.send(.put, alicePath, json: ["nickname": "Al"], as: aliceToken)]
        case .changePassword:
            let update = try await requester.send(.put, alicePath, json: ["password": "Changed-Pw-77aa"], as: aliceToken)
            return [update, try await requester.send(.get, alicePath, as: aliceToken)]
        case .wrongPasswordLogin:
            let body: JSONValue = ["userName": "hygieneAlice", "password": .string(SecurityServer.password(of: "hygieneBob"))]
            return [try await requester.send(.post, "/2013-09-01/login", json: body, as: nil)]
        case .logout: return [try await requester.send(.get, "/2013-09-01/logout", as: aliceToken)]
        }
    }
}

/// Passwords and session tokens appear only in the sign-up and login answers that issue them, never in any other
/// answer and never in the logs (issue 4 "Security tests").
@Suite struct SecretHygieneTests {
    @Test(arguments: TestDatabase.engines, HygieneProbe.allCases)
    func answersNeverCarryPasswordsOrTokens(_ engine: StorageEngine, _ probe: HygieneProbe) async throws {
        try await TestApplication.with(engine: engine) { application in
            try await application.test { requester in
                let scenario = try await HygieneScenario.make(requester)

                let responses = try await probe.responses(requester, scenario)

                for (index, response) in responses.enumerated() {
                    let label = "\(probe) answer \(index + 1) (\(response.status.code))"
                    #expect(response.status.code < 500, "\(label): \(response.text)")
                    for secret in scenario.secrets + ["Changed-Pw-77aa"] {
                        #expect(!response.text.contains(secret), "\(label) contains a secret: \(response.text)")
                    }
                    #expect(secretKeys(in: response.json) == [], "\(label): \(response.text)")
                    for field in response.headers {
                        #expect(!scenario.secrets.contains { field.value.contains($0) }, "\(label): header \(field.name)")
                    }
                }
            }
        }
    }

    @Test(arguments: TestDatabase.engines)
    func signUpAndLoginAnswerOnlyTheirOwnToken(_ engine: StorageEngine) async throws {
        try await TestApplication.with(engine: engine) { application in
            try await application.test { requester in
                let password = SecurityServer.password(of: "soloUser")
                let signUp = try await requester.send(
                    .post, "/2013-09-01/users", json: ["userName": "soloUser", "password": .string(password)], as: nil)
                let firstToken = try #require(signUp.json?.objectValue?["sessionToken"]?.stringValue, "\(signUp.text)")
                let login = try await requester.send(
                    .post, "/2013-09-01/login", json: ["userName": "soloUser", "password": .string(password)], as: nil)
                let secondToken = try #require(login.json?.objectValue?["sessionToken"]?.stringValue, "\(login.text)")

                #expect(firstToken != secondToken)
                #expect(!signUp.text.contains(password) && signUp.json?.objectValue?["password"] == nil)
                #expect(!login.text.contains(password) && login.json?.objectValue?["password"] == nil)
                #expect(!login.text.contains(firstToken), "a login answers only its new token")
                #expect(!login.text.contains("$2"), "no password hash: \(login.text)")
            }
        }
    }

    @Test(arguments: TestDatabase.engines)
    func logsNeverCarryPasswordsOrTokens(_ engine: StorageEngine) async throws {
        let capture = SecurityLogCapture()
        try await TestApplication.with(engine: engine, environment: { $0.logger = capture.logger }) { application in
            try await application.test { requester in
                let secrets = try await LoggedAccountFlow.run(requester, application: application)

                #expect(!capture.recordedLines.isEmpty, "the capture saw no line: the check would be vacuous")
                for secret in secrets {
                    #expect(capture.lines(containing: secret) == [], "a log line contains a secret")
                }
            }
        }
    }
}

/// Every key named `password` or `sessionToken` anywhere in a JSON value (dotted paths).
func secretKeys(in value: JSONValue?, path: String = "") -> [String] {
    switch value {
    case .object(let object)?:
        return object.pairs.flatMap { pair -> [String] in
            let here = path.isEmpty ? pair.key : "\(path).\(pair.key)"
            return (["password", "sessionToken"].contains(pair.key) ? [here] : []) + secretKeys(in: pair.value, path: here)
        }
    case .array(let elements)?:
        return elements.enumerated().flatMap { secretKeys(in: $0.element, path: "\(path)[\($0.offset)]") }
    default:
        return []
    }
}
