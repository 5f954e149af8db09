import Foundation
import HTTPTypes
import HummingbirdTesting
import KumoImport
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// `kumo import` of the hand-made NCMB export on both engines (docs/decisions/0055-import-keeps-what-the-export-holds.md).
@Suite struct ImportTests {
    @Test(arguments: TestDatabase.engines)
    func importsEveryClassKeepingObjectIdsDatesACLsAndFields(_ engine: StorageEngine) async throws {
        try await TestApplication.with(engine: engine) { application in
            let (result, report) = try await ImportHarness.run(application, paths: [try ImportHarness.fixtures()])

            let counts = Dictionary(uniqueKeysWithValues: result.summary.classes.map { ($0.name, $0.counts.imported) })
            #expect(counts == ["user": 3, "role": 2, "installation": 2, "push": 1, "GameScore": 2, "Stage": 1])
            #expect(result.summary.total.failed == 0)
            #expect(await report.failures.isEmpty)
            #expect(result.summary.usersWithoutPassword == 3)
            #expect(result.summary.usersWithMailAddress == 1)
            #expect(result.passwordResetCandidates == [PasswordResetCandidate(objectId: "userAlice000001", mailAddress: "alice@example.com")])
            // rivals 2, belongUser 1 + 1, belongRole 1
            #expect(result.summary.relationMembers == 5)

            try await application.test { requester in
                let response = try await requester.send(.get, "/2013-09-01/classes/GameScore/score0000000001")
                #expect(response.status == .ok, "\(response.text)")
                let stored = try #require(response.json?.objectValue)
                let source = try Self.fixtureObject("GameScore.json", index: 0)
                for (key, value) in source where key != "rivals" {
                    #expect(stored[key] == value, "\(key)")
                }
                #expect(stored["rivals"] == ["__type": "Relation", "className": "user"])
            }
        }
    }

    @Test(arguments: TestDatabase.engines)
    func rebuildsRelationsAndRoleMembershipInTheSecondPass(_ engine: StorageEngine) async throws {
        try await TestApplication.with(engine: engine) { application in
            _ = try await ImportHarness.run(application, paths: [try ImportHarness.fixtures()])

            try await application.test { requester in
                let rivals = try await ImportHarness.objectIds(
                    requester, "users",
                    where: #"{"$relatedTo":{"object":{"__type":"Pointer","className":"GameScore","objectId":"score0000000001"},"key":"rivals"}}"#)
                #expect(rivals == ["userAnon0000003", "userBob00000002"])
                let admins = try await ImportHarness.objectIds(
                    requester, "users",
                    where: #"{"$relatedTo":{"object":{"__type":"Pointer","className":"role","objectId":"roleAdmin000001"},"key":"belongUser"}}"#)
                #expect(admins == ["userAlice000001"])
                let staffUsers = try await ImportHarness.objectIds(
                    requester, "users",
                    where: #"{"$relatedTo":{"object":{"__type":"Pointer","className":"role","objectId":"roleStaff000002"},"key":"belongUser"}}"#)
                #expect(staffUsers == ["userBob00000002"])
                let childRoles = try await ImportHarness.objectIds(
                    requester, "roles",
                    where: #"{"$relatedTo":{"object":{"__type":"Pointer","className":"role","objectId":"roleStaff000002"},"key":"belongRole"}}"#)
                #expect(childRoles == ["roleAdmin000001"])
            }
        }
    }

    @Test(arguments: TestDatabase.engines)
    func usersLogInAgainThroughTheirAuthDataAndNotWithTheExportedPassword(_ engine: StorageEngine) async throws {
        try await TestApplication.with(engine: engine) { application in
            _ = try await ImportHarness.run(application, paths: [try ImportHarness.fixtures()])

            try await application.test { requester in
                let session = try await ImportHarness.anonymousSession(requester)
                // The object only the anonymous user may read answers its session.
                let mine = try await requester.send(
                    .get, "/2013-09-01/classes/GameScore/score0000000002", headers: ["X-NCMB-Apps-Session-Token": session])
                #expect(mine.status == .ok, "\(mine.text)")
                let anonymous = try await requester.send(.get, "/2013-09-01/classes/GameScore/score0000000002")
                #expect(anonymous.status == .notFound)
                let login = try await requester.send(
                    .post, "/2013-09-01/login", body: #"{"userName":"alice","password":"$2a$10$encryptedByNcmbXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX"}"#)
                #expect(login.status == .unauthorized, "\(login.text)")
            }
            let alice = try #require(try await ImportHarness.stored(application, .user).first { $0.objectId == "userAlice000001" })
            #expect(alice.fields["password"] == nil)
            #expect(alice.fields["mailAddress"] == "alice@example.com")
        }
    }

    @Test(arguments: TestDatabase.engines)
    func keepsInstallationsDeviceTokensAndPushHistory(_ engine: StorageEngine) async throws {
        try await TestApplication.with(engine: engine) { application in
            _ = try await ImportHarness.run(application, paths: [try ImportHarness.fixtures()])

            let installations = try await ImportHarness.stored(application, .installation)
            #expect(installations.map(\.objectId) == ["instAndroid0002", "instIos00000001"])
            #expect(installations.last?.fields["deviceToken"] == "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef")
            let pushes = try await ImportHarness.stored(application, .push)
            #expect(pushes.map(\.objectId) == ["pushSent0000001"])
            #expect(pushes.first?.fields["deliveryNumber"] == 2)
            #expect(pushes.first?.createDate == WireDate(parsing: "2019-01-01T00:00:00.000Z"))
        }
    }

    /// One object of a fixture file, as parsed JSON.
    static func fixtureObject(_ file: String, index: Int) throws -> JSONObject {
        var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: try ImportHarness.fixtures()).appendingPathComponent(file)))
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        let value = try JSONValue(parsing: bytes)
        let elements = value.arrayValue ?? value.objectValue?["results"]?.arrayValue ?? []
        return try #require(elements[index].objectValue)
    }
}
