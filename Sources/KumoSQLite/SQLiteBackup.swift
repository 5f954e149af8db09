import Foundation
package import KumoStorage
package import Logging
import NIOPosix

/// Online backups of the SQLite engine: one file holding a consistent snapshot of the database and the bytes of every
/// file its `file` objects name (docs/decisions/0059-backups.md).
///
/// The snapshot is `VACUUM INTO` on a connection of its own: it reads one WAL snapshot while the server keeps writing,
/// so it holds every write acknowledged before it started. The file bytes are then copied from the blob directory into
/// the snapshot's `kumo_backup_blobs` table in 1 MiB chunks; bytes are committed before their metadata and deleted
/// only after it, so every blob the snapshot names exists unless its file was deleted meanwhile, in which case the
/// whole backup is taken again. The result passes `PRAGMA integrity_check` before it is renamed into place.
package enum SQLiteBackup {
    /// What a backup holds.
    package struct Report: Sendable, Hashable {
        /// The backup file.
        package var path: String
        /// Objects in the snapshot.
        package var objects: Int
        /// File blobs copied.
        package var blobs: Int
        /// Their bytes.
        package var blobBytes: Int64
    }

    /// Why a backup or restore failed.
    package struct Failure: Error, Sendable, CustomStringConvertible {
        /// What went wrong.
        package let description: String
    }

    /// How many times a backup is taken again when a file it names was deleted while it copied bytes.
    static let attempts = 3
    /// The bytes copied per row of `kumo_backup_blobs`.
    static let chunkLength = 1 << 20

    /// Takes a backup of the database at `databasePath` (with the blobs under `blobDirectory`) into `outputPath`,
    /// replacing a file there only once the new backup is complete and verified.
    ///
    /// - Parameter blobDirectory: the engine's file bytes, copied into the backup; `nil` when they live in an object
    ///   store (`--file-storage s3://…`, docs/decisions/0132-file-bytes-on-s3.md), whose own versioning protects them:
    ///   the backup then holds the database only.
    /// - Throws: ``Failure`` when the database cannot be read, a blob stays missing, or the result fails its integrity
    ///   check.
    package static func backup(databasePath: String, blobDirectory: String?, to outputPath: String, logger: Logger) async throws -> Report {
        let partial = outputPath + ".partial"
        var lastError: (any Error)?
        for attempt in 1...attempts {
            try? FileManager.default.removeItem(atPath: partial)
            do {
                let report = try await snapshot(databasePath: databasePath, blobDirectory: blobDirectory, to: partial)
                try? FileManager.default.removeItem(atPath: outputPath)
                try FileManager.default.moveItem(atPath: partial, toPath: outputPath)
                return Report(path: outputPath, objects: report.objects, blobs: report.blobs, blobBytes: report.blobBytes)
            } catch let missing as MissingBlob {
                logger.warning("a file was deleted during the backup; taking it again", metadata: ["blobId": "\(missing.blobId)", "attempt": "\(attempt)"])
                lastError = missing
            } catch {
                try? FileManager.default.removeItem(atPath: partial)
                throw error
            }
        }
        try? FileManager.default.removeItem(atPath: partial)
        throw Failure(description: "files kept being deleted while the backup copied them: \(String(describing: lastError))")
    }

    /// Restores a backup into `databasePath` (which must not exist) and `blobDirectory`.
    ///
    /// - Throws: ``Failure`` when the backup fails its integrity check or is not a Kumo backup, or a database exists.
    package static func restore(backupPath: String, databasePath: String, blobDirectory: String) async throws -> Report {
        guard FileManager.default.fileExists(atPath: backupPath) else { throw Failure(description: "\(backupPath) does not exist") }
        guard !FileManager.default.fileExists(atPath: databasePath) else {
            throw Failure(description: "\(databasePath) exists: restore into an empty data directory (or pass --force)")
        }
        let backup = try open(backupPath)
        defer { backup.close() }
        let partial = databasePath + ".partial"
        let blobRows = try await blocking {
            try verify(backup, path: backupPath)
            guard try !backup.rows("SELECT name FROM sqlite_master WHERE name = 'kumo_backup_blobs'", []).isEmpty else {
                throw Failure(description: "\(backupPath) is not a kumo backup")
            }
            try? FileManager.default.removeItem(atPath: partial)
            _ = try backup.rows("VACUUM INTO ?1", [.text(partial)])
            let restored = try open(partial)
            defer { restored.close() }
            do {
                try restored.executeScript("DROP TABLE kumo_backup_blobs; DROP TABLE kumo_backup_info; VACUUM;")
            } catch {
                try? FileManager.default.removeItem(atPath: partial)
                throw error
            }
            return try backup.rows("SELECT DISTINCT application_id, blob_id FROM kumo_backup_blobs ORDER BY application_id, blob_id", [])
        }
        let store = DiskBlobStore(directory: blobDirectory, blockingPool: NIOBlockingWorkPool())
        var blobs = 0
        var bytes: Int64 = 0
        for row in blobRows {
            guard let applicationId = row.string("application_id"), let blobId = row.string("blob_id") else { continue }
            let writer = try await store.makeWriter(applicationId: applicationId, blobId: blobId)
            bytes += try await writer.fill {
                var index: Int64 = 0
                while true {
                    let chunkIndex = index
                    let chunk = try await blocking {
                        try backup.rows(
                            "SELECT data FROM kumo_backup_blobs WHERE application_id = ?1 AND blob_id = ?2 AND chunk_index = ?3",
                            [.text(applicationId), .text(blobId), .integer(chunkIndex)]
                        ).first
                    }
                    guard let chunk else { break }
                    if case .blob(let data)? = chunk.value("data") { try await writer.write(data) }
                    index += 1
                }
            }
            blobs += 1
        }
        try FileManager.default.moveItem(atPath: partial, toPath: databasePath)
        let objects = try await blocking { try countObjects(in: databasePath) }
        return Report(path: databasePath, objects: objects, blobs: blobs, blobBytes: bytes)
    }

    /// `PRAGMA integrity_check` of a database file: `ok` for a sound one.
    package static func integrityCheck(path: String) async throws -> String {
        try await blocking {
            let handle = try open(path)
            defer { handle.close() }
            return try handle.rows("PRAGMA integrity_check", []).compactMap { $0.string("integrity_check") }.joined(separator: "\n")
        }
    }

    // MARK: Steps

    /// A blob the snapshot names is gone from the blob directory.
    private struct MissingBlob: Error {
        let blobId: String
    }

    /// One attempt: snapshot, blobs, info, integrity check.
    private static func snapshot(databasePath: String, blobDirectory: String?, to partial: String) async throws -> Report {
        guard FileManager.default.fileExists(atPath: databasePath) else { throw Failure(description: "\(databasePath) does not exist") }
        let snapshot = try await blocking {
            let source = try open(databasePath)
            defer { source.close() }
            _ = try source.rows("VACUUM INTO ?1", [.text(partial)])
            return try open(partial)
        }
        defer { snapshot.close() }
        let referenced = try await blocking {
            try snapshot.executeScript(
                """
                CREATE TABLE kumo_backup_blobs (application_id TEXT NOT NULL, blob_id TEXT NOT NULL, chunk_index INTEGER NOT NULL,
                    data BLOB NOT NULL, PRIMARY KEY (application_id, blob_id, chunk_index)) WITHOUT ROWID;
                CREATE TABLE kumo_backup_info (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL) WITHOUT ROWID;
                """)
            return try snapshot.rows(
                """
                SELECT DISTINCT c.application_id AS application_id, json_extract(o.fields, '$.blobId') AS blob_id
                FROM objects o JOIN classes c ON c.class_id = o.class_id
                WHERE c.class_name = 'file' AND json_type(o.fields, '$.blobId') = 'text' ORDER BY 1, 2
                """, [])
        }
        var blobs = 0
        var bytes: Int64 = 0
        try snapshot.execute("BEGIN")
        let store = blobDirectory.map { DiskBlobStore(directory: $0, blockingPool: NIOBlockingWorkPool()) }
        for row in referenced {
            guard let store else { break }
            guard let applicationId = row.string("application_id"), let blobId = row.string("blob_id") else { continue }
            var offset: Int64 = 0
            var index: Int64 = 0
            repeat {
                let data: [UInt8]
                do {
                    data = try await store.read(applicationId: applicationId, blobId: blobId, offset: offset, length: chunkLength)
                } catch StorageError.notFound {
                    try? snapshot.execute("ROLLBACK")
                    throw MissingBlob(blobId: blobId)
                }
                if data.isEmpty && index > 0 { break }
                let chunkIndex = index
                try await blocking {
                    _ = try snapshot.rows(
                        "INSERT INTO kumo_backup_blobs (application_id, blob_id, chunk_index, data) VALUES (?1, ?2, ?3, ?4)",
                        [.text(applicationId), .text(blobId), .integer(chunkIndex), .blob(data)])
                }
                offset += Int64(data.count)
                index += 1
                if data.count < chunkLength { break }
            } while true
            blobs += 1
            bytes += offset
        }
        let objects = try await blocking {
            _ = try snapshot.rows(
                "INSERT INTO kumo_backup_info (key, value) VALUES ('format', 'kumo-backup-1'), ('createdAt', strftime('%Y-%m-%dT%H:%M:%fZ', 'now')), ('fileBytes', ?1)",
                [.text(blobDirectory == nil ? "elsewhere" : "included")])
            try snapshot.execute("COMMIT")
            try verify(snapshot, path: partial)
            return Int(try snapshot.rows("SELECT COUNT(*) AS count FROM objects", []).first?.integer("count") ?? 0)
        }
        return Report(path: partial, objects: objects, blobs: blobs, blobBytes: bytes)
    }

    private static func verify(_ handle: SQLiteHandle, path: String) throws {
        let result = try handle.rows("PRAGMA integrity_check", []).compactMap { $0.string("integrity_check") }.joined(separator: "\n")
        guard result == "ok" else { throw Failure(description: "\(path) failed its integrity check: \(result)") }
    }

    private static func countObjects(in path: String) throws -> Int {
        let handle = try open(path)
        defer { handle.close() }
        return Int(try handle.rows("SELECT COUNT(*) AS count FROM objects", []).first?.integer("count") ?? 0)
    }

    /// Runs blocking SQLite and file work on NIO's blocking pool, off the caller's thread (a scheduled backup runs
    /// inside `kumo serve`).
    private static func blocking<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await NIOThreadPool.singleton.runIfActive(body)
    }

    /// A connection of its own, failures as ``Failure``.
    private static func open(_ path: String) throws -> SQLiteHandle {
        do {
            return try SQLiteHandle(path: path, busyTimeoutMilliseconds: 30_000)
        } catch {
            throw Failure(description: "\(path) cannot be opened: \(error)")
        }
    }
}

extension SQLiteHandle {
    /// Runs engine-owned SQL, ignoring rows.
    fileprivate func execute(_ sql: String) throws {
        _ = try rows(sql, [])
    }
}
