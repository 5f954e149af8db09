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
/// left.
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
    private var jobs: [ImportJob] = []
    private var uploadsInFlight: [String: Int] = [:]
    private var running = 0
    private var queue: [String] = []
    private var waiters: [String: [CheckedContinuation<Void, Never>]] = [:]
    private var uploadCounter = 0

    /// Creates the jobs over an empty staging folder: whatever an earlier process left in `directory` is removed.
    ///
    /// - Throws: when the folder cannot be emptied or created.
    package init(
        directory: URL, limits: Limits = Limits(), storage: any StorageBackend, clock: any WallClock,
        identifiers: any IdentifierGenerator, logger: Logger
    ) throws {
        if FileManager.default.fileExists(atPath: directory.path) { try FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        self.directory = directory
        self.limits = limits
        self.storage = storage
        self.clock = clock
        self.identifiers = identifiers
        self.logger = logger
    }

    /// Creates a job that takes uploads.
    package func create(
        application: HostedApplication, isDryRun: Bool, conflict: BulkConflictMode, createdBy: String
    ) throws -> ImportJob {
        let unfinished = jobs.filter { !$0.state.hasEnded }.count
        guard unfinished < limits.maximumUnfinishedJobs else { throw Refusal.tooManyJobs(limits.maximumUnfinishedJobs) }
        let job = ImportJob(
            id: identifiers.randomString(length: 16, alphabet: IdentifierAlphabet.alphanumeric), applicationId: application.applicationId,
            applicationName: application.name, isDryRun: isDryRun, conflict: conflict, createdBy: createdBy, createDate: clock.now())
        for subfolder in [Self.exportFolder, Self.filesFolder, Self.uploadingFolder] {
            try FileManager.default.createDirectory(
                at: folder(of: job.id).appendingPathComponent(subfolder), withIntermediateDirectories: true)
        }
        jobs.append(job)
        forgetOldJobs()
        return job
    }

    /// The jobs of an application, newest first.
    package func list(applicationId: String) -> [ImportJob] {
        jobs.filter { $0.applicationId == applicationId }.reversed()
    }

    /// A job of an application.
    package func job(_ id: String, applicationId: String) throws(Refusal) -> ImportJob {
        jobs[try index(id, applicationId: applicationId)]
    }

    /// Begins an upload: checks the job and the name, and returns the temporary file to write.
    package func beginUpload(_ id: String, applicationId: String, kind: ImportFileKind, name: String) throws -> URL {
        let position = try index(id, applicationId: applicationId)
        guard jobs[position].state == .staging else { throw Refusal.state(jobs[position].state) }
        _ = try Self.className(of: name, kind: kind)
        uploadsInFlight[id, default: 0] += 1
        uploadCounter += 1
        let file = folder(of: id).appendingPathComponent(Self.uploadingFolder).appendingPathComponent("upload-\(uploadCounter)")
        guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
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
    package func finishUpload(_ id: String, kind: ImportFileKind, name: String, temporary: URL, size: Int64) throws -> ImportJob.StagedFile
    {
        uploadsInFlight[id, default: 1] -= 1
        guard let position = jobs.firstIndex(where: { $0.id == id }), jobs[position].state == .staging else {
            try? FileManager.default.removeItem(at: temporary)
            throw Refusal.state(jobs.first { $0.id == id }?.state ?? .failed)
        }
        let destination = Self.destination(of: name, kind: kind, in: folder(of: id))
        if let earlier = jobs[position].files.firstIndex(where: { $0.name == name && $0.kind == kind }) {
            jobs[position].stagedBytes -= jobs[position].files[earlier].size
            jobs[position].files.remove(at: earlier)
            try? FileManager.default.removeItem(at: destination)
        }
        try FileManager.default.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.moveItem(at: temporary, to: destination)
        let file = ImportJob.StagedFile(name: name, size: size, kind: kind, className: try Self.className(of: name, kind: kind))
        jobs[position].files.append(file)
        return file
    }

    /// Drops an upload that failed: its file and the bytes it counted.
    package func abandonUpload(_ id: String, temporary: URL, size: Int64) {
        uploadsInFlight[id, default: 1] -= 1
        try? FileManager.default.removeItem(at: temporary)
        if let position = jobs.firstIndex(where: { $0.id == id }) { jobs[position].stagedBytes -= size }
    }

    /// Starts a staged job: it is queued and runs when a slot is free.
    package func start(_ id: String, applicationId: String, actor: String, address: String?) throws(Refusal) -> ImportJob {
        let position = try index(id, applicationId: applicationId)
        guard jobs[position].state == .staging else { throw Refusal.state(jobs[position].state) }
        guard uploadsInFlight[id, default: 0] == 0 else { throw Refusal.uploading }
        guard jobs[position].files.contains(where: { $0.kind == .export }) else { throw Refusal.empty }
        jobs[position].state = .queued
        jobs[position].startDate = clock.now()
        jobs[position].startedBy = (actor, address)
        queue.append(id)
        pump()
        return jobs[position]
    }

    /// Removes a job that is staging or has ended, with its files.
    package func remove(_ id: String, applicationId: String) throws(Refusal) {
        let position = try index(id, applicationId: applicationId)
        let state = jobs[position].state
        guard state == .staging || state.hasEnded else { throw Refusal.state(state) }
        guard uploadsInFlight[id, default: 0] == 0 else { throw Refusal.uploading }
        jobs.remove(at: position)
        try? FileManager.default.removeItem(at: folder(of: id))
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
        for subfolder in [Self.exportFolder, Self.filesFolder, Self.uploadingFolder] {
            try? FileManager.default.removeItem(at: folder(of: id).appendingPathComponent(subfolder))
        }
        let job = jobs[position]
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
        forgetOldJobs()
    }

    // MARK: Helpers

    private func index(_ id: String, applicationId: String) throws(Refusal) -> Int {
        guard let position = jobs.firstIndex(where: { $0.id == id && $0.applicationId == applicationId }) else { throw Refusal.notFound }
        return position
    }

    private nonisolated func folder(of id: String) -> URL {
        directory.appendingPathComponent(id)
    }

    /// Forgets the oldest ended jobs beyond ``Limits/keptJobs``, with their folders.
    private func forgetOldJobs() {
        while jobs.count > limits.keptJobs, let oldest = jobs.firstIndex(where: { $0.state.hasEnded }) {
            try? FileManager.default.removeItem(at: folder(of: jobs[oldest].id))
            jobs.remove(at: oldest)
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

    /// Where an uploaded file goes in a job's folder.
    static func destination(of name: String, kind: ImportFileKind, in folder: URL) -> URL {
        switch kind {
        case .export: folder.appendingPathComponent(exportFolder).appendingPathComponent(name)
        case .file: folder.appendingPathComponent(filesFolder).appendingPathComponent(name)
        }
    }
}
