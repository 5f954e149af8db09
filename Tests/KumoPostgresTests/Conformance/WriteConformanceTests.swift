import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// Concurrency and atomicity of writes: what SQLite's group commit and PostgreSQL's transactions must both guarantee.
@Suite struct WriteConformanceTests {
    // MARK: Tests

    @Test(arguments: TestDatabase.engines)
    func concurrentCreatesAreAllStored(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<100 {
                    group.addTask {
                        _ = try await storage.objects.create(Fixture.newObject("Bulk", "bulk\(index)", ["index": .integer(Int64(index))]))
                    }
                }
                try await group.waitForAll()
            }

            let found = try await storage.objects.find(
                Fixture.request("Bulk", QueryParameters(limit: 0, includesCount: true)), access: .anonymous)

            #expect(found.count == 100)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aFailingUnitDoesNotAffectConcurrentOnes(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            _ = try await storage.objects.create(Fixture.newObject("Bulk", "taken"))

            let outcomes = try await withThrowingTaskGroup(of: (String, Bool).self) { group in
                for index in 0..<30 {
                    let objectId = index % 10 == 0 ? "taken" : "bulk\(index)"
                    group.addTask {
                        do {
                            _ = try await storage.objects.create(Fixture.newObject("Bulk", objectId, ["index": .integer(Int64(index))]))
                            return (objectId, true)
                        } catch StorageError.duplicate {
                            return (objectId, false)
                        }
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }

            let stored = try await storage.matching("Bulk", .all)
            #expect(outcomes.filter { !$0.1 }.count == 3)
            #expect(outcomes.filter(\.1).map(\.0).sorted() == stored.filter { $0 != "taken" })
            #expect(stored.count == 28)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aFailedUpdateRollsBackItsEarlierStatements(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            _ = try await storage.objects.create(Fixture.newObject("user", "user1"))
            _ = try await storage.objects.create(Fixture.newObject("Group", "group1", ["name": "text"]))
            let update = ObjectUpdate(
                key: Fixture.key("Group", "group1"), updateDate: Fixture.date(1),
                operations: [
                    (Fixture.field("members"), .addRelation([Fixture.pointer("user", "user1")])), (Fixture.field("name"), .increment(1)),
                ]
            )

            await #expect(throws: StorageError.self) { _ = try await storage.objects.update(update, access: .bypass) }

            let members = WhereQuery([.relatedTo(owner: Fixture.pointer("Group", "group1"), key: Fixture.field("members"))])
            #expect(try await storage.matching("user", members) == [])
        }
    }

    @Test(arguments: TestDatabase.engines)
    func concurrentIncrementsAreAllApplied(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            _ = try await storage.objects.create(Fixture.newObject("Counter", "counter1", ["value": 0, "tags": []]))

            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<40 {
                    group.addTask {
                        let update = ObjectUpdate(
                            key: Fixture.key("Counter", "counter1"), updateDate: Fixture.date(Int64(index)),
                            operations: [
                                (Fixture.field("value"), .increment(1)), (Fixture.field("tags"), .addUnique([.integer(Int64(index % 8))])),
                            ]
                        )
                        _ = try await storage.objects.update(update, access: .anonymous)
                    }
                }
                try await group.waitForAll()
            }

            let counter = try await storage.objects.object(Fixture.key("Counter", "counter1"), include: [], access: .anonymous)
            #expect(counter.fields["value"] == 40)
            #expect(counter.fields["tags"]?.arrayValue?.compactMap(\.integerValue).sorted() == (0..<8).map { Int64($0) })
        }
    }

    @Test(arguments: TestDatabase.engines)
    func concurrentDeletesOfOneObjectSucceedOnce(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            _ = try await storage.objects.create(Fixture.newObject("Bulk", "victim"))

            let outcomes = try await withThrowingTaskGroup(of: Bool.self) { group in
                for _ in 0..<10 {
                    group.addTask {
                        do {
                            try await storage.objects.delete(Fixture.key("Bulk", "victim"), access: .anonymous)
                            return true
                        } catch StorageError.notFound {
                            return false
                        }
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }

            #expect(outcomes.filter { $0 }.count == 1)
            #expect(try await storage.matching("Bulk", .all) == [])
        }
    }
}
