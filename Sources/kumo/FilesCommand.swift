import ArgumentParser
import Crypto
import Foundation
import KumoS3
import KumoStorage
import NCMBWire

/// `kumo files`: the file bytes' store (docs/decisions/0132-file-bytes-on-s3.md).
struct FilesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "files",
        abstract: "Copy file bytes between the engine's own store and an S3-compatible bucket.",
        subcommands: [FilesCopyCommand.self])
}

/// `kumo files copy --to LOCATION`: copies every application's file bytes, and the dashboard import jobs' staged files
/// and reports (namespace `import-jobs`), from where they live now (`--file-storage`) to `LOCATION`, verifying each copy
/// by size and SHA-256, so that `--file-storage` can then be switched.
struct FilesCopyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "copy",
        abstract: "Copy every file's bytes to another store and verify them (SHA-256), before switching --file-storage.",
        discussion: """
            The source is where the bytes live now (--file-storage, default: the engine's own store); the destination is \
            --to: default (the engine's own store) or s3://BUCKET[/PREFIX] (with --s3-endpoint, --s3-region and the \
            AWS_* credentials of the source's options). The dashboard import jobs' staged files and reports are copied \
            too. Bytes already at the destination with the same size and \
            SHA-256 are not copied again, so an interrupted copy can be run again. The source is left as it is: \
            switch --file-storage once the copy reports no failure, then remove the old bytes. Files uploaded while \
            the copy runs may be missed: stop the servers first, or run the copy again after the switch.
            """)

    @Option(name: .customLong("to"), help: ArgumentHelp("default or s3://BUCKET[/PREFIX].", valueName: "location"))
    var destination: String

    @OptionGroup var storageOptions: StorageOptions

    func validate() throws {
        guard destination == "default" || destination.hasPrefix("s3://") else {
            throw ValidationError("--to takes 'default' or s3://BUCKET[/PREFIX], not '\(destination)'")
        }
        guard destination != storageOptions.fileStorage.location else {
            throw ValidationError("--to names the store the bytes are in already (--file-storage \(destination))")
        }
    }

    func run() async throws {
        var target = storageOptions.fileStorage
        target.location = destination
        if let store = try target.s3BlobStore() { try await target.checkBucket(store) }
        try await storageOptions.withEngineStorage { engine in
            let source = try storageOptions.fileStorage.s3BlobStore().map { $0 as any BlobStore } ?? engine.blobs
            let destination = try target.s3BlobStore().map { $0 as any BlobStore } ?? engine.blobs
            var report = BlobCopy.Report()
            let namespaces = try await engine.applications.all().map(\.applicationId) + [ImportJobRecord.blobNamespace]
            for namespace in namespaces {
                try await BlobCopy.copy(applicationId: namespace, from: source, to: destination, report: &report) { line in
                    FileHandle.standardError.write(Data((line + "\n").utf8))
                }
            }
            print(
                "copied \(report.copied) files (\(report.bytes) bytes), \(report.alreadyThere) already there, \(report.failed.count) failed, "
                    + "to \(self.destination)")
            if !report.failed.isEmpty {
                throw FilesCopyFailure(failed: report.failed)
            }
        }
    }
}

/// Blobs that could not be copied or verified.
struct FilesCopyFailure: Error, CustomStringConvertible {
    let failed: [String]
    var description: String {
        "\(failed.count) files were not copied or did not verify; nothing was switched, run the copy again:\n"
            + failed.prefix(20).joined(separator: "\n")
    }
}

/// Copying blobs between two stores, each copy verified by reading it back.
enum BlobCopy {
    /// What a copy did.
    struct Report {
        var copied = 0
        var alreadyThere = 0
        var bytes: Int64 = 0
        var failed: [String] = []
    }

    /// The size of the reads: 4 MiB.
    static let chunk = 4 * 1024 * 1024

    /// Copies an application's committed blobs from `source` to `destination` under the same ids.
    static func copy(
        applicationId: String, from source: any BlobStore, to destination: any BlobStore, report: inout Report,
        log: (String) -> Void
    ) async throws {
        let everything = WireDate(millisecondsSince1970: Int64(Date().timeIntervalSince1970 * 1000) + 86_400_000)
        let blobIds = try await source.committedBlobIds(applicationId: applicationId, committedBefore: everything, limit: Int.max)
        for blobId in blobIds {
            let name = "\(applicationId)/\(blobId)"
            do {
                guard let sourceDigest = try await digest(of: blobId, applicationId: applicationId, in: source) else { continue }
                if let existing = try await digest(of: blobId, applicationId: applicationId, in: destination), existing == sourceDigest {
                    report.alreadyThere += 1
                    continue
                }
                let writer = try await destination.makeWriter(applicationId: applicationId, blobId: blobId)
                try await writer.fill {
                    var offset: Int64 = 0
                    while true {
                        let part = try await source.read(applicationId: applicationId, blobId: blobId, offset: offset, length: chunk)
                        if part.isEmpty { break }
                        try await writer.write(part)
                        offset += Int64(part.count)
                    }
                }
                guard try await digest(of: blobId, applicationId: applicationId, in: destination) == sourceDigest else {
                    report.failed.append("\(name): the copy does not match the source")
                    log("\(name): the copy does not match the source")
                    continue
                }
                report.copied += 1
                report.bytes += sourceDigest.size
            } catch {
                report.failed.append("\(name): \(error)")
                log("\(name): \(error)")
            }
        }
    }

    /// A blob's size and SHA-256, read in chunks; `nil` when it does not exist.
    static func digest(of blobId: String, applicationId: String, in store: any BlobStore) async throws -> Digest? {
        guard try await store.size(applicationId: applicationId, blobId: blobId) != nil else { return nil }
        var hash = SHA256()
        var size: Int64 = 0
        while true {
            let part = try await store.read(applicationId: applicationId, blobId: blobId, offset: size, length: chunk)
            if part.isEmpty { break }
            hash.update(data: part)
            size += Int64(part.count)
        }
        return Digest(size: size, sha256: Array(hash.finalize()))
    }

    /// A blob's size and SHA-256.
    struct Digest: Equatable {
        let size: Int64
        let sha256: [UInt8]
    }
}
