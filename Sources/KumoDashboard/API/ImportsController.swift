import Foundation
import HTTPTypes
import Hummingbird
import KumoImportJobs
import KumoSeams
import KumoStorage
import NCMBWire
import NIOCore

/// `/apps/{app}/imports…` (docs/dashboard.md#import-and-export): import jobs that take uploaded NCMB export files and
/// run `kumo import`'s importer in the background (``ImportJobs``). Jobs are rows of the database and their files blobs, so
/// any instance answers for any job; uploads stream into the blob store; changes are audited.
struct ImportsController: Sendable {
    let environment: DashboardEnvironment

    func handle(
        _ request: DashboardAPIRoute.ImportsRequest, application: HostedApplication, call: DashboardAPI.Call
    ) async throws -> Response {
        guard let jobs = environment.imports else {
            return DashboardResponses.error(.serviceUnavailable, code: "unavailable", "Imports need the server's data directory.")
        }
        let applicationId = application.applicationId
        do {
            switch request {
            case .list:
                let results = try await jobs.list(applicationId: applicationId).map(\.json)
                return DashboardResponses.json(.ok, ["results": .array(results)])
            case .create:
                return try await create(jobs, application: application, call: call)
            case .get(let id):
                return DashboardResponses.json(.ok, try await jobs.job(id, applicationId: applicationId).json)
            case .upload(let id, let kind, let name):
                return try await upload(jobs, id: id, kind: kind, name: name, application: application, call: call)
            case .start(let id):
                // An import may restore settings and class permissions: the NCMB pipeline reads them again after it.
                let calls = environment.calls
                let job = try await jobs.start(
                    id, applicationId: applicationId, actor: call.session.email, address: call.client.address,
                    whenEnded: { calls.applicationChanged(applicationId: applicationId) })
                await audit(
                    "import.start", id: id, application: application, call: call,
                    detail: [
                        "dryRun": .bool(job.isDryRun), "onConflict": .string(job.conflict.rawValue),
                        "files": .integer(Int64(job.files.count)), "bytes": .integer(job.stagedBytes),
                    ])
                return DashboardResponses.json(.accepted, job.json)
            case .report(let id):
                let report = try await jobs.report(id, applicationId: applicationId)
                return FileStream.response(
                    blobs: report.blobs, applicationId: ImportJobs.blobNamespace, blobId: report.blobId, size: report.size,
                    contentType: "application/x-ndjson; charset=utf-8", downloadName: "import-\(id)-report.jsonl")
            case .remove(let id):
                try await jobs.remove(id, applicationId: applicationId)
                await audit("import.remove", id: id, application: application, call: call)
                return DashboardResponses.json(.ok, JSONValue.object([:]))
            }
        } catch let refusal as ImportJobs.Refusal {
            return Self.response(for: refusal)
        }
    }

    private func create(_ jobs: ImportJobs, application: HostedApplication, call: DashboardAPI.Call) async throws -> Response {
        var body = JSONObject()
        if !call.body.isEmpty {
            guard let object = DashboardAPI.object(call.body) else { return DashboardAnswers.invalid("body", "must be a JSON object.") }
            body = object
        }
        var isDryRun = false
        if let value = body["dryRun"] {
            guard case .bool(let flag) = value else { return DashboardAnswers.invalid("dryRun", "must be true or false.") }
            isDryRun = flag
        }
        var conflict = BulkConflictMode.skip
        if let value = body["onConflict"] {
            guard let text = value.stringValue, let mode = BulkConflictMode(rawValue: text) else {
                return DashboardAnswers.invalid("onConflict", "must be skip, replace or fail.")
            }
            conflict = mode
        }
        let job = try await jobs.create(application: application, isDryRun: isDryRun, conflict: conflict, createdBy: call.session.email)
        await audit("import.create", id: job.id, application: application, call: call)
        return DashboardResponses.json(.created, job.json)
    }

    /// Hands the body to ``ImportJobs/upload(_:applicationId:kind:name:declaredLength:body:)`` as it streams, which counts
    /// it against the job's limit and refuses a declared `Content-Length` over what the job may still take before the
    /// body is read.
    private func upload(
        _ jobs: ImportJobs, id: String, kind: ImportFileKind, name: String, application: HostedApplication, call: DashboardAPI.Call
    ) async throws -> Response {
        let puller = BodyPuller(call.streamedBody ?? RequestBody(buffer: ByteBuffer(bytes: call.body)))
        let file = try await jobs.upload(
            id, applicationId: application.applicationId, kind: kind, name: name,
            declaredLength: call.headers[.contentLength].flatMap { Int64($0) },
            body: AsyncThrowingStream(unfolding: { try await puller.next() }))
        await audit(
            "import.upload", id: id, application: application, call: call,
            detail: ["name": .string(name), "size": .integer(file.size), "kind": .string(kind.rawValue)])
        return DashboardResponses.json(
            .created,
            [
                "name": .string(file.name), "size": .integer(file.size), "kind": .string(file.kind.rawValue),
                "className": file.className.map(JSONValue.string) ?? .null,
            ])
    }

    private func audit(
        _ action: String, id: String, application: HostedApplication, call: DashboardAPI.Call, detail: JSONObject = [:]
    ) async {
        await environment.audit(call, action, application: application, target: id, detail: detail)
    }

    static func response(for refusal: ImportJobs.Refusal) -> Response {
        switch refusal {
        case .notFound: DashboardResponses.error(.notFound, code: "notFound", "No such import job in this application.")
        case .state(let state): DashboardResponses.error(.conflict, code: "state", "The import job is \(state.rawValue).")
        case .uploading: DashboardResponses.error(.conflict, code: "uploading", "An upload into the import job is not finished.")
        case .tooManyJobs(let limit):
            DashboardResponses.error(.conflict, code: "tooManyJobs", "\(limit) import jobs have not ended; remove or start one first.")
        case .tooLarge(let limit):
            DashboardResponses.error(
                .contentTooLarge, code: "tooLarge", "An import job holds at most \(limit) bytes; import larger exports with kumo import.")
        case .name(let name):
            DashboardAnswers.invalid(
                "name", "\(name) is not <Class>.json, manifest.json or relations/<Class>.json (or, for file bytes, a file name).")
        case .empty: DashboardResponses.error(.badRequest, code: "empty", "Upload at least one export file before starting.")
        }
    }
}
