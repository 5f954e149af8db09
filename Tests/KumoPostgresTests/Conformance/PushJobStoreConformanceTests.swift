import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// The push delivery queue (`PushJobStore`, docs/wire/endpoints/push.md): a job per push with a due time, claimed with
/// a lease, completed, rescheduled, moved by `ObjectUpdate.pushDueAt` and removed with its push.
@Suite struct PushJobStoreConformanceTests {
    /// A push of the fixture application (or `applicationId`) whose job is due `seconds` after the fixed date.
    static func push(_ objectId: String, dueIn seconds: Int64, applicationId: String = Fixture.applicationId) -> NewObject {
        var push = Fixture.newObject("push", objectId, ["message": "hello"])
        push.key.applicationId = applicationId
        push.extras = .push(dueAt: Fixture.date(seconds))
        return push
    }

    /// Claims at `now` seconds with a lease ending at `leaseUntil` seconds.
    static func claim(_ storage: any StorageBackend, at now: Int64, leaseUntil: Int64? = nil, limit: Int = 100) async throws
        -> [PushJob]
    {
        try await storage.pushJobs.claimDue(now: Fixture.date(now), leaseUntil: Fixture.date(leaseUntil ?? now + 60), limit: limit)
    }

    // MARK: Claiming

    @Test(arguments: TestDatabase.engines)
    func aJobIsClaimableOnlyOnceItIsDue(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            _ = try await storage.objects.create(Self.push("push1", dueIn: 100))

            let early = try await Self.claim(storage, at: 99)
            let due = try await Self.claim(storage, at: 100)

            #expect(early.isEmpty)
            #expect(due == [PushJob(applicationId: Fixture.applicationId, pushId: "push1", dueAt: Fixture.date(100))])
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aClaimedJobIsNotClaimedAgainUntilItsLeaseHasEnded(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            _ = try await storage.objects.create(Self.push("push1", dueIn: 0))
            _ = try await Self.claim(storage, at: 10, leaseUntil: 70)

            let duringLease = try await Self.claim(storage, at: 50)
            let atLeaseEnd = try await Self.claim(storage, at: 70)
            let afterLease = try await Self.claim(storage, at: 71)

            #expect(duringLease.isEmpty)
            #expect(atLeaseEnd.isEmpty)
            #expect(afterLease.map(\.pushId) == ["push1"])
        }
    }

    @Test(arguments: TestDatabase.engines)
    func dueJobsAreClaimedOldestFirstUpToTheLimit(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            try await storage.createAll([
                Self.push("late", dueIn: 30), Self.push("early", dueIn: 10), Self.push("middle", dueIn: 20),
                Self.push("future", dueIn: 500),
            ])

            let first = try await Self.claim(storage, at: 100, limit: 2)
            let rest = try await Self.claim(storage, at: 100, limit: 2)

            #expect(first.map(\.pushId) == ["early", "middle"])
            #expect(rest.map(\.pushId) == ["late"])
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aClaimNamesTheApplicationOfEachPush(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            try await storage.createAll([
                Self.push("push1", dueIn: 1), Self.push("push1", dueIn: 2, applicationId: "application2"),
            ])

            let jobs = try await Self.claim(storage, at: 10)

            #expect(jobs.map(\.applicationId) == [Fixture.applicationId, "application2"])
        }
    }

