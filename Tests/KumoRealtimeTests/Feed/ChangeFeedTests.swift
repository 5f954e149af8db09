import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// The storage change feed (docs/architecture.md#change-feed) on both engines: committed writes in commit order with
/// their images, ended sessions, nothing for writes that roll back.
@Suite struct ChangeFeedTests {
    static let applicationId = "TestApplicationId"

    static func key(_ objectId: String, className: String = "Counter") -> ObjectKey {
        ObjectKey(applicationId: applicationId, className: ClassName(className) ?? .user, objectId: objectId)
    }

    /// Takes events from a listener until `count` object changes arrived (bounded).
    static func changes(_ listener: ChangeFeedListener, count: Int) async -> [StorageChange] {
        let mailbox = Mailbox<StorageChange>()
        let pump = Task {
            for await event in listener.events {
                if case .changes(let changes) = event { for change in changes { mailbox.put(change) } }
            }
        }
        defer { pump.cancel() }
        var received: [StorageChange] = []
        while received.count < count, let change = await mailbox.next(within: RealtimeTestClient.patience) {
            received.append(change)
        }
        return received
    }

    @Test(arguments: TestDatabase.engines)
    func updatesOfOneObjectArriveInCommitOrder(_ engine: StorageEngine) async throws {
        try await RealtimeTestServer.withStorage(engine) { storages in
            let storage = storages[0]
            let feed = try #require(storage.changeFeed)
            let listener = try await feed.listen()
            let counter = ChangeFeedTests.key("counter000000001")
            _ = try await storage.objects.create(
                NewObject(
                    key: counter, createDate: WireDate(millisecondsSince1970: 0), operations: [(FieldName(constant: "n"), .set(0))],
                    acl: .publicReadWrite))
            // Concurrent increments: the writer (SQLite) or row locks (PostgreSQL) decide their order.
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 1...40 {
                    group.addTask {
                        _ = try await storage.objects.update(
                            ObjectUpdate(
                                key: counter, updateDate: WireDate(millisecondsSince1970: Int64(index)),
                                operations: [(FieldName(constant: "n"), .increment(1))]),
                            access: .bypass)
                    }
                }
                try await group.waitForAll()
            }

            let received = await ChangeFeedTests.changes(listener, count: 41)
            listener.stop()

            let values = received.compactMap { change -> Int64? in
                guard case .object(let object) = change else { return nil }
                return object.after?.fields["n"]?.integerValue
            }
            #expect(values == Array(0...40))
            let befores = received.dropFirst().compactMap { change -> Int64? in
                guard case .object(let object) = change else { return nil }
                return object.before?.fields["n"]?.integerValue
            }
            #expect(befores == Array(0...39))
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aDeleteCarriesItsBeforeImageAndEndedSessionsArePublished(_ engine: StorageEngine) async throws {
        try await RealtimeTestServer.withStorage(engine) { storages in
            let storage = storages[0]
            let feed = try #require(storage.changeFeed)
            let application = try await RealtimeTestServer.createApplication(in: storage, clock: TestClock())
            let listener = try await feed.listen()
            let user = ObjectKey(applicationId: application.applicationId, className: .user, objectId: "user000000000001")
            _ = try await storage.objects.create(
                NewObject(
                    key: user, createDate: WireDate(millisecondsSince1970: 0), operations: [(FieldName(constant: "userName"), .set("a"))],
                    acl: .publicReadWrite))
            let grant = SessionGrant(
                tokenHash: "hash1", createDate: WireDate(millisecondsSince1970: 0), expiresAt: WireDate(millisecondsSince1970: 1_000_000),
                endsOtherSessions: false)
            try await storage.accounts.createSession(grant, applicationId: application.applicationId, userObjectId: user.objectId)
            try await storage.accounts.deleteSession(tokenHash: "hash1", applicationId: application.applicationId)
            try await storage.objects.delete(user, access: .bypass)

            let received = await ChangeFeedTests.changes(listener, count: 3)
            listener.stop()

            #expect(received.count == 3)
            #expect(received.dropFirst().first == .sessionsEnded(applicationId: application.applicationId, tokenHashes: ["hash1"]))
            guard case .object(let deleted)? = received.last else {
                Issue.record("no delete")
                return
            }
            #expect(deleted.kind == .delete && deleted.after == nil && deleted.before?.fields["userName"] == "a")
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aWriteThatRollsBackPublishesNothing(_ engine: StorageEngine) async throws {
        try await RealtimeTestServer.withStorage(engine) { storages in
            let storage = storages[0]
            let feed = try #require(storage.changeFeed)
            let listener = try await feed.listen()
            let first = ChangeFeedTests.key("object0000000001", className: "Thing")
            _ = try await storage.objects.create(
                NewObject(key: first, createDate: WireDate(millisecondsSince1970: 0), operations: [], acl: .publicReadWrite))
            // A duplicate objectId fails inside its unit; a failing batch transaction rolls everything back.
            await #expect(throws: StorageError.self) {
                _ = try await storage.objects.create(
                    NewObject(key: first, createDate: WireDate(millisecondsSince1970: 0), operations: [], acl: .publicReadWrite))
            }
            struct Abandoned: Error {}
            await #expect(throws: Abandoned.self) {
                try await storage.transaction { unit in
                    _ = try await unit.objects.create(
                        NewObject(
                            key: ChangeFeedTests.key("object0000000002", className: "Thing"),
                            createDate: WireDate(millisecondsSince1970: 0),
                            operations: [], acl: .publicReadWrite))
                    throw Abandoned()
                }
            }
            let last = ChangeFeedTests.key("object0000000003", className: "Thing")
            _ = try await storage.objects.create(
                NewObject(key: last, createDate: WireDate(millisecondsSince1970: 0), operations: [], acl: .publicReadWrite))

            let received = await ChangeFeedTests.changes(listener, count: 2)
            listener.stop()

            let objectIds = received.compactMap { change -> String? in
                guard case .object(let object) = change else { return nil }
                return object.objectId
            }
            #expect(objectIds == ["object0000000001", "object0000000003"])
        }
    }

    @Test func aChangeSurvivesItsTextForm() throws {
        let object = StoredObject(
            objectId: "o1", createDate: WireDate(millisecondsSince1970: 1), updateDate: WireDate(millisecondsSince1970: 2),
            acl: AccessControlList(["role:Staff": .init(read: true)]), fields: ["text": "日本\"x", "n": 1.5])
        let changes: [StorageChange] = [
            .object(ObjectChange(kind: .update, applicationId: "app", className: .role, before: object, after: object)),
            .object(ObjectChange(kind: .create, applicationId: "app", className: ClassName(constant: "Note"), before: nil, after: object)),
            .sessionsEnded(applicationId: "app", tokenHashes: ["a", "b"]),
        ]

        for change in changes {
            #expect(try StorageChange(encoded: change.encoded) == change)
        }
        #expect(throws: StorageError.self) { try StorageChange(encoded: "{}") }
    }
}
