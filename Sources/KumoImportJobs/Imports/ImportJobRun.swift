import Foundation
import KumoImport
import KumoSeams
import KumoStorage
import NCMBWire

/// One job's import: `kumo import`'s ``Importer`` over the job's staged folder, its progress and failures reported to
/// ``ImportJobs`` as they happen, its report written as `kumo import --report` writes it.
struct ImportJobRun: Sendable {
    let jobs: ImportJobs
    let job: ImportJob
    let folder: URL

    func run() async {
        let reportPath = folder.appendingPathComponent(ImportJobs.reportFile).path
        var hasReport = false
        let result: Result<ImportSummary, any Error>
        do {
            guard let application = try await jobs.storage.applications.application(applicationId: job.applicationId) else {
                throw ImportError.source("the application \(job.applicationName) was removed")
            }
            var options = ImportOptions(paths: [folder.appendingPathComponent(ImportJobs.exportFolder).path])
            options.isDryRun = job.isDryRun
            options.conflict = job.conflict
            if job.files.contains(where: { $0.kind == .file }) {
                options.filesDirectory = folder.appendingPathComponent(ImportJobs.filesFolder).path
            }
            let report = JobReport(file: try ImportReportFile(path: reportPath), jobs: jobs, id: job.id)
            hasReport = true
            let (clock, identifiers) = (jobs.clock, jobs.identifiers)
            let importer = Importer(
                storage: jobs.storage, application: application, options: options, progress: JobProgress(jobs: jobs, id: job.id),
                report: report, clock: .live(now: { clock.now() }), newObjectId: { identifiers.objectId() })
            result = .success(try await importer.run().summary)
        } catch {
            result = .failure(error)
        }
        await jobs.end(job.id, result: result, hasReport: hasReport)
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
