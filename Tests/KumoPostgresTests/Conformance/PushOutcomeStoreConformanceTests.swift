import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// Per-device push outcomes (`PushOutcomeStore`, docs/decisions/0082-per-device-push-outcomes.md): recorded in batches,
/// a device's latest outcome replacing its earlier one, listed newest first with a filter and a count, pruned by age
/// and removed with their push.
@Suite struct PushOutcomeStoreConformanceTests {
    /// A push of the fixture application.
    static func push(_ objectId: String) -> NewObject {
        Fixture.newObject("push", objectId, ["message": "hello"])
    }

    /// An outcome at `seconds` after the fixed date.
    static func outcome(
        _ installationId: String, _ kind: PushOutcome.Kind, code: String? = nil, attempt: Int = 1, at seconds: Int64 = 0
    ) -> PushOutcome {
        PushOutcome(
            installationId: installationId, deviceType: "ios", kind: kind, reasonCode: code,
            reason: code.map { "because \($0)" }, attempt: attempt, time: Fixture.date(seconds))
    }

    static func page(
        _ storage: any StorageBackend, _ pushId: String = "push1", kind: PushOutcome.Kind? = nil, limit: Int = 100, skip: Int = 0
    ) async throws -> PushOutcomePage {
        try await storage.pushOutcomes.outcomes(
            applicationId: Fixture.applicationId, pushId: pushId, kind: kind, limit: limit, skip: skip)
    }

    @Test(arguments: TestDatabase.engines)
    func outcomesAreRecordedAndListedNewestFirst(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            _ = try await storage.objects.create(Self.push("push1"))
            let delivered = Self.outcome("i1", .delivered, at: 1)
            let failed = Self.outcome("i2", .failed, code: "BadDeviceToken", at: 2)

            try await storage.pushOutcomes.record([delivered, failed], applicationId: Fixture.applicationId, pushId: "push1")
            let page = try await Self.page(storage)

            #expect(page.results == [failed, delivered])
            #expect(page.count == 2)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aLaterAttemptReplacesTheDevicesEarlierOutcome(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            _ = try await storage.objects.create(Self.push("push1"))
            let retrying = Self.outcome("i1", .retrying, code: "ServiceUnavailable", attempt: 1, at: 1)
            let delivered = Self.outcome("i1", .delivered, attempt: 2, at: 31)

            try await storage.pushOutcomes.record([retrying], applicationId: Fixture.applicationId, pushId: "push1")
            try await storage.pushOutcomes.record([delivered], applicationId: Fixture.applicationId, pushId: "push1")
            try await storage.pushOutcomes.record(
                [Self.outcome("i2", .failed, code: "a", at: 1), Self.outcome("i2", .failed, code: "b", at: 2)],
                applicationId: Fixture.applicationId, pushId: "push1")
            let page = try await Self.page(storage)

            #expect(page.results.first { $0.installationId == "i1" } == delivered)
            #expect(page.results.first { $0.installationId == "i2" }?.reasonCode == "b")
            #expect(page.count == 2)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func moreOutcomesThanOneStatementHoldsAreAllRecorded(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            _ = try await storage.objects.create(Self.push("push1"))
            let outcomes = (0..<(PushOutcomeStatements.maximumRowsPerStatement + 5)).map { Self.outcome("i\($0)", .delivered) }

            try await storage.pushOutcomes.record(outcomes, applicationId: Fixture.applicationId, pushId: "push1")

            #expect(try await Self.page(storage, limit: 1).count == outcomes.count)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func theListIsFilteredByOutcomeAndPaged(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            _ = try await storage.objects.create(Self.push("push1"))
            try await storage.pushOutcomes.record(
                [
                    Self.outcome("i1", .delivered, at: 1), Self.outcome("i2", .failed, code: "x", at: 2),
                    Self.outcome("i3", .failed, code: "y", at: 3), Self.outcome("i4", .retrying, code: "z", at: 4),
                ],
                applicationId: Fixture.applicationId, pushId: "push1")

            let failed = try await Self.page(storage, kind: .failed)
            let second = try await Self.page(storage, limit: 2, skip: 1)

            #expect(failed.results.map(\.installationId) == ["i3", "i2"] && failed.count == 2)
            #expect(second.results.map(\.installationId) == ["i3", "i2"] && second.count == 4)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func outcomesBelongToTheirPushAndApplication(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            var other = Self.push("push1")
            other.key.applicationId = "application2"
            try await storage.createAll([Self.push("push1"), Self.push("push2"), other])

            try await storage.pushOutcomes.record([Self.outcome("i1", .delivered)], applicationId: Fixture.applicationId, pushId: "push1")
            try await storage.pushOutcomes.record([Self.outcome("i9", .delivered)], applicationId: "application2", pushId: "push1")

            #expect(try await Self.page(storage).results.map(\.installationId) == ["i1"])
            #expect(try await Self.page(storage, "push2").count == 0)
            #expect(try await Self.page(storage, "missing").count == 0)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func recordingForAMissingPushStoresNothing(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            try await storage.pushOutcomes.record([Self.outcome("i1", .delivered)], applicationId: Fixture.applicationId, pushId: "gone")

            #expect(try await Self.page(storage, "gone").count == 0)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func outcomesAreDeletedWithTheirPush(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            try await storage.createAll([Self.push("push1"), Self.push("push2")])
            try await storage.pushOutcomes.record([Self.outcome("i1", .delivered)], applicationId: Fixture.applicationId, pushId: "push1")
            try await storage.pushOutcomes.record([Self.outcome("i1", .delivered)], applicationId: Fixture.applicationId, pushId: "push2")

            try await storage.objects.delete(Fixture.key("push", "push1"), access: .bypass)
            _ = try await storage.objects.create(Self.push("push1"))

            #expect(try await Self.page(storage, "push1").count == 0)
            #expect(try await Self.page(storage, "push2").count == 1)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func pruningDeletesTheOldestOutcomesBeforeTheDateUpToTheLimit(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            _ = try await storage.objects.create(Self.push("push1"))
            try await storage.pushOutcomes.record(
                [
                    Self.outcome("old1", .delivered, at: 1), Self.outcome("old2", .delivered, at: 2),
                    Self.outcome("old3", .delivered, at: 3), Self.outcome("new", .delivered, at: 100),
                ],
                applicationId: Fixture.applicationId, pushId: "push1")

            let first = try await storage.pushOutcomes.prune(before: Fixture.date(50), limit: 2)
            let afterFirst = try await Self.page(storage).results.map(\.installationId)
            let second = try await storage.pushOutcomes.prune(before: Fixture.date(50), limit: 2)
            let third = try await storage.pushOutcomes.prune(before: Fixture.date(50), limit: 2)

            #expect(first == 2 && afterFirst == ["new", "old3"])
            #expect(second == 1 && third == 0)
            #expect(try await Self.page(storage).results.map(\.installationId) == ["new"])
        }
    }
}
