import Foundation
import HTTPTypes
import HummingbirdTesting
import KumoServer
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// Sessions stay inside their application, and passwords and tokens cannot be probed through queries
/// (docs/wire/signature.md#session-token, docs/wire/endpoints/users.md,
/// docs/decisions/0009-authentication-failures.md).
@Suite struct SessionBoundaryTests {
    @Test(arguments: TestDatabase.engines)
    func aTokenOfAnotherApplicationIsRejected(_ engine: StorageEngine) async throws {
        try await TestApplication.with(engine: engine) { application in
            let keys = TestKeys.arbitrary
            try await application.storage.applications.create(
                HostedApplication(
                    applicationId: "SecondApplicationId", name: "second", applicationKey: keys.applicationKey,
                    clientKey: keys.clientKey, createDate: application.clock.now()))
            try await application.test { requester in
                let body = jsonText(["userName": "elsewhere", "password": "Elsewhere-Pw-3"])
                let signUp = try await requester.send(
                    .post, "/2013-09-01/users", body: body, applicationKey: keys.applicationKey, clientKey: keys.clientKey)
                let foreignToken = try #require(signUp.json?.objectValue?["sessionToken"]?.stringValue, "\(signUp.text)")
                let local = try await requester.signUp("localUser")

                let inFirst = try await requester.send(.get, "/2013-09-01/classes/Anything", as: foreignToken)
                let inSecond = try await requester.send(
                    .get, "/2013-09-01/classes/Anything", headers: ["X-NCMB-Apps-Session-Token": local.sessionToken],
                    applicationKey: keys.applicationKey, clientKey: keys.clientKey)

                expectError(inFirst, status: 401, code: "E401001", message: "Authentication error by header incorrect.", "foreign token")
                expectError(inSecond, status: 401, code: "E401001", message: "Authentication error by header incorrect.", "local token abroad")
            }
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aSessionTokenChosenByTheClientIsNeverAccepted(_ engine: StorageEngine) async throws {
        try await TestApplication.with(engine: engine) { application in
            try await application.test { requester in
                let chosenAtSignUp = "chosenAtSignUp0123456789"
                let chosenAtUpdate = "chosenAtUpdate0123456789"
                let user = try await requester.signUp("chooser", fields: ["sessionToken": .string(chosenAtSignUp)])
                _ = try await requester.send(
                    .put, "/2013-09-01/users/\(user.objectId)", json: ["sessionToken": .string(chosenAtUpdate)], as: user.sessionToken)

                #expect(user.sessionToken != chosenAtSignUp)
                for token in [chosenAtSignUp, chosenAtUpdate] {
                    expectError(
                        try await requester.send(.get, "/2013-09-01/users/\(user.objectId)", as: token), status: 401,
                        code: "E401001", message: "Authentication error by header incorrect.", "token \(token)")
                }
            }
        }
    }

    /// Conditions on `password` / `sessionToken` that would match if secrets were stored as fields (`$ne` is absent on
    /// purpose: it matches rows without the field, leak or not).
    static let secretConditions: [String] = [
        #"{"password":"<password>"}"#,
        #"{"password":{"$exists":true}}"#,
        #"{"password":{"$regex":"^Probe"}}"#,
        #"{"sessionToken":"<token>"}"#,
        #"{"sessionToken":{"$exists":true}}"#,
        #"{"userName":"probeUser","password":{"$in":["<password>"]}}"#,
        #"{"password":{"$gte":""}}"#,
    ]

    @Test(arguments: TestDatabase.engines, SessionBoundaryTests.secretConditions)
    func passwordsAndTokensAreNotQueryable(_ engine: StorageEngine, _ condition: String) async throws {
        try await TestApplication.with(engine: engine) { application in
            try await application.test { requester in
                let user = try await requester.signUp("probeUser")
                let text = condition.replacingOccurrences(of: "<password>", with: SecurityServer.password(of: "probeUser"))
                    .replacingOccurrences(of: "<token>", with: user.sessionToken)

                let response = try await requester.send(
                    .get, "/2013-09-01/users?" + queryString([("where", text), ("count", "1")]), as: user.sessionToken)

                #expect(response.status.code < 500, "\(response.text)")
                if response.status.code == 200 {
                    let body = try #require(response.json?.objectValue)
                    #expect(resultIds(body) == [], "\(condition) must match nothing: \(response.text)")
                    #expect(body["count"] == 0)
                }
            }
        }
    }

    @Test(arguments: TestDatabase.engines)
    func selectCannotCopyAPasswordIntoAnotherClass(_ engine: StorageEngine) async throws {
        try await TestApplication.with(engine: engine) { application in
            try await application.test { requester in
                let user = try await requester.signUp("selectedUser")
                let password = SecurityServer.password(of: "selectedUser")
                _ = try await requester.create("/2013-09-01/classes/Guess", ["guess": .string(password)], as: user.sessionToken)
                let condition: JSONValue = [
                    "guess": ["$select": ["query": ["className": "user", "where": ["userName": "selectedUser"]], "key": "password"]]
                ]

                let body = try await requester.find("/2013-09-01/classes/Guess", where: condition, as: user.sessionToken)

                #expect(resultIds(body) == [], "a $select of password matched a guess: \(body)")
            }
        }
    }
}
