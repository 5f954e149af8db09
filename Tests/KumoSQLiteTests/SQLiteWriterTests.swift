import KumoSQLite
import KumoStorage
import NCMBWire
import Testing

@Suite struct SQLiteWriterTests {
    // MARK: Tests

    @Test func concurrentCreatesAreAllStored() async throws {
        try await TemporaryStorage.with { storage in
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<200 {
                    group.addTask {
                        _ = try await storage.objects.create(Fixture.newObject("Bulk", "bulk\(index)", ["index": .integer(Int64(index))]))
                    }
                }
                try await group.waitForAll()
            }

            let found = try await storage.objects.find(
                Fixture.request("Bulk", QueryParameters(limit: 0, includesCount: true)), access: .anonymous)

            #expect(found.count == 200)
        }
    }

    @Test func aFailingUnitInABatchDoesNotAffectTheOthers() async throws {
        try await TemporaryStorage.with { storage in
            _ = try await storage.objects.create(Fixture.newObject("Bulk", "taken"))

            let outcomes = try await withThrowingTaskGroup(of: (String, Bool).self) { group in
                for index in 0..<50 {
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
            #expect(outcomes.filter { !$0.1 }.count == 5)
            #expect(outcomes.filter(\.1).map(\.0).sorted() == stored.filter { $0 != "taken" })
            #expect(stored.count == 46)
        }
    }

    @Test func closeFinishesQueuedWritesAndLaterCallsFail() async throws {
        let temporary = try TemporaryStorage()
        defer { temporary.remove() }
        let storage = try await temporary.open()

        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<20 {
                group.addTask { _ = try await storage.objects.create(Fixture.newObject("Bulk", "bulk\(index)")) }
            }
            try await group.waitForAll()
            try await storage.close()
        }

        let afterClose = await #expect(throws: StorageError.self) {
            _ = try await storage.objects.create(Fixture.newObject("Bulk", "late"))
        }
        let readAfterClose = await #expect(throws: StorageError.self) { try await storage.checkHealth() }
        guard case .unavailable? = afterClose, case .unavailable? = readAfterClose else {
            Issue.record("Expected unavailable, got \(String(describing: afterClose)) and \(String(describing: readAfterClose))")
            return
        }
        let reopened = try await temporary.open()
        let count = try await reopened.objects.find(
            Fixture.request("Bulk", QueryParameters(limit: 0, includesCount: true)), access: .bypass
        ).count
        try await reopened.close()
        #expect(count == 20)
    }

    @Test func aBatchOfOneStillCommits() async throws {
        let temporary = try TemporaryStorage()
        defer { temporary.remove() }
        let storage = try await temporary.open(maximumBatch: 1)

        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<10 {
                group.addTask { _ = try await storage.objects.create(Fixture.newObject("Bulk", "bulk\(index)")) }
            }
            try await group.waitForAll()
        }
        let stored = try await storage.matching("Bulk", .all)
        try await storage.close()

        #expect(stored.count == 10)
    }
}
