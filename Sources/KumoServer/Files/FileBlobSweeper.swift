import KumoMemberwise
import KumoSeams
package import KumoStorage
import Logging
import NCMBWire
package import ServiceLifecycle

/// Removes file bytes nothing points at: uploads abandoned mid-way (a crash, a dropped connection) and committed
/// blobs that no `file` object references (a crash between the blob's commit and the metadata insert, or a blob whose
/// delete failed after its metadata went; see `BlobStore`).
///
/// It also removes the blobs of the dashboard's import jobs (namespace ``ImportJobRecord/blobNamespace``) that no job's
/// row names: a crash between a staged file's commit and the job's update, or between a job's deletion and its blobs'
/// (docs/decisions/0155-import-jobs-in-the-database.md).
///
/// Only blobs older than ``minimumAgeMilliseconds`` are touched, so an upload in progress — whose metadata object or
/// job row is written right after its commit — is never taken for an orphan. The candidates are listed before the
/// references are read, so a blob is deleted only when it was committed over an hour before a read that found no
/// reference to it. `kumo serve` runs it as a service (a sweep every
/// ``interval``); tests call ``sweep()`` after moving the injected clock.
@PackageMemberwiseInit
package struct FileBlobSweeper: Service {
    let environment: ServerEnvironment
    /// The time between two sweeps when running as a service.
    package var interval: Duration = .seconds(15 * 60)

    /// How old an upload or a blob must be (by `environment.clock`) before it may be removed: 1 hour.
    package static let minimumAgeMilliseconds: Int64 = 3_600_000
    /// The most blob ids checked against the `file` objects in one query.
    package static let batchSize = 500
    /// The most committed blobs of one application examined in one sweep (the oldest first).
    package static let scanLimit = 100_000

    /// What one sweep removed.
    @PackageMemberwiseInit
    package struct Outcome: Sendable, Hashable {
        /// Uncommitted uploads removed.
        package var abandonedUploads: Int
        /// Committed blobs removed because no `file` object referenced them.
        package var orphanedBlobs: Int
        /// Committed blobs of import jobs removed because no job named them.
        package var orphanedImportJobBlobs: Int = 0
    }

    /// Sweeps once: abandoned uploads, each application's unreferenced blobs, then the import jobs' unnamed blobs.
    ///
    /// - Throws: The first storage error; what was removed before it stays removed, and the next sweep goes on.
    @discardableResult
    package func sweep() async throws -> Outcome {
        let cutoff = WireDate(
            millisecondsSince1970: environment.clock.now().millisecondsSince1970 - FileBlobSweeper.minimumAgeMilliseconds)
        let abandoned = try await environment.storage.blobs.deleteAbandonedUploads(startedBefore: cutoff)
        if abandoned > 0 {
            environment.logger.info("Removed abandoned file uploads", metadata: ["count": "\(abandoned)"])
        }
        var orphaned = 0
        for application in try await environment.storage.applications.all() {
            orphaned += try await sweep(applicationId: application.applicationId, committedBefore: cutoff)
        }
        let importJobBlobs = try await sweepImportJobBlobs(committedBefore: cutoff)
        return Outcome(abandonedUploads: abandoned, orphanedBlobs: orphaned, orphanedImportJobBlobs: importJobBlobs)
    }

    /// Sweeps until graceful shutdown; a failed sweep is logged and the next one retries.
    package func run() async throws {
        while !Task.isCancelled && !Task.isShuttingDownGracefully {
            do {
                try await sweep()
            } catch {
                environment.logger.warning("File blob sweep failed", metadata: ["error": "\(String(describing: error))"])
            }
            do {
                try await cancelWhenGracefulShutdown { [interval] in try await Task.sleep(for: interval) }
            } catch {
                return
            }
        }
    }

    /// Removes one application's committed blobs older than `cutoff` that no `file` object references; returns how
    /// many went.
    private func sweep(applicationId: String, committedBefore cutoff: WireDate) async throws -> Int {
        let candidates = try await environment.storage.blobs.committedBlobIds(
            applicationId: applicationId, committedBefore: cutoff, limit: FileBlobSweeper.scanLimit)
        var removed = 0
        var start = 0
        while start < candidates.count {
            let batch = Array(candidates[start..<min(start + FileBlobSweeper.batchSize, candidates.count)])
            start += FileBlobSweeper.batchSize
            guard let referenced = try await referencedBlobIds(batch, applicationId: applicationId) else { continue }
            for blobId in batch where !referenced.contains(blobId) {
                try await environment.storage.blobs.delete(applicationId: applicationId, blobId: blobId)
                environment.logger.info(
                    "Removed an unreferenced file blob", metadata: ["applicationId": "\(applicationId)", "blobId": "\(blobId)"])
                removed += 1
            }
        }
        return removed
    }

    /// Removes the import jobs' committed blobs older than `cutoff` that no job's row names; returns how many went.
    /// The rows are read after the candidates were listed: a blob committed before `cutoff` and still unnamed then was
    /// not added by an upload or a runner, which name their blob right after its commit.
    private func sweepImportJobBlobs(committedBefore cutoff: WireDate) async throws -> Int {
        let namespace = ImportJobRecord.blobNamespace
        let candidates = try await environment.storage.blobs.committedBlobIds(
            applicationId: namespace, committedBefore: cutoff, limit: FileBlobSweeper.scanLimit)
        guard !candidates.isEmpty else { return 0 }
        let named = Set(try await environment.storage.importJobs.all().flatMap(\.blobIds))
        var removed = 0
        for blobId in candidates where !named.contains(blobId) {
            try await environment.storage.blobs.delete(applicationId: namespace, blobId: blobId)
            environment.logger.info("Removed a blob no import job names", metadata: ["blobId": "\(blobId)"])
            removed += 1
        }
        return removed
    }

    /// The ids among `blobIds` that some `file` object of the application references, read past the ACL; `nil` when
    /// the answer may be incomplete (a full page: more objects than ids), so the batch is kept whole.
    private func referencedBlobIds(_ blobIds: [String], applicationId: String) async throws -> Set<String>? {
        let query = WhereQuery([.field(StandardField.File.blobId, [.containedIn(blobIds.map { .string($0) })])])
        let parameters = QueryParameters(whereQuery: query, limit: QueryParameters.maximumLimit)
        let request = FindRequest(applicationId: applicationId, className: .file, parameters: parameters)
        let files = try await environment.storage.objects.find(request, access: .bypass).objects
        guard files.count < QueryParameters.maximumLimit else { return nil }
        return Set(files.compactMap { $0.fields[StandardField.File.blobId]?.stringValue })
    }
}
