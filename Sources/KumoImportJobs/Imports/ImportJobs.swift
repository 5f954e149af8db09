package import Foundation
import KumoImport
package import KumoSeams
package import KumoStorage
package import Logging
import NCMBWire

/// The dashboard's import jobs (docs/dashboard.md#import-and-export, docs/decisions/0087-dashboard-import-jobs.md):
/// files staged under one folder of the data directory, then `kumo import`'s ``Importer`` in the background of
/// `kumo serve`, a bounded number at a time. Jobs live in memory, per instance; their folders are removed when they end
/// (all but the report) and when they are forgotten, and a new instance empties the folder of what an earlier one
/// left. A job left staging without an upload, and an ended job, expire after ``Limits/keptForMilliseconds`` (swept
/// when jobs are created or listed, by the jobs' clock). The staging folder's file work runs on ``FileWork``.
package actor ImportJobs {
    /// The bounds of the staging area and of the work.
    package struct Limits: Sendable {
        /// The most bytes one job stages: 1 GiB.
        package var maximumJobBytes: Int64 = 1 << 30
        /// The most jobs that have not ended at once.
        package var maximumUnfinishedJobs = 8
        /// How many jobs import at once.
        package var concurrentJobs = 1
        /// How many jobs are remembered (the oldest ended ones are forgotten first).
        package var keptJobs = 50
        /// How many failures a job shows (its report holds all).
        package var failuresShown = 100
        /// How long a job still staging is kept after its last upload (or its creation), and an ended job after its
        /// end, before it is removed with its files: 24 hours. Queued and running jobs never expire.
        package var keptForMilliseconds: Int64 = 24 * 60 * 60 * 1000

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

    /// The folder of a job's export files, under its own folder.
    static let exportFolder = "export"
    /// The folder of a job's file bytes.
    static let filesFolder = "files"
    /// The folder of uploads in progress.
    static let uploadingFolder = "uploading"
    /// The report file.
    static let reportFile = "report.jsonl"

    /// The staging folder (`<data-dir>/dashboard/imports` in `kumo serve`).
    package nonisolated let directory: URL
    let limits: Limits
    let storage: any StorageBackend
    let clock: any WallClock
    let identifiers: any IdentifierGenerator
    let logger: Logger
    /// Where the staging folder's blocking file work runs.
    nonisolated let fileWork: FileWork
    private var jobs: [ImportJob] = []
    private var uploadsInFlight: [String: Int] = [:]
    private var running = 0
    private var queue: [String] = []
    private var waiters: [String: [CheckedContinuation<Void, Never>]] = [:]
    private var endActions: [String: @Sendable () -> Void] = [:]
    private var uploadCounter = 0

    /// Creates the jobs over an empty staging folder: whatever an earlier process left in `directory` is removed.
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
    }

    /// Creates a job that takes uploads.
    package func create(
        application: HostedApplication, isDryRun: Bool, conflict: BulkConflictMode, createdBy: String
    ) async throws -> ImportJob {
        await sweepExpiredJobs()
        let job = ImportJob(
            id: identifiers.randomString(length: 16, alphabet: IdentifierAlphabet.alphanumeric), applicationId: application.applicationId,
            applicationName: application.name, isDryRun: isDryRun, conflict: conflict, createdBy: createdBy, createDate: clock.now())
        try checkUnfinishedJobs()
        let jobFolder = folder(of: job.id)
        try await fileWork.run {
            for subfolder in [Self.exportFolder, Self.filesFolder, Self.uploadingFolder] {
                try FileManager.default.createDirectory(at: jobFolder.appendingPathComponent(subfolder), withIntermediateDirectories: true)
            }
        }
        // Checked again: other jobs may have been created while the folders were.
        do { try checkUnfinishedJobs() } catch {
            await fileWork.remove([jobFolder])
            throw error
        }
        jobs.append(job)
        await forgetOldJobs()
        return job
    }

    /// The jobs of an application, newest first (expired jobs are removed first).
    package func list(applicationId: String) async -> [ImportJob] {
        await sweepExpiredJobs()
        return jobs.filter { $0.applicationId == applicationId }.reversed()
    }

    /// A job of an application.
    package func job(_ id: String, applicationId: String) throws(Refusal) -> ImportJob {
        jobs[try index(id, applicationId: applicationId)]
    }

    /// Begins an upload: checks the job, the name and a declared length (``Refusal/tooLarge(_:)`` when it exceeds what
    /// the job may still take, before any byte is read), and returns the temporary file to write.
    package func beginUpload(
        _ id: String, applicationId: String, kind: ImportFileKind, name: String, declaredLength: Int64? = nil
    ) async throws -> URL {
        let position = try index(id, applicationId: applicationId)
        guard jobs[position].state == .staging else { throw Refusal.state(jobs[position].state) }
        _ = try Self.className(of: name, kind: kind)
        if let declaredLength, declaredLength > limits.maximumJobBytes - jobs[position].stagedBytes {
            throw Refusal.tooLarge(limits.maximumJobBytes)
        }
        uploadsInFlight[id, default: 0] += 1
        jobs[position].lastActivity = clock.now()
        uploadCounter += 1
        let file = folder(of: id).appendingPathComponent(Self.uploadingFolder).appendingPathComponent("upload-\(uploadCounter)")
        let created = (try? await fileWork.run { FileManager.default.createFile(atPath: file.path, contents: nil) }) ?? false
        guard created else {
            uploadsInFlight[id, default: 1] -= 1
            throw CocoaError(.fileWriteUnknown)
        }
        return file
    }

    /// Counts `bytes` more of an upload against the job's limit.
    package func admit(_ id: String, bytes: Int64) throws(Refusal) {
        guard let position = jobs.firstIndex(where: { $0.id == id }) else { throw Refusal.notFound }
        guard jobs[position].stagedBytes + bytes <= limits.maximumJobBytes else { throw Refusal.tooLarge(limits.maximumJobBytes) }
        jobs[position].stagedBytes += bytes
    }

    /// Ends an upload: moves the file into place (replacing an earlier upload of the same name).
    /// The upload in flight keeps the job (it cannot be removed, started or swept until the upload is counted out).
    package func finishUpload(
        _ id: String, kind: ImportFileKind, name: String, temporary: URL, size: Int64
    ) async throws -> ImportJob.StagedFile {
        guard let position = jobs.firstIndex(where: { $0.id == id }), jobs[position].state == .staging else {
            await abandonUpload(id, temporary: temporary, size: size)
            throw Refusal.state(jobs.first { $0.id == id }?.state ?? .failed)
        }
        let className: String?
        do { className = try Self.className(of: name, kind: kind) } catch {
            await abandonUpload(id, temporary: temporary, size: size)
            throw error
        }
        let destination = Self.destination(of: name, kind: kind, in: folder(of: id))
        do {
            try await fileWork.run {
                if FileManager.default.fileExists(atPath: destination.path) { try FileManager.default.removeItem(at: destination) }
                try FileManager.default.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
                try FileManager.default.moveItem(at: temporary, to: destination)
            }
        } catch {
            await abandonUpload(id, temporary: temporary, size: size)
            throw error
        }
        uploadsInFlight[id, default: 1] -= 1
        guard let current = jobs.firstIndex(where: { $0.id == id }) else { throw Refusal.notFound }
        if let earlier = jobs[current].files.firstIndex(where: { $0.name == name && $0.kind == kind }) {
            jobs[current].stagedBytes -= jobs[current].files[earlier].size
            jobs[current].files.remove(at: earlier)
        }
        let file = ImportJob.StagedFile(name: name, size: size, kind: kind, className: className)
        jobs[current].files.append(file)
        jobs[current].lastActivity = clock.now()
        return file
    }

    /// Drops an upload that failed: its file and the bytes it counted.
    package func abandonUpload(_ id: String, temporary: URL, size: Int64) async {
        await fileWork.remove([temporary])
        uploadsInFlight[id, default: 1] -= 1
        if let position = jobs.firstIndex(where: { $0.id == id }) {
            jobs[position].stagedBytes -= size
            jobs[position].lastActivity = clock.now()
        }
    }

    /// Starts a staged job: it is queued and runs when a slot is free; `whenEnded` is called once its import has ended
    /// (the dashboard then tells the NCMB pipeline that settings and class permissions may have changed).
    package func start(
        _ id: String, applicationId: String, actor: String, address: String?, whenEnded: @escaping @Sendable () -> Void = {}
    ) throws(Refusal) -> ImportJob {
        let position = try index(id, applicationId: applicationId)
        guard jobs[position].state == .staging else { throw Refusal.state(jobs[position].state) }
        guard uploadsInFlight[id, default: 0] == 0 else { throw Refusal.uploading }
        guard jobs[position].files.contains(where: { $0.kind == .export }) else { throw Refusal.empty }
        jobs[position].state = .queued
        jobs[position].startDate = clock.now()
        jobs[position].startedBy = (actor, address)
        endActions[id] = whenEnded
        queue.append(id)
        pump()
        return jobs[position]
    }

    /// Removes a job that is staging or has ended, with its files.
    package func remove(_ id: String, applicationId: String) async throws(Refusal) {
        let position = try index(id, applicationId: applicationId)
        let state = jobs[position].state
        guard state == .staging || state.hasEnded else { throw Refusal.state(state) }
        guard uploadsInFlight[id, default: 0] == 0 else { throw Refusal.uploading }
        jobs.remove(at: position)
        await fileWork.remove([folder(of: id)])
    }

    /// The report file of an ended job.
    package func report(_ id: String, applicationId: String) throws(Refusal) -> URL {
        let position = try index(id, applicationId: applicationId)
        guard jobs[position].hasReport else { throw Refusal.state(jobs[position].state) }
        return folder(of: id).appendingPathComponent(Self.reportFile)
    }

    /// Returns once the job has ended (at once when it has, or when there is no such job).
    package func ended(_ id: String) async {
        guard let job = jobs.first(where: { $0.id == id }), !job.state.hasEnded else { return }
        await withCheckedContinuation { continuation in waiters[id, default: []].append(continuation) }
    }

    // MARK: The run

    /// Starts queued jobs while slots are free.
    private func pump() {
        while running < limits.concurrentJobs, !queue.isEmpty {
            let id = queue.removeFirst()
            guard let position = jobs.firstIndex(where: { $0.id == id }) else { continue }
            jobs[position].state = .running
            running += 1
            let run = ImportJobRun(jobs: self, job: jobs[position], folder: folder(of: id))
            Task.detached { await run.run() }
        }
    }

    /// The importer moved on.
    func progressed(_ id: String, _ snapshot: ImportProgressSnapshot) {
        guard let position = jobs.firstIndex(where: { $0.id == id }) else { return }
        jobs[position].progress = snapshot
    }

    /// The importer reported an object it could not write.
    func failed(_ id: String, _ failure: ImportFailure) {
        guard let position = jobs.firstIndex(where: { $0.id == id }) else { return }
        jobs[position].failureCount += 1
        if jobs[position].failures.count < limits.failuresShown { jobs[position].failures.append(failure) }
    }

    /// A job's import ended: its state, summary or error; its staged files go, its report stays; the end is audited as
    /// the administrator who started it.
    func end(_ id: String, result: Result<ImportSummary, any Error>, hasReport: Bool) async {
        running -= 1
        defer { pump() }
        endActions.removeValue(forKey: id)?()
        guard let position = jobs.firstIndex(where: { $0.id == id }) else { return }
        jobs[position].endDate = clock.now()
        jobs[position].hasReport = hasReport
        switch result {
        case .success(let summary):
            jobs[position].state = .finished
            jobs[position].summary = summary
        case .failure(let error):
            jobs[position].state = .failed
            jobs[position].error = (error as? ImportError)?.description ?? String(describing: error)
        }
        let job = jobs[position]
        await fileWork.remove(
            [Self.exportFolder, Self.filesFolder, Self.uploadingFolder].map { folder(of: id).appendingPathComponent($0) })
        let total = job.summary?.total
        let detail: JSONObject = [
            "state": .string(job.state.rawValue), "imported": .integer(Int64(total?.imported ?? 0)),
            "replaced": .integer(Int64(total?.replaced ?? 0)), "skipped": .integer(Int64(total?.skipped ?? 0)),
            "failed": .integer(Int64(total?.failed ?? job.failureCount)), "error": job.error.map(JSONValue.string) ?? .null,
        ]
        do {
            try await storage.admins.appendAudit(
                AdminAuditEntry(
                    time: clock.now(), admin: job.startedBy?.email ?? job.createdBy, action: "import.finish",
                    application: job.applicationName, target: id, detail: detail, address: job.startedBy?.address))
        } catch {
            logger.error("the end of an import job could not be audited", metadata: ["job": "\(id)", "error": "\(error)"])
        }
        for waiter in waiters.removeValue(forKey: id) ?? [] { waiter.resume() }
        await forgetOldJobs()
    }

    // MARK: Helpers

    private func index(_ id: String, applicationId: String) throws(Refusal) -> Int {
        guard let position = jobs.firstIndex(where: { $0.id == id && $0.applicationId == applicationId }) else { throw Refusal.notFound }
        return position
    }

    private nonisolated func folder(of id: String) -> URL {
        directory.appendingPathComponent(id)
    }

    private func checkUnfinishedJobs() throws(Refusal) {
        let unfinished = jobs.filter { !$0.state.hasEnded }.count
        guard unfinished < limits.maximumUnfinishedJobs else { throw Refusal.tooManyJobs(limits.maximumUnfinishedJobs) }
    }

    /// Forgets the oldest ended jobs beyond ``Limits/keptJobs``, with their folders.
    private func forgetOldJobs() async {
        var folders: [URL] = []
        while jobs.count > limits.keptJobs, let oldest = jobs.firstIndex(where: { $0.state.hasEnded }) {
            folders.append(folder(of: jobs[oldest].id))
            jobs.remove(at: oldest)
        }
        if !folders.isEmpty { await fileWork.remove(folders) }
    }

    /// Removes, with their folders, the jobs still staging (no upload in flight) whose last upload or creation, and the
    /// ended jobs whose end, is more than ``Limits/keptForMilliseconds`` ago by the jobs' clock.
    private func sweepExpiredJobs() async {
        let cutoff = clock.now().millisecondsSince1970 - limits.keptForMilliseconds
        let expired = jobs.filter { job in
            switch job.state {
            case .staging:
                uploadsInFlight[job.id, default: 0] == 0 && (job.lastActivity ?? job.createDate).millisecondsSince1970 < cutoff
            case .finished, .failed: (job.endDate ?? job.createDate).millisecondsSince1970 < cutoff
            case .queued, .running: false
            }
        }.map(\.id)
        guard !expired.isEmpty else { return }
        jobs.removeAll { expired.contains($0.id) }
        await fileWork.remove(expired.map { folder(of: $0) })
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

    /// Where an uploaded file goes in a job's folder.
    static func destination(of name: String, kind: ImportFileKind, in folder: URL) -> URL {
        switch kind {
        case .export: folder.appendingPathComponent(exportFolder).appendingPathComponent(name)
        case .file: folder.appendingPathComponent(filesFolder).appendingPathComponent(name)
        }
    }
}
