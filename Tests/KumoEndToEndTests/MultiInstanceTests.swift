import Foundation
import KumoTestSupport
import NCMBWire
import NIOHTTP1
import Testing

/// Two real `kumo serve` processes on one PostgreSQL database (issue 6; docs/architecture.md#scale-out).
@Suite(.serialized, .enabled(if: TestDatabase.runsPostgres, TestDatabase.skipReason))
struct MultiInstanceTests {
    /// Starts `count` instances on a fresh database that already has the test application.
    func withInstances<Value>(
        _ count: Int, extraArguments: [String] = [], _ body: ([MultiInstanceKumo], String) async throws -> Value
    ) async throws -> Value {
        try await TestDatabase.withScratchDatabase { configuration in
            let url = TestDatabase.url(of: configuration)
            try MultiInstanceKumo.createApplication(databaseURL: url)
            let instances = (0..<count).map { _ in MultiInstanceKumo(databaseURL: url, extraArguments: extraArguments) }
            defer { for instance in instances { instance.stop() } }
            for instance in instances { try instance.start() }
            return try await body(instances, url)
        }
    }

    /// The objectId of a create response.
    func objectId(_ response: (status: Int, body: String)) throws -> String {
        try #require(try JSONValue(parsing: response.body).objectValue?["objectId"]?.stringValue)
    }

    // MARK: Tests

    @Test func anObjectWrittenThroughOneInstanceIsReadThroughTheOther() async throws {
        try await withInstances(2) { instances, _ in
            let created = try await instances[0].send(.POST, "/2013-09-01/classes/Food", body: #"{"name":"ramen","price":900}"#)
            let objectId = try objectId(created)

            let read = try await instances[1].send(.GET, "/2013-09-01/classes/Food/\(objectId)")
            let found = try await instances[1].send(
                .GET, "/2013-09-01/classes/Food", query: "where=%7B%22price%22:%7B%22$gte%22:900%7D%7D&count=1")

            #expect(created.status == 201)
            #expect(read.status == 200)
            #expect(try JSONValue(parsing: read.body).objectValue?["name"] == "ramen")
            #expect(try JSONValue(parsing: found.body).objectValue?["count"] == 1)
        }
    }

    @Test func incrementsSentToBothInstancesAreAllApplied() async throws {
        try await withInstances(2) { instances, _ in
            let objectId = try objectId(try await instances[0].send(.POST, "/2013-09-01/classes/Counter", body: #"{"value":0}"#))

            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for index in 0..<40 {
                    let instance = instances[index % 2]
                    group.addTask {
                        try await instance.send(
                            .PUT, "/2013-09-01/classes/Counter/\(objectId)", body: #"{"value":{"__op":"Increment","amount":1}}"#
                        )
                        .status
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            let read = try await instances[1].send(.GET, "/2013-09-01/classes/Counter/\(objectId)")

            #expect(statuses.allSatisfy { $0 == 200 })
            #expect(try JSONValue(parsing: read.body).objectValue?["value"] == 40)
        }
    }

    @Test func instancesStartingTogetherOnAnEmptyDatabaseMigrateOnceAndShareTheDefaultApplication() async throws {
        try await TestDatabase.withScratchDatabase { configuration in
            let url = TestDatabase.url(of: configuration)
            let instances = (0..<3).map { _ in MultiInstanceKumo(databaseURL: url) }
            defer { for instance in instances { instance.stop() } }

            try await withThrowingTaskGroup(of: Void.self) { group in
                for instance in instances { group.addTask { try instance.start() } }
                try await group.waitForAll()
            }
            var readiness: [Int] = []
            for instance in instances { readiness.append(try await instance.readiness()) }
            let applied = try await TestDatabase.appliedMigrationCount(of: configuration)

            #expect(readiness == [200, 200, 200])
            #expect(applied == TestDatabase.migrationCount)
        }
    }

    /// Bounded by the time limit (a request that hung would fail it), not by a wall-clock assertion.
    @Test(.timeLimit(.minutes(3))) func aDatabaseOutageFailsRequestsWithinTheTimeoutAndServiceComesBackByItself() async throws {
        try await TestDatabase.withScratchDatabase { configuration in
            let url = TestDatabase.url(of: configuration)
            try MultiInstanceKumo.createApplication(databaseURL: url)
            let instance = MultiInstanceKumo(databaseURL: url, extraArguments: ["--database-timeout", "5"])
            defer { instance.stop() }
            try instance.start()
            let before = try objectId(try await instance.send(.POST, "/2013-09-01/classes/Outage", body: #"{"phase":"before"}"#))

            try await TestDatabase.setConnectionsAllowed(false, database: configuration)
            let during = try await instance.send(.POST, "/2013-09-01/classes/Outage", body: #"{"phase":"during"}"#)
            let readinessDuring = try await instance.readiness()
            try await TestDatabase.setConnectionsAllowed(true, database: configuration)
            var after = try await instance.send(.POST, "/2013-09-01/classes/Outage", body: #"{"phase":"after"}"#)
            for _ in 0..<60 where after.status != 201 {
                try await Task.sleep(for: .milliseconds(250))
                after = try await instance.send(.POST, "/2013-09-01/classes/Outage", body: #"{"phase":"after"}"#)
            }
            let survivor = try await instance.send(.GET, "/2013-09-01/classes/Outage/\(before)")

            #expect([500, 503].contains(during.status))
            let code = try JSONValue(parsing: during.body).objectValue?["code"]?.stringValue
            #expect(code == "E503001" || code == "E500001")
            #expect(readinessDuring == 503)
            #expect(after.status == 201)
            #expect(survivor.status == 200)
        }
    }

    @Test func aSessionCreatedOnOneInstanceWorksOnTheOtherUntilALogoutOnEither() async throws {
        try await withInstances(2) { instances, _ in
            let signUp = try await instances[0].send(.POST, "/2013-09-01/users", body: #"{"userName":"multi","password":"secret-1"}"#)
            let user = try JSONValue(parsing: signUp.body).objectValue ?? [:]
            let userId = try #require(user["objectId"]?.stringValue)
            let token = try #require(user["sessionToken"]?.stringValue)
            let path = "/2013-09-01/users/\(userId)"

            let updated = try await instances[1].send(.PUT, path, body: #"{"nickname":"one"}"#, sessionToken: token)
            let anonymous = try await instances[1].send(.PUT, path, body: #"{"nickname":"two"}"#)
            let logout = try await instances[1].send(.GET, "/2013-09-01/logout", sessionToken: token)
            let afterLogout = try await instances[0].send(.PUT, path, body: #"{"nickname":"three"}"#, sessionToken: token)
            let read = try await instances[0].send(.GET, path)

            #expect(signUp.status == 201)
            #expect(updated.status == 200, "\(updated.body)")
            #expect(anonymous.status == 403)  // E403001: the user's ACL, checked on the other instance
            #expect(logout.status == 200)
            #expect(afterLogout.status == 401)
            #expect(try JSONValue(parsing: afterLogout.body).objectValue?["code"] == "E401001")
            #expect(try JSONValue(parsing: read.body).objectValue?["nickname"] == "one")
        }
    }
}
