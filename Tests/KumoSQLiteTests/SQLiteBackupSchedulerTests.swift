import Foundation
import KumoSQLite
import KumoStorage
import Logging
import NCMBWire
import Synchronization
import Testing

/// The scheduled backups of `kumo serve --backup-every 6h --backup-keep 2` (docs/decisions/0059-backups.md), driven by
/// a clock the test advances: no waiting for real time.
@Suite struct SQLiteBackupSchedulerTests {
    /// Stands in for `Task.sleep`: each sleep returns when the test calls ``advance()`` (once per call, in order).
    actor ManualTimer {
        private(set) var requested: [Duration] = []
        private var sleeper: CheckedContinuation<Void, Never>?
        private var advances = 0

        func sleep(_ duration: Duration) async {
            requested.append(duration)
            if advances > 0 {
                advances -= 1
                return
            }
            await withCheckedContinuation { sleeper = $0 }
        }

        func advance() {
            if let sleeper {
                self.sleeper = nil
                sleeper.resume()
            } else {
                advances += 1
            }
        }
    }

    /// The outcomes the scheduler reported; a waiter resumes once a number of them is reached.
    actor Outcomes {
        private(set) var reports: [SQLiteBackup.Report] = []
        private(set) var failures: [String] = []
        private var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

        func add(_ outcome: Result<SQLiteBackup.Report, any Error>) {
            switch outcome {
            case .success(let report): reports.append(report)
            case .failure(let error): failures.append("\(error)")
            }
            let total = reports.count + failures.count
            let ready = waiters.filter { $0.count <= total }
            waiters.removeAll { $0.count <= total }
            for waiter in ready { waiter.continuation.resume() }
        }

        func wait(for count: Int) async {
            guard reports.count + failures.count < count else { return }
            await withCheckedContinuation { waiters.append((count, $0)) }
        }
    }

    /// Runs `schedule` as `kumo serve` does, sleeping on `timer`; backup number n is dated n intervals after
    /// ``Fixture/date(_:)``'s origin.
    static func start(
        _ schedule: SQLiteBackupSchedule, source: TemporaryStorage, logger: Logger, timer: ManualTimer, outcomes: Outcomes
    ) -> Task<Void, any Error> {
        let taken = Mutex<Int64>(0)
        let seconds = schedule.interval.components.seconds
        return Task {
            try await schedule.runRepeatedly(
                databasePath: source.databasePath, blobDirectory: source.databasePath + "-files", logger: logger,
                sleep: { await timer.sleep($0) },
                now: { Fixture.date(taken.withLock { $0 += 1; return $0 } * seconds) },
                completed: { await outcomes.add($0) })
        }
    }

    /// Cancels the scheduler and lets its pending sleep return, so that it ends.
    static func stop(_ scheduler: Task<Void, any Error>, timer: ManualTimer) async throws {
        scheduler.cancel()
        await timer.advance()
        try await scheduler.value
    }

    @Test func eachIntervalWritesAVerifiedBackupAndOnlyTheNewestKeepStay() async throws {
        let source = try TemporaryStorage()
        defer { source.remove() }
        let storage = try await source.open()
        _ = try await storage.objects.create(Fixture.newObject("GameScore", "object1", ["score": .integer(1)]))
        let backups = source.directory.appendingPathComponent("backups")
        try FileManager.default.createDirectory(at: backups, withIntermediateDirectories: true)
        try Data("not a backup".utf8).write(to: backups.appendingPathComponent("notes.txt"))
        let schedule = try SQLiteBackupSchedule(every: "6h", keep: 2, directory: backups.path)
        let timer = ManualTimer()
        let outcomes = Outcomes()
        let scheduler = Self.start(schedule, source: source, logger: TemporaryStorage.logger, timer: timer, outcomes: outcomes)

        await timer.advance()
        await outcomes.wait(for: 1)
        let afterFirst = try FileManager.default.contentsOfDirectory(atPath: backups.path).sorted()
        _ = try await storage.objects.create(Fixture.newObject("GameScore", "object2", ["score": .integer(2)]))
        await timer.advance()
        await outcomes.wait(for: 2)
        _ = try await storage.objects.create(Fixture.newObject("GameScore", "object3", ["score": .integer(3)]))
        await timer.advance()
        await outcomes.wait(for: 3)
        try await Self.stop(scheduler, timer: timer)
        try await storage.close()

        let first = SQLiteBackupSchedule.fileName(at: Fixture.date(6 * 3600))
        let second = SQLiteBackupSchedule.fileName(at: Fixture.date(12 * 3600))
        let third = SQLiteBackupSchedule.fileName(at: Fixture.date(18 * 3600))
        #expect(afterFirst == [first, "notes.txt"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: backups.path).sorted() == [second, third, "notes.txt"])
        #expect(await outcomes.failures.isEmpty)
        let reports = await outcomes.reports
        #expect(reports.map { URL(fileURLWithPath: $0.path).lastPathComponent } == [first, second, third])
        #expect(reports.map(\.objects) == [1, 2, 3])
        #expect(await timer.requested.allSatisfy { $0 == .seconds(6 * 3600) })
        // Three sleeps came before the three backups (a fourth may have begun before the cancellation).
        #expect(await timer.requested.count >= 3)

        // The newest backup passes the integrity check and restores every object written before it.
        let newest = backups.appendingPathComponent(third).path
        #expect(try await SQLiteBackup.integrityCheck(path: newest) == "ok")
        let target = try TemporaryStorage()
        defer { target.remove() }
        let restored = try await SQLiteBackup.restore(backupPath: newest, databasePath: target.databasePath, blobDirectory: target.databasePath + "-files")
        #expect(restored.objects == 3)
        let reopened = try await target.open()
        let stored = try await reopened.bulk.objects(
            applicationId: TemporaryStorage.applicationId, className: Fixture.className("GameScore"), after: nil, limit: 10)
        try await reopened.close()
        #expect(stored.map(\.objectId) == ["object1", "object2", "object3"])
    }

    /// A logger that keeps the expected "backup failed" line out of the test output.
    static let quietLogger: Logger = {
        var logger = Logger(label: "kumo.sqlite.tests.scheduler")
        logger.logLevel = .critical
        return logger
    }()

    @Test func aFailedBackupIsReportedAndTheNextOneIsTriedOnTime() async throws {
        let source = try TemporaryStorage()
        defer { source.remove() }
        let storage = try await source.open()
        _ = try await storage.objects.create(Fixture.newObject("GameScore", "object1"))
        // The backup folder is a file at first: the first backup fails; then it is replaced by a folder.
        let backups = source.directory.appendingPathComponent("backups")
        try Data().write(to: backups)
        let schedule = try SQLiteBackupSchedule(every: "30m", keep: 3, directory: backups.path)
        let timer = ManualTimer()
        let outcomes = Outcomes()
        let scheduler = Self.start(schedule, source: source, logger: Self.quietLogger, timer: timer, outcomes: outcomes)

        await timer.advance()
        await outcomes.wait(for: 1)
        try FileManager.default.removeItem(at: backups)
        await timer.advance()
        await outcomes.wait(for: 2)
        try await Self.stop(scheduler, timer: timer)
        try await storage.close()

        #expect(await outcomes.failures.count == 1)
        #expect(await outcomes.reports.map(\.objects) == [1])
        #expect(try FileManager.default.contentsOfDirectory(atPath: backups.path) == [SQLiteBackupSchedule.fileName(at: Fixture.date(3600))])
    }
}
