package import Foundation

/// Backups in an S3-compatible bucket (`kumo backup --out s3://…`, `kumo restore s3://…`, `kumo serve --backup-dir
/// s3://…`): whole files moved between a local path and keys below a prefix, in parts so that memory stays at one part
/// whatever the file size (docs/decisions/0132-file-bytes-on-s3.md).
package struct S3BackupArchive: Sendable {
    /// The client of the bucket; its location's prefix is the archive's folder.
    package let client: S3Client
    /// The size of each part of an upload and each ranged read of a download.
    package let partSize: Int

    /// An archive over `client`'s bucket and prefix.
    package init(client: S3Client, partSize: Int = S3BlobStore.defaultPartSize) {
        self.client = client
        self.partSize = max(partSize, 5 * 1024 * 1024)
    }

    /// What went wrong with a local file.
    package struct FileFailure: Error, CustomStringConvertible {
        package var description: String
    }

    /// Uploads the file at `path` as `name` below the prefix; the object appears only once complete.
    package func upload(file path: String, as name: String) async throws {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw FileFailure(description: "cannot read \(path)") }
        defer { try? handle.close() }
        let key = client.location.key(name)
        let first = try handle.read(upToCount: partSize) ?? Data()
        if first.count < partSize {
            try await client.putObject(key: key, bytes: Array(first))
            return
        }
        let uploadId = try await client.createMultipartUpload(key: key)
        do {
            var parts: [(number: Int, etag: String)] = []
            var part = first
            while !part.isEmpty {
                let number = parts.count + 1
                parts.append((number, try await client.uploadPart(key: key, uploadId: uploadId, number: number, bytes: Array(part))))
                part = try handle.read(upToCount: partSize) ?? Data()
            }
            try await client.completeMultipartUpload(key: key, uploadId: uploadId, parts: parts)
        } catch {
            try? await client.abortMultipartUpload(key: key, uploadId: uploadId)
            throw error
        }
    }

    /// Downloads `name` into a new file at `path` (replacing one there only once complete).
    package func download(_ name: String, to path: String) async throws {
        let key = client.location.key(name)
        guard let size = try await client.headObject(key: key) else {
            throw FileFailure(description: "s3://\(client.location.bucket)/\(key) does not exist")
        }
        let partial = path + ".partial"
        guard FileManager.default.createFile(atPath: partial, contents: nil), let handle = FileHandle(forWritingAtPath: partial) else {
            throw FileFailure(description: "cannot write \(partial)")
        }
        do {
            var offset: Int64 = 0
            while offset < size {
                let end = min(offset + Int64(partSize), size) - 1
                guard let bytes = try await client.getObject(key: key, range: offset...end), !bytes.isEmpty else {
                    throw FileFailure(description: "s3://\(client.location.bucket)/\(key) ended at \(offset) of \(size) bytes")
                }
                try handle.write(contentsOf: bytes)
                offset += Int64(bytes.count)
            }
            try handle.synchronize()
            try handle.close()
            try? FileManager.default.removeItem(atPath: path)
            try FileManager.default.moveItem(atPath: partial, toPath: path)
        } catch {
            try? handle.close()
            try? FileManager.default.removeItem(atPath: partial)
            throw error
        }
    }

    /// The names below the prefix (one level: names with no `/`).
    package func names() async throws -> [String] {
        var names: [String] = []
        var token: String?
        repeat {
            let page = try await client.listObjects(prefix: client.location.prefix, continuationToken: token)
            names += page.objects.map { String($0.key.dropFirst(client.location.prefix.count)) }.filter { !$0.contains("/") }
            token = page.next
        } while token != nil
        return names
    }

    /// Deletes the names `isBackup` accepts but the newest `keep` (names sort by time, as `kumo-backup-<UTC time>.sqlite`
    /// does); other names are never touched. Returns the names deleted.
    @discardableResult
    package func keepNewest(_ keep: Int, where isBackup: (String) -> Bool) async throws -> [String] {
        let expired = Array(try await names().filter(isBackup).sorted().dropLast(max(keep, 0)))
        for name in expired { try await remove(name) }
        return expired
    }

    /// Deletes `name` below the prefix.
    package func remove(_ name: String) async throws {
        try await client.deleteObject(key: client.location.key(name))
    }
}
