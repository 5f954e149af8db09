import Foundation
import KumoImport
import KumoSeams
import KumoStorage
import NCMBWire

/// One job's import on the instance that claimed it: its staged blobs downloaded into a run folder, `kumo import`'s
/// ``Importer`` over that folder, its progress and failures reported to ``ImportJobs`` as they happen, its report
/// written as `kumo import --report` writes it, and its lease renewed every third of
/// ``ImportJobs/Limits/leaseMilliseconds`` — the import is cancelled when another instance took the job over.
struct ImportJobRun: Sendable {
    let jobs: ImportJobs
    let job: ImportJob
    let folder: URL

    func run() async {
        let reportPath = folder.appendingPathComponent(ImportJobs.reportFile)
        let (jobs, job, folder) = (jobs, job, folder)
        let work = Task { () async throws -> ImportSummary in
            try await Self.download(job, into: folder, jobs: jobs)
            return try await Self.importFiles(job, folder: folder, report: reportPath, jobs: jobs)
        }
        let renewal = Task {
            let interval = Duration.milliseconds(max(1, jobs.limits.leaseMilliseconds / 3))
            while !Task.isCancelled {
                do { try await Task.sleep(for: interval) } catch { return }
                guard await jobs.renew(job.id) else {
                    work.cancel()
                    return
                }
            }
        }
        let result = await work.result
        renewal.cancel()
        let hasReport = FileManager.default.fileExists(atPath: reportPath.path)
        await jobs.end(job.id, result: result, report: hasReport ? reportPath : nil)
    }

    /// Writes each staged blob to its place in the run folder.
    private static func download(_ job: ImportJob, into folder: URL, jobs: ImportJobs) async throws {
        let blobs = jobs.storage.blobs
        let fileWork = jobs.fileWork
        try await fileWork.run {
            for subfolder in [ImportJobs.exportFolder, ImportJobs.filesFolder] {
                try FileManager.default.createDirectory(at: folder.appendingPathComponent(subfolder), withIntermediateDirectories: true)
            }
        }
        for file in job.files {
            let destination = ImportJobs.destination(of: file.name, kind: file.kind, in: folder)
            let handle = try await fileWork.run {
                try FileManager.default.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
                guard FileManager.default.createFile(atPath: destination.path, contents: nil) else { throw CocoaError(.fileWriteUnknown) }
                return try FileHandle(forWritingTo: destination)
            }
            defer { try? handle.close() }
            var offset: Int64 = 0
            while true {
                try Task.checkCancellation()
                let bytes = try await blobs.read(
                    applicationId: ImportJobs.blobNamespace, blobId: file.blobId, offset: offset, length: 1 << 20)
                guard !bytes.isEmpty else { break }
                offset += Int64(bytes.count)
                let data = Data(bytes)
                try await fileWork.run { try handle.write(contentsOf: data) }
            }
        }
    }

    /// Runs the importer over the run folder.
    private static func importFiles(_ job: ImportJob, folder: URL, report: URL, jobs: ImportJobs) async throws -> ImportSummary {
        guard let application = try await jobs.storage.applications.application(applicationId: job.applicationId) else {
            throw ImportError.source("the application \(job.applicationName) was removed")
        }
        var options = ImportOptions(paths: [folder.appendingPathComponent(ImportJobs.exportFolder).path])
        options.isDryRun = job.isDryRun
        options.conflict = job.conflict
        if job.files.contains(where: { $0.kind == .file }) {
            options.filesDirectory = folder.appendingPathComponent(ImportJobs.filesFolder).path
        }
        let sink = JobReport(file: try ImportReportFile(path: report.path), jobs: jobs, id: job.id)
        let (clock, identifiers) = (jobs.clock, jobs.identifiers)
        let importer = Importer(
            storage: jobs.storage, application: application, options: options, progress: JobProgress(jobs: jobs, id: job.id),
            report: sink, clock: .live(now: { clock.now() }), newObjectId: { identifiers.objectId() })
        return try await importer.run().summary
    }
}

/// Hands each progress snapshot to the job.
private struct JobProgress: ImportProgressDisplay {
    let jobs: ImportJobs
    let id: String

    func update(_ snapshot: ImportProgressSnapshot) async { await jobs.progressed(id, snapshot) }
    func finish(_ snapshot: ImportProgressSnapshot) async { await jobs.progressed(id, snapshot) }
}

/// Writes the report file and tells the job of each failure.
private struct JobReport: ImportReportSink {
    let file: ImportReportFile
    let jobs: ImportJobs
    let id: String

    func record(_ failure: ImportFailure) async {
        await file.record(failure)
        await jobs.failed(id, failure)
    }

    func finish(_ summary: ImportSummary) async throws { try await file.finish(summary) }
}
