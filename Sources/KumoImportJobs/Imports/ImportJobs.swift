package import Foundation
import KumoImport
package import KumoSeams
package import KumoStorage
package import Logging
import NCMBWire

/// The dashboard's import jobs (docs/dashboard.md#import-and-export, docs/decisions/0087-dashboard-import-jobs.md,
/// docs/decisions/0155-import-jobs-in-the-database.md): each job a row of the database (``ImportJobStore``), its
/// uploaded files and its report blobs of the blob store under ``blobNamespace`` — so every instance on the same
/// database and file store lists, follows, starts and removes any job. A started job is queued; a runner of any instance
/// claims it with a lease (renewed while it imports), downloads its files into a folder of its own work directory and
/// runs `kumo import`'s ``Importer`` there, a bounded number at a time per instance. A job whose runner's lease ran out
/// (its instance stopped) is claimed by another instance and marked failed with a report that says so: it is never
/// imported twice. A job left staging without an upload, and an ended job, expire after ``Limits/keptForMilliseconds``
/// (swept with their blobs when jobs are created or listed and by ``poll()``, by the jobs' clock).
package actor ImportJobs {
    /// The bounds of the staging area and of the work.
    package struct Limits: Sendable {
        /// The most bytes one job stages: 1 GiB.
        package var maximumJobBytes: Int64 = 1 << 30
        /// The most jobs that have not ended at once (of all instances; two instances creating at the same moment may
        /// each take the last place).
        package var maximumUnfinishedJobs = 8
        /// How many jobs import at once on one instance.
        package var concurrentJobs = 1
        /// How many failures a job shows (its report holds all).
        package var failuresShown = 100
        /// How long a job still staging is kept after its last upload (or its creation), and an ended job after its
        /// end, before it is removed with its files: 24 hours. Queued and running jobs never expire.
        package var keptForMilliseconds: Int64 = 24 * 60 * 60 * 1000
        /// How long a runner's claim on a job holds without renewal: 60 seconds; the runner renews it every third of
        /// that, and another instance takes the job over once it ran out.
        package var leaseMilliseconds: Int64 = 60 * 1000
        /// How often a running job's progress and failures are written to the database, at most: every second.
        package var progressWriteMilliseconds: Int64 = 1000

        /// The defaults.
        package init() {}
    }

    /// Why a request about a job was refused.
    package enum Refusal: Error, Sendable, Hashable {
        /// No such job in this application.
        case notFound
        /// The job is not in a state that allows it.
        case state(ImportJob.State)
        /// As many jobs as allowed have not ended.
        case tooManyJobs(Int)
        /// The job would hold more than its limit.
        case tooLarge(Int64)
        /// Not a name this kind of file may have.
        case name(String)
        /// A job without an export file cannot start.
        case empty
        /// Another upload into the job is not finished.
        case uploading
    }

    /// The blob store's namespace (in place of an application id) of staged files and reports: no application's, so
    /// never a file of an application nor swept as one's orphan (`FileBlobSweeper` sweeps the namespace by the blobs
    /// the jobs' rows name).
    package static let blobNamespace = ImportJobRecord.blobNamespace
    /// The folder of a job's export files, under its run folder.
    static let exportFolder = "export"
    /// The folder of a job's file bytes.
    static let filesFolder = "files"
    /// The report file.
    static let reportFile = "report.jsonl"
    /// How often a change based on a read is tried again when another instance changed the job in between.
    static let changeAttempts = 8

    /// The work folder of the jobs running here (`<data-dir>/dashboard/imports` in `kumo serve`).
    package nonisolated let directory: URL
    let limits: Limits
    /// The storage of the jobs' rows and their files' blobs.
    package let storage: any StorageBackend
    let clock: any WallClock
    let identifiers: any IdentifierGenerator
    let logger: Logger
    /// Where the work folder's blocking file work runs.
    nonisolated let fileWork: FileWork
    /// This instance's name on the leases it takes.
    package nonisolated let instanceId: String
    var uploadsInFlight: [String: Int] = [:]
    /// The jobs running here, as last written.
    var runs: [String: ImportJob] = [:]
    var lastWrites: [String: Int64] = [:]
    var waiters: [String: [CheckedContinuation<Void, Never>]] = [:]
    var endActions: [String: @Sendable () -> Void] = [:]
    var isPumping = false

    /// Creates the jobs over an empty work folder: whatever an earlier process left in `directory` is removed.
    ///
    /// - Throws: when the folder cannot be emptied or created.
    package init(
        directory: URL, limits: Limits = Limits(), storage: any StorageBackend, clock: any WallClock,
        identifiers: any IdentifierGenerator, logger: Logger, fileWork: FileWork = FileWork()
    ) throws {
        if FileManager.default.fileExists(atPath: directory.path) { try FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        self.directory = directory
        self.limits = limits
        self.storage = storage
        self.clock = clock
        self.identifiers = identifiers
        self.logger = logger
        self.fileWork = fileWork
        self.instanceId = identifiers.randomString(length: 16, alphabet: IdentifierAlphabet.alphanumeric)
    }

    /// Creates a job that takes uploads.
    package func create(
        application: HostedApplication, isDryRun: Bool, conflict: BulkConflictMode, createdBy: String
    ) async throws -> ImportJob {
        await sweepExpiredJobs()
        let unfinished = try await storage.importJobs.unfinishedCount()
        guard unfinished < limits.maximumUnfinishedJobs else { throw Refusal.tooManyJobs(limits.maximumUnfinishedJobs) }
        let job = ImportJob(
            id: identifiers.randomString(length: 16, alphabet: IdentifierAlphabet.alphanumeric), applicationId: application.applicationId,
            applicationName: application.name, isDryRun: isDryRun, conflict: conflict, createdBy: createdBy, createDate: clock.now())
        try await storage.importJobs.insert(job.record)
        return job
    }

    /// The jobs of an application, newest first (expired jobs are removed first).
    package func list(applicationId: String) async throws -> [ImportJob] {
        await sweepExpiredJobs()
        return try await storage.importJobs.jobs(applicationId: applicationId).compactMap(ImportJob.init(record:))
    }

    /// A job of an application.
    package func job(_ id: String, applicationId: String) async throws -> ImportJob {
        guard let record = try await storage.importJobs.job(id: id), record.applicationId == applicationId,
            let job = ImportJob(record: record)
        else { throw Refusal.notFound }
        return job
    }

    /// Starts a staged job: it is queued and runs when a runner of this or another instance is free; `whenEnded` is
    /// called once its import has ended when it ran here (the dashboard then tells the NCMB pipeline that settings and
    /// class permissions may have changed).
    package func start(
        _ id: String, applicationId: String, actor: String, address: String?, whenEnded: @escaping @Sendable () -> Void = {}
    ) async throws -> ImportJob {
        guard uploadsInFlight[id, default: 0] == 0 else { throw Refusal.uploading }
        let now = clock.now()
        let job = try await change(id, applicationId: applicationId) { job in
            guard job.state == .staging else { throw Refusal.state(job.state) }
            guard job.files.contains(where: { $0.kind == .export }) else { throw Refusal.empty }
            job.state = .queued
            job.startDate = now
            job.startedBy = (actor, address)
        }
        endActions[id] = whenEnded
        await pump()
        return job
    }

    /// Removes a job that is staging or has ended, with its files and report.
    package func remove(_ id: String, applicationId: String) async throws {
        guard uploadsInFlight[id, default: 0] == 0 else { throw Refusal.uploading }
        for _ in 0..<Self.changeAttempts {
            let job = try await self.job(id, applicationId: applicationId)
            guard job.state == .staging || job.state.hasEnded else { throw Refusal.state(job.state) }
            if try await storage.importJobs.delete(id: id, version: job.version) {
                await deleteBlobs(of: job)
                return
            }
        }
        throw StorageError.unavailable("The import job \(id) kept changing while it was being removed.")
    }

    /// The report of an ended job: its blob and size.
    package func report(_ id: String, applicationId: String) async throws -> (blobs: any BlobStore, blobId: String, size: Int64) {
        let job = try await self.job(id, applicationId: applicationId)
        guard let blobId = job.reportBlobId, let size = try await storage.blobs.size(applicationId: Self.blobNamespace, blobId: blobId)
        else { throw Refusal.state(job.state) }
        return (storage.blobs, blobId, size)
    }

    /// Returns once the job has ended (at once when it has, or when there is no such job). A job running here is
    /// waited for; a job of another instance is read again every `interval`.
    package func ended(_ id: String, interval: Duration = .milliseconds(50)) async {
        while true {
            if runs[id] != nil {
                await withCheckedContinuation { continuation in waiters[id, default: []].append(continuation) }
                return
            }
            guard let record = try? await storage.importJobs.job(id: id), let job = ImportJob(record: record), !job.state.hasEnded,
                !Task.isCancelled
            else { return }
            try? await Task.sleep(for: interval)
        }
    }

    /// One round of the background work of `kumo serve`: expired jobs swept, claimable jobs claimed.
    package func poll() async {
        await sweepExpiredJobs()
        await pump()
    }

    // MARK: Helpers

    /// Applies `body` to the stored job and writes it back by compare-and-set, reading it again when another instance
    /// changed it in between.
    ///
    /// - Throws: ``Refusal/notFound`` when there is no such job in the application, what `body` threw, or a storage error.
    func change(
        _ id: String, applicationId: String, _ body: (inout ImportJob) throws -> Void
    ) async throws -> ImportJob {
        for _ in 0..<Self.changeAttempts {
            var job = try await self.job(id, applicationId: applicationId)
            let version = job.version
            try body(&job)
            if let stored = try await storage.importJobs.update(job.record, condition: .version(version)),
                let updated = ImportJob(record: stored)
            {
                return updated
            }
        }
        throw StorageError.unavailable("The import job \(id) kept changing while it was being updated.")
    }

    /// Deletes a job's staged files and report from the blob store (a failure is logged: the blob stays an orphan).
    func deleteBlobs(of job: ImportJob, keepingReport: Bool = false) async {
        var blobIds = job.files.map(\.blobId)
        if !keepingReport, let report = job.reportBlobId { blobIds.append(report) }
        for blobId in blobIds {
            do {
                try await storage.blobs.delete(applicationId: Self.blobNamespace, blobId: blobId)
            } catch {
                logger.error("a blob of an import job could not be deleted", metadata: ["job": "\(job.id)", "error": "\(error)"])
            }
        }
    }

    /// Removes, with their blobs, the jobs still staging (no upload in flight here) whose last upload or creation, and
    /// the ended jobs whose end, is more than ``Limits/keptForMilliseconds`` ago by the jobs' clock.
    func sweepExpiredJobs() async {
        let cutoff = WireDate(millisecondsSince1970: clock.now().millisecondsSince1970 - limits.keptForMilliseconds)
        do {
            for record in try await storage.importJobs.expired(stagingBefore: cutoff, endedBefore: cutoff, limit: 100) {
                guard uploadsInFlight[record.id, default: 0] == 0, let job = ImportJob(record: record) else { continue }
                if try await storage.importJobs.delete(id: record.id, version: record.version) { await deleteBlobs(of: job) }
            }
        } catch {
            logger.warning("sweeping expired import jobs failed", metadata: ["error": "\(error)"])
        }
    }

    /// The class an uploaded name stands for (`nil` for a manifest and for file bytes).
    ///
    /// - Throws: ``Refusal/name(_:)`` for a name this kind of file may not have.
    static func className(of name: String, kind: ImportFileKind) throws(Refusal) -> String? {
        let refused = Refusal.name(name)
        switch kind {
        case .file:
            guard (1...255).contains(name.utf8.count), !name.contains("/"), name != ".", name != "..",
                !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
            else { throw refused }
            return nil
        case .export:
            if name == ExportManifest.fileName { return nil }
            let parts = name.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 1 || (parts.count == 2 && parts[0] == "relations") else { throw refused }
            let fileName = String(parts[parts.count - 1])
            guard fileName.lowercased().hasSuffix(".json"), !fileName.hasPrefix("."),
                let className = ExportSource.className(ofFile: fileName)
            else { throw refused }
            return className.rawValue
        }
    }

    /// Where a staged file goes in a job's run folder.
    static func destination(of name: String, kind: ImportFileKind, in folder: URL) -> URL {
        switch kind {
        case .export: folder.appendingPathComponent(exportFolder).appendingPathComponent(name)
        case .file: folder.appendingPathComponent(filesFolder).appendingPathComponent(name)
        }
    }
}
