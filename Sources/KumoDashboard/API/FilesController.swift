import HTTPTypes
import Hummingbird
import KumoSeams
import KumoStorage
import NCMBWire
import NIOCore

/// `/apps/{app}/files…` (docs/dashboard.md#files): NCMB's file find, ACL update and delete as administrator calls; an
/// upload streams the raw body through ``AdministratorCalls/upload(_:)``; a download streams the bytes with headers
/// that keep them from running in the dashboard's origin (``FileDownloadHeaders``). Changes are audited.
struct FilesController: Sendable {
    let environment: DashboardEnvironment
    /// The dashboard's cap on an upload (the application's maximum file size applies too).
    let maximumUploadBytes: Int64

    func handle(
        _ request: DashboardAPIRoute.FilesRequest, application: HostedApplication, call: DashboardAPI.Call
    ) async throws -> Response {
        switch request {
        case .find(let items):
            do {
                let parameters = try QueryParameters(queryItems: items.map(\.tuple))
                return DashboardAnswers.ncmb(await environment.perform(.files(.find(parameters)), application: application))
            } catch {
                return DashboardAnswers.ncmb(error)
            }
        case .upload(let fileName, let acl):
            return try await upload(fileName: fileName, acl: acl, application: application, call: call)
        case .content(let fileName):
            return await content(fileName: fileName, application: application)
        case .updateACL(let fileName):
            guard let body = DashboardAPI.object(call.body) else { return DashboardAnswers.ncmb(APIError(.invalidJson)) }
            let response = await environment.perform(.files(.updateACL(fileName: fileName, body)), application: application)
            if DashboardAnswers.succeeded(response) {
                await environment.audit(call, "file.updateACL", application: application, target: fileName)
            }
            return DashboardAnswers.ncmb(response)
        case .delete(let fileName):
            let response = await environment.perform(.files(.delete(fileName: fileName)), application: application)
            if DashboardAnswers.succeeded(response) {
                await environment.audit(call, "file.delete", application: application, target: fileName)
            }
            return DashboardAnswers.ncmb(response)
        }
    }

    /// Streams the body into the file store; a declared `Content-Length` over the limit is refused before reading.
    private func upload(fileName: String, acl: String?, application: HostedApplication, call: DashboardAPI.Call) async throws -> Response {
        let puller = BodyPuller(call.streamedBody ?? RequestBody(buffer: ByteBuffer()))
        let contentType = call.headers[.contentType]
        let response = await environment.calls.upload(
            AdministratorUpload(
                applicationId: application.applicationId, fileName: fileName, contentType: contentType,
                declaredLength: call.headers[.contentLength].flatMap { Int64($0) }, acl: acl, maximumSize: maximumUploadBytes,
                body: AsyncThrowingStream(unfolding: { try await puller.next() })))
        if DashboardAnswers.succeeded(response) {
            await environment.audit(
                call, "file.upload", application: application, target: fileName,
                detail: ["contentType": contentType.map(JSONValue.string) ?? .null, "fileSize": .integer(puller.receivedBytes)])
        }
        return DashboardAnswers.ncmb(response)
    }

    /// The file's bytes with ``FileDownloadHeaders``, streamed in bounded chunks.
    private func content(fileName: String, application: HostedApplication) async -> Response {
        switch await environment.calls.download(applicationId: application.applicationId, fileName: fileName) {
        case .failure(let response):
            return DashboardAnswers.ncmb(response)
        case .file(let contentType, let size, let reader):
            let body = ResponseBody(contentLength: Int(size)) { writer in
                try await reader.forEachChunk { chunk in try await writer.write(ByteBuffer(bytes: chunk)) }
                try await writer.finish(nil)
            }
            return Response(
                status: .ok, headers: FileDownloadHeaders.fields(contentType: contentType, fileName: fileName, size: size), body: body)
        }
    }
}

/// Hands a request body's buffers to an upload one at a time, only when it asks (never reading ahead), and counts them.
final class BodyPuller: @unchecked Sendable {
    // Unchecked: only the upload's one consuming task calls `next()`, and it awaits each call before the next
    // (`AsyncThrowingStream(unfolding:)`); `receivedBytes` is read after the upload ended.
    private var iterator: RequestBody.AsyncIterator
    /// The bytes handed on so far.
    private(set) var receivedBytes: Int64 = 0

    init(_ body: RequestBody) {
        iterator = body.makeAsyncIterator()
    }

    /// The next buffer's bytes, or `nil` at the end of the body.
    func next() async throws -> [UInt8]? {
        guard let buffer = try await iterator.next() else { return nil }
        receivedBytes += Int64(buffer.readableBytes)
        return Array(buffer.readableBytesView)
    }
}
