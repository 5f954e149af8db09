import KumoSQLite
import KumoStorage
import NCMBWire
import Testing

@Suite struct SQLiteAccessTests {
    /// Users, roles (`Staff` ⊂ inherited by `Admin` through `Admin.belongRole ∋ Staff`, a cycle back to `Staff`) and
    /// documents readable by different principals.
    static func makeFixtures(_ storage: SQLiteStorage) async throws {
        for user in ["owner", "staffer", "outsider"] {
            _ = try await storage.objects.create(Fixture.newObject("user", user, ["userName": .string(user)]))
        }
        var staff = Fixture.newObject("role", "roleStaff", ["roleName": "Staff"])
        staff.operations.append((Fixture.field("belongUser"), .addRelation([Fixture.pointer("user", "staffer")])))
        _ = try await storage.objects.create(staff)
        var admin = Fixture.newObject("role", "roleAdmin", ["roleName": "Admin"])
        admin.operations.append((Fixture.field("belongRole"), .addRelation([Fixture.pointer("role", "roleStaff")])))
        _ = try await storage.objects.create(admin)
        let cycle = ObjectUpdate(
            key: Fixture.key("role", "roleStaff"), updateDate: Fixture.date(1),
            operations: [(Fixture.field("belongRole"), .addRelation([Fixture.pointer("role", "roleAdmin")]))]
        )
        _ = try await storage.objects.update(cycle, access: .bypass)
        let documents: [(String, AccessControlList)] = [
            ("public", .publicReadWrite),
            ("readOnly", AccessControlList(["*": .init(read: true), "owner": .init(read: true, write: true)])),
            ("ownerOnly", AccessControlList(["owner": .init(read: true, write: true)])),
            ("staffOnly", AccessControlList(["role:Staff": .init(read: true, write: true)])),
            ("adminOnly", AccessControlList(["role:Admin": .init(read: true)])),
            ("nobody", AccessControlList()),
            ("writeOnly", AccessControlList(["owner": .init(write: true)])),
        ]
        for (index, (objectId, acl)) in documents.enumerated() {
            _ = try await storage.objects.create(
                Fixture.newObject("Document", objectId, ["title": .string(objectId)], acl: acl, seconds: Int64(index)))
        }
    }

    static let readers: [(AccessContext, [String])] = [
        (.anonymous, ["public", "readOnly"]),
        (.user(objectId: "owner"), ["ownerOnly", "public", "readOnly"]),
        (.user(objectId: "staffer"), ["adminOnly", "public", "readOnly", "staffOnly"]),
        (.user(objectId: "outsider"), ["public", "readOnly"]),
        (.user(objectId: "unknown"), ["public", "readOnly"]),
        (.bypass, ["adminOnly", "nobody", "ownerOnly", "public", "readOnly", "staffOnly", "writeOnly"]),
    ]

    static let writes: [(AccessContext, String, StorageError?)] = [
        (.anonymous, "public", nil),
        (.anonymous, "readOnly", .denied),
        (.anonymous, "ownerOnly", .notFound),
        (.user(objectId: "owner"), "readOnly", nil),
        (.user(objectId: "owner"), "writeOnly", nil),
        (.user(objectId: "staffer"), "staffOnly", nil),
        (.user(objectId: "staffer"), "adminOnly", .denied),
        (.user(objectId: "outsider"), "staffOnly", .notFound),
        (.bypass, "nobody", nil),
    ]

    // MARK: Tests

    @Test(arguments: SQLiteAccessTests.readers)
    func findAndCountSeeOnlyReadableObjects(_ access: AccessContext, _ expected: [String]) async throws {
        try await TemporaryStorage.with { storage in
            try await SQLiteAccessTests.makeFixtures(storage)

            let found = try await storage.objects.find(
                Fixture.request("Document", QueryParameters(limit: 2, includesCount: true)), access: access)
            let all = try await storage.matching("Document", .all, access: access)

            #expect(all == expected)
            #expect(found.count == expected.count)
            #expect(found.objects.count == min(2, expected.count))
        }
    }

