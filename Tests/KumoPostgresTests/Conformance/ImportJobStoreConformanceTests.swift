import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// The dashboard's import jobs in the database (`ImportJobStore`, docs/decisions/0155-import-jobs-in-the-database.md):
/// listed per application, changed only by compare-and-set, claimed with a lease by exactly one runner, renewed by
/// their owner only, taken over once the lease ran out, and found for expiry.
@Suite struct ImportJobStoreConformanceTests {
    /// A job of the fixture application (or `applicationId`) created at `seconds`.
    static func job(
        _ id: String, state: String = "staging", at seconds: Int64 = 0, applicationId: String = Fixture.applicationId
    ) -> ImportJobRecord {
        ImportJobRecord(
            id: id, applicationId: applicationId, state: state, createDate: Fixture.date(seconds), activity: Fixture.date(seconds),
            document: ["files": .array([]), "createdBy": .string("ops@example.com")])
    }

    // MARK: Rows

    @Test(arguments: TestDatabase.engines)
    func jobsAreListedPerApplicationNewestFirstAndCounted(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            let store = storage.importJobs
            try await store.insert(Self.job("old", at: 1))
            try await store.insert(Self.job("new", state: "queued", at: 2))
            try await store.insert(Self.job("done", state: "finished", at: 3))
            try await store.insert(Self.job("other", at: 4, applicationId: "application2"))

            let listed = try await store.jobs(applicationId: Fixture.applicationId)
            let unfinished = try await store.unfinishedCount()
            let missing = try await store.job(id: "absent")

            #expect(listed.map(\.id) == ["done", "new", "old"])
            #expect(listed.last == Self.job("old", at: 1), "the document and every column read back as written")
            #expect(unfinished == 3)
            #expect(missing == nil)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func anUpdateFromAnOlderReadIsRefused(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            let store = storage.importJobs
            try await store.insert(Self.job("job1"))
            var first = try #require(try await store.job(id: "job1"))
            var second = first
            first.document["stagedBytes"] = .integer(10)
            second.document["stagedBytes"] = .integer(20)

            let won = try await store.update(first, condition: .version(first.version))
            let lost = try await store.update(second, condition: .version(second.version))
            let staleDelete = try await store.delete(id: "job1", version: first.version)
            let stored = try #require(try await store.job(id: "job1"))
            let delete = try await store.delete(id: "job1", version: stored.version)

            #expect(won?.version == 2 && won?.document["stagedBytes"] == 10)
            #expect(lost == nil)
            #expect(!staleDelete)
            #expect(stored.document["stagedBytes"] == 10)
            #expect(delete)
            #expect(try await store.job(id: "job1") == nil)
        }
    }

    // MARK: Leases

    @Test(arguments: TestDatabase.engines)
    func aQueuedJobIsClaimedOnceUntilItsLeaseRunsOutThenTakenOver(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            let store = storage.importJobs
            try await store.insert(Self.job("staged"))
            try await store.insert(Self.job("queued", state: "queued", at: 1))

            let claimed = try #require(try await store.claim(owner: "a", now: Fixture.date(10), leaseUntil: Fixture.date(20)))
            var running = claimed
            running.state = "running"
            let started = try #require(try await store.update(running, condition: .leasedBy("a")))
            let duringLease = try await store.claim(owner: "b", now: Fixture.date(20), leaseUntil: Fixture.date(30))
            let takenOver = try await store.claim(owner: "b", now: Fixture.date(21), leaseUntil: Fixture.date(31))
            let formerOwnerRenews = try await store.renew(id: "queued", owner: "a", leaseUntil: Fixture.date(40))
            var formerOwnerEnds = started
            formerOwnerEnds.state = "finished"
            let formerOwnerEnd = try await store.update(formerOwnerEnds, condition: .leasedBy("a"))

            #expect(claimed.id == "queued" && claimed.state == "queued" && claimed.leaseOwner == "a")
            #expect(claimed.leaseUntil == Fixture.date(20) && claimed.version == 2)
            #expect(duringLease == nil, "a lease holds up to its end")
            #expect(takenOver?.id == "queued" && takenOver?.state == "running" && takenOver?.leaseOwner == "b")
            #expect(!formerOwnerRenews && formerOwnerEnd == nil, "the runner that lost its lease changes nothing")
            #expect(try await store.job(id: "queued")?.state == "running")
        }
    }

    @Test(arguments: TestDatabase.engines)
    func onlyTheOwnerRenewsAndAnEndedJobIsNeitherRenewedNorClaimed(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            let store = storage.importJobs
            try await store.insert(Self.job("job1", state: "queued"))
            let claimed = try #require(try await store.claim(owner: "a", now: Fixture.date(0), leaseUntil: Fixture.date(10)))

            let byOther = try await store.renew(id: "job1", owner: "b", leaseUntil: Fixture.date(100))
            // The lease ran out at 10 but nobody claimed the job: its owner keeps it.
            let byOwner = try await store.renew(id: "job1", owner: "a", leaseUntil: Fixture.date(100))
            let afterRenewal = try await store.claim(owner: "b", now: Fixture.date(50), leaseUntil: Fixture.date(60))
            var ended = claimed
            ended.state = "finished"
            ended.leaseOwner = nil
            ended.leaseUntil = Fixture.date(0)
            _ = try #require(try await store.update(ended, condition: .leasedBy("a")))
            let renewEnded = try await store.renew(id: "job1", owner: "a", leaseUntil: Fixture.date(200))
            let claimEnded = try await store.claim(owner: "b", now: Fixture.date(500), leaseUntil: Fixture.date(600))

            #expect(!byOther && byOwner)
            #expect(afterRenewal == nil)
            #expect(!renewEnded && claimEnded == nil)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func exactlyOneOfTwoRacingClaimersGetsAJob(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            let store = storage.importJobs
            for round in 0..<12 {
                try await store.insert(Self.job("job\(round)", state: "queued", at: Int64(round)))
                async let first = store.claim(owner: "a", now: Fixture.date(1000), leaseUntil: Fixture.date(2000))
                async let second = store.claim(owner: "b", now: Fixture.date(1000), leaseUntil: Fixture.date(2000))
                let claims = [try await first, try await second].compactMap { $0 }

                #expect(claims.count == 1, "round \(round): \(claims.map { $0.leaseOwner ?? "-" })")
                #expect(claims.first?.id == "job\(round)")
                let stored = try await store.job(id: "job\(round)")
                #expect(stored?.leaseOwner == claims.first?.leaseOwner)
            }
        }
    }

    @Test(arguments: TestDatabase.engines)
    func exactlyOneOfTwoRacingUpdatesFromOneReadWins(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            let store = storage.importJobs
            for round in 0..<12 {
                try await store.insert(Self.job("job\(round)"))
                let read = try #require(try await store.job(id: "job\(round)"))
                var started = read
                started.state = "queued"
                var uploaded = read
                uploaded.document["files"] = .array(["Post.json"])
                async let first = store.update(started, condition: .version(read.version))
                async let second = store.update(uploaded, condition: .version(read.version))
                let winners = [try await first, try await second].compactMap { $0 }

                #expect(winners.count == 1, "round \(round)")
                #expect(try await store.job(id: "job\(round)") == winners.first)
            }
        }
    }

    // MARK: Expiry

    @Test(arguments: TestDatabase.engines)
    func inactiveStagingJobsAndLongEndedJobsExpireButQueuedAndRunningOnesNever(_ engine: StorageEngine) async throws {
        try await StorageUnderTest.with(engine) { storage in
            let store = storage.importJobs
            try await store.insert(Self.job("idle", at: 1))
            try await store.insert(Self.job("active", at: 50))
            try await store.insert(Self.job("failed", state: "failed", at: 2))
            try await store.insert(Self.job("finished", state: "finished", at: 90))
            try await store.insert(Self.job("queued", state: "queued", at: 0))
            try await store.insert(Self.job("running", state: "running", at: 0))

            let expired = try await store.expired(stagingBefore: Fixture.date(10), endedBefore: Fixture.date(60), limit: 10)
            let limited = try await store.expired(stagingBefore: Fixture.date(10), endedBefore: Fixture.date(60), limit: 1)

            #expect(expired.map(\.id) == ["idle", "failed"])
            #expect(limited.map(\.id) == ["idle"])
        }
    }
}
