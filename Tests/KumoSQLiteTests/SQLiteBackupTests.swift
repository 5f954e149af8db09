import Foundation
import KumoSQLite
import KumoStorage
import NCMBWire
import Testing

/// `kumo backup` / `kumo restore` on SQLite (docs/decisions/0059-backups.md).
@Suite struct SQLiteBackupTests {
    /// Counts acknowledged writes and lets a waiter resume once a number of them is reached.
    actor Acknowledged {
        private(set) var objectIds: [String] = []
        private var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

        func add(_ objectId: String) {
            objectIds.append(objectId)
            let ready = waiters.filter { $0.count <= objectIds.count }
            waiters.removeAll { $0.count <= objectIds.count }
            for waiter in ready { waiter.continuation.resume() }
        }

        func wait(for count: Int) async {
            guard objectIds.count < count else { return }
            await withCheckedContinuation { waiters.append((count, $0)) }
        }
    }

    @Test func aBackupTakenUnderConcurrentWritesRestoresEveryWriteAcknowledgedBeforeIt() async throws {
        let source = try TemporaryStorage()
        defer { source.remove() }
        let storage = try await source.open()
        let bytes = Array("file bytes kept by the backup".utf8)
        let writer = try await storage.blobs.makeWriter(applicationId: TemporaryStorage.applicationId)
        try await writer.write(bytes)
        _ = try await writer.commit()
        _ = try await storage.objects.create(
            Fixture.newObject("file", "file1", ["fileName": "a.txt", "mimeType": "text/plain", "blobId": .string(writer.blobId)]))
        let acknowledged = Acknowledged()
        let writes = Task {
            for index in 0..<400 {
                let objectId = "object\(index)"
                _ = try await storage.objects.create(Fixture.newObject("GameScore", objectId, ["score": .integer(Int64(index))]))
                await acknowledged.add(objectId)
            }
        }
        await acknowledged.wait(for: 50)
        let before = await acknowledged.objectIds

        let backupPath = source.directory.appendingPathComponent("backup.sqlite").path
        let report = try await SQLiteBackup.backup(
            databasePath: source.databasePath, blobDirectory: source.databasePath + "-files", to: backupPath, logger: TemporaryStorage.logger)
        try await writes.value
        try await storage.close()

        #expect(report.blobs == 1)
        #expect(try await SQLiteBackup.integrityCheck(path: backupPath) == "ok")
        let target = try TemporaryStorage()
        defer { target.remove() }
        let restored = try await SQLiteBackup.restore(
            backupPath: backupPath, databasePath: target.databasePath, blobDirectory: target.databasePath + "-files")
        #expect(restored.objects == report.objects)
        let reopened = try await target.open()
        let stored = try await reopened.bulk.objects(
            applicationId: TemporaryStorage.applicationId, className: Fixture.className("GameScore"), after: nil, limit: 1000)
        let blob = try await reopened.blobs.read(applicationId: TemporaryStorage.applicationId, blobId: writer.blobId, offset: 0, length: 1 << 20)
        try await reopened.close()
        let storedIds = Set(stored.map(\.objectId))
        #expect(before.count >= 50)
        #expect(before.allSatisfy(storedIds.contains))
        #expect(stored.count == report.objects - 1)
        #expect(blob == bytes)
    }

    @Test func restoreRefusesAnExistingDatabaseAndAFileThatIsNoBackup() async throws {
        try await TemporaryStorage.with { storage in
            _ = try await storage.objects.create(Fixture.newObject("GameScore", "object1"))
        }
        let temporary = try TemporaryStorage()
        defer { temporary.remove() }
        let plain = temporary.directory.appendingPathComponent("plain.sqlite").path
        try await temporary.open().close()
        try FileManager.default.copyItem(atPath: temporary.databasePath, toPath: plain)
        let target = temporary.directory.appendingPathComponent("restored.sqlite").path

        await #expect(throws: SQLiteBackup.Failure.self) {
            _ = try await SQLiteBackup.restore(backupPath: plain, databasePath: temporary.databasePath, blobDirectory: temporary.databasePath + "-files")
        }
        await #expect(throws: SQLiteBackup.Failure.self) {
            _ = try await SQLiteBackup.restore(backupPath: plain, databasePath: target, blobDirectory: target + "-files")
        }
        #expect(!FileManager.default.fileExists(atPath: target))
    }

    @Test func aScheduleKeepsTheNewestBackupsAndReadsItsSettings() throws {
        let names = (1...5).map { "kumo-backup-2026010\($0)T000000Z.sqlite" } + ["notes.txt"]

        #expect(SQLiteBackupSchedule.expired(names, keep: 2) == Array(names[0..<3]))
        #expect(SQLiteBackupSchedule.fileName(at: WireDate(millisecondsSince1970: 1_767_225_600_000)) == "kumo-backup-20260101T000000Z.sqlite")
        #expect(SQLiteBackupSchedule.duration("6h") == .seconds(21_600))
        #expect(SQLiteBackupSchedule.duration("6x") == nil)
        #expect(throws: SQLiteBackup.Failure.self) { try SQLiteBackupSchedule(every: "10s", keep: 3, directory: "/tmp") }
        #expect(throws: SQLiteBackup.Failure.self) { try SQLiteBackupSchedule(every: "1h", keep: 0, directory: "/tmp") }
    }
}