    @Test(arguments: SQLiteAccessTests.readers)
    func getReportsUnreadableObjectsAsNotFound(_ access: AccessContext, _ expected: [String]) async throws {
        try await TemporaryStorage.with { storage in
            try await SQLiteAccessTests.makeFixtures(storage)

            var readable: [String] = []
            for objectId in ["adminOnly", "nobody", "ownerOnly", "public", "readOnly", "staffOnly", "writeOnly"] {
                do {
                    _ = try await storage.objects.object(Fixture.key("Document", objectId), include: [], access: access)
                    readable.append(objectId)
                } catch StorageError.notFound {}
            }

            #expect(readable == expected)
        }
    }

    @Test(arguments: SQLiteAccessTests.writes)
    func updateChecksWritePermission(_ access: AccessContext, _ objectId: String, _ expected: StorageError?) async throws {
        try await TemporaryStorage.with { storage in
            try await SQLiteAccessTests.makeFixtures(storage)
            let update = ObjectUpdate(
                key: Fixture.key("Document", objectId), updateDate: Fixture.date(100),
                operations: [(Fixture.field("title"), .set("changed"))]
            )

            let outcome = await SQLiteAccessTests.outcome { _ = try await storage.objects.update(update, access: access) }
            let stored = try await storage.objects.object(Fixture.key("Document", objectId), include: [], access: .bypass)

            #expect(outcome == SQLiteAccessTests.describe(expected))
            #expect(stored.fields["title"] == (expected == nil ? "changed" : .string(objectId)))
        }
    }

    @Test(arguments: SQLiteAccessTests.writes)
    func deleteChecksWritePermission(_ access: AccessContext, _ objectId: String, _ expected: StorageError?) async throws {
        try await TemporaryStorage.with { storage in
            try await SQLiteAccessTests.makeFixtures(storage)

            let outcome = await SQLiteAccessTests.outcome {
                try await storage.objects.delete(Fixture.key("Document", objectId), access: access)
            }
            let remaining = try await storage.matching("Document", Fixture.whereField("objectId", .equalTo(.string(objectId))))

            #expect(outcome == SQLiteAccessTests.describe(expected))
            #expect(remaining == (expected == nil ? [] : [objectId]))
        }
    }

    @Test func aRoleChangeIsVisibleToTheNextQuery() async throws {
        try await TemporaryStorage.with { storage in
            try await SQLiteAccessTests.makeFixtures(storage)
            let join = ObjectUpdate(
                key: Fixture.key("role", "roleStaff"), updateDate: Fixture.date(2),
                operations: [(Fixture.field("belongUser"), .addRelation([Fixture.pointer("user", "outsider")]))]
            )

            _ = try await storage.objects.update(join, access: .bypass)

            #expect(
                try await storage.matching("Document", .all, access: .user(objectId: "outsider"))
                    == ["adminOnly", "public", "readOnly", "staffOnly"]
            )
        }
    }

    @Test func subQueriesApplyTheSameAccessFilter() async throws {
        try await TemporaryStorage.with { storage in
            try await SQLiteAccessTests.makeFixtures(storage)
            for (objectId, target) in [("link1", "staffOnly"), ("link2", "public")] {
                _ = try await storage.objects.create(
                    Fixture.newObject("Link", objectId, ["document": Fixture.pointer("Document", target).json]))
            }
            let query = Fixture.whereField("document", .inQuery(SubQuery(className: Fixture.className("Document"))))

            #expect(try await storage.matching("Link", query, access: .anonymous) == ["link2"])
            #expect(try await storage.matching("Link", query, access: .user(objectId: "staffer")) == ["link1", "link2"])
        }
    }

    // MARK: Helpers

    /// `"ok"` or the storage error's case name.
    static func outcome(_ body: () async throws -> Void) async -> String {
        do {
            try await body()
            return "ok"
        } catch let error as StorageError {
            return describe(error)
        } catch {
            return "\(error)"
        }
    }

    static func describe(_ error: StorageError?) -> String {
        switch error {
        case nil: "ok"
        case .notFound?: "notFound"
        case .denied?: "denied"
        case let other?: "\(other)"
        }
    }
}