    @Test(arguments: TestDatabase.engines)
    func objectsCreatedWithoutADueTimeHaveNoJob(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            _ = try await storage.objects.create(Fixture.newObject("push", "push1", ["message": "hello"]))

            #expect(try await Self.claim(storage, at: 1000).isEmpty)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func concurrentClaimersNeverLeaseTheSameJob(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            try await storage.createAll((0..<24).map { Self.push("push\($0)", dueIn: Int64($0)) })

            let claims = try await withThrowingTaskGroup(of: [PushJob].self) { group in
                for _ in 0..<6 { group.addTask { try await Self.claim(storage, at: 100, limit: 8) } }
                var all: [[PushJob]] = []
                for try await jobs in group { all.append(jobs) }
                return all
            }

            let pushIds = claims.flatMap { $0.map(\.pushId) }
            #expect(pushIds.count == 24)
            #expect(Set(pushIds).count == 24)
        }
    }

    // MARK: Completing and rescheduling

    @Test(arguments: TestDatabase.engines)
    func completingAJobRemovesIt(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            _ = try await storage.objects.create(Self.push("push1", dueIn: 0))
            let job = try #require(try await Self.claim(storage, at: 1).first)

            try await storage.pushJobs.complete(job)
            try await storage.pushJobs.complete(job)

            #expect(try await Self.claim(storage, at: 1000).isEmpty)
            #expect(try await storage.exists("push", "push1"))
        }
    }

    @Test(arguments: TestDatabase.engines)
    func reschedulingStoresAttemptsAndPendingInstallationsAndReleasesTheLease(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            _ = try await storage.objects.create(Self.push("push1", dueIn: 0))
            var job = try #require(try await Self.claim(storage, at: 1, leaseUntil: 500).first)
            job.attempts = 1
            job.pendingInstallationIds = ["installation2", "installation1"]

            try await storage.pushJobs.reschedule(job, dueAt: Fixture.date(200))

            #expect(try await Self.claim(storage, at: 199).isEmpty)
            let again = try await Self.claim(storage, at: 200)
            #expect(
                again == [
                    PushJob(
                        applicationId: Fixture.applicationId, pushId: "push1", dueAt: Fixture.date(200), attempts: 1,
                        pendingInstallationIds: ["installation2", "installation1"])
                ])
        }
    }

    @Test(arguments: TestDatabase.engines)
    func reschedulingWithoutPendingInstallationsStoresNone(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            _ = try await storage.objects.create(Self.push("push1", dueIn: 0))
            var job = try #require(try await Self.claim(storage, at: 1).first)
            job.attempts = 2
            job.pendingInstallationIds = []

            try await storage.pushJobs.reschedule(job, dueAt: Fixture.date(5))

            let again = try #require(try await Self.claim(storage, at: 5).first)
            #expect(again.attempts == 2)
            #expect(again.pendingInstallationIds == [])
        }
    }

    // MARK: Following the push

    @Test(arguments: TestDatabase.engines)
    func deletingThePushRemovesItsJob(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            try await storage.createAll([Self.push("push1", dueIn: 0), Self.push("push2", dueIn: 0)])

            try await storage.objects.delete(Fixture.key("push", "push1"), access: .bypass)

            #expect(try await Self.claim(storage, at: 10).map(\.pushId) == ["push2"])
        }
    }

    @Test(arguments: TestDatabase.engines)
    func anUpdateWithADueTimeMovesTheJob(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            _ = try await storage.objects.create(Self.push("push1", dueIn: 100))
            var update = AccountFixture.update("push", "push1", ["message": "later"])
            update.extras = .push(dueAt: Fixture.date(300))

            _ = try await storage.objects.update(update, access: .bypass)

            #expect(try await Self.claim(storage, at: 299).isEmpty)
            #expect(try await Self.claim(storage, at: 300).map(\.dueAt) == [Fixture.date(300)])
        }
    }

    @Test(arguments: TestDatabase.engines)
    func anUpdateDoesNotMoveAJobAlreadyAttempted(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            _ = try await storage.objects.create(Self.push("push1", dueIn: 0))
            var job = try #require(try await Self.claim(storage, at: 1).first)
            job.attempts = 1
            try await storage.pushJobs.reschedule(job, dueAt: Fixture.date(50))
            var update = AccountFixture.update("push", "push1", ["message": "later"])
            update.extras = .push(dueAt: Fixture.date(900))

            _ = try await storage.objects.update(update, access: .bypass)

            #expect(try await Self.claim(storage, at: 50).map(\.dueAt) == [Fixture.date(50)])
        }
    }
}
