import Hummingbird
package import KumoSeams
import KumoStorage
import Logging
import NCMBWire

extension APIResponder {
    /// An administrator's upload with a raw body: the file name is checked as the route table checks `{fileName}`
    /// (E400002 for a bad name), the application comes from the call, and `FilesController` streams the body into the
    /// blob store with the multipart upload's rules (``FilesController/receiveRawUpload(fileName:contentType:declaredLength:aclText:cap:body:context:)``).
    package func upload(_ upload: AdministratorUpload) async -> AdministratorResponse {
        await administratorFile(applicationId: upload.applicationId, route: .files(.upload(fileName: upload.fileName)), failure: { $0 }) {
            context, fileName in
            let result = try await files.receiveRawUpload(
                fileName: fileName, contentType: upload.contentType, declaredLength: upload.declaredLength, aclText: upload.acl,
                cap: upload.maximumSize, body: upload.body, context: context)
            guard case .json(let status, let value) = result else {
                throw KumoError(.invalidFormat, underlying: "an upload answered something other than JSON")
            }
            return AdministratorResponse(status: status, body: value.serializedBytes(), json: value)
        }
    }

    /// An administrator's download: the file's metadata read with bypass access, its blob checked to exist, and a
    /// reader over its bytes in chunks of `BlobDownloadStream.chunkLength`.
    package func download(applicationId: String, fileName: String) async -> AdministratorDownload {
        await administratorFile(
            applicationId: applicationId, route: .files(.download(fileName: fileName)), failure: AdministratorDownload.failure
        ) {
            context, fileName in
            let application = try context.requireApplication()
            let file = try await files.metadata(fileName: fileName, applicationId: application.applicationId, access: .bypass)
            let stream = BlobDownloadStream(
                blobs: environment.storage.blobs,
                download: BlobDownload(applicationId: application.applicationId, blobId: file.blobId, size: file.fileSize))
            try await stream.checkExists()
            let reader = AdministratorFileReader { body in try await stream.forEachChunk(body) }
            return .file(contentType: file.mimeType, size: file.fileSize, read: reader)
        }
    }

    /// Checks the file route's name as the route table checks `{fileName}`, loads the application as the
    /// administrator's context, and runs `body` with the file name; a failure is NCMB's error body, handed to
    /// `failure`.
    private func administratorFile<Answer>(
        applicationId: String, route: APIRoute, failure: (AdministratorResponse) -> Answer,
        _ body: (KumoRequestContext, String) async throws -> Answer
    ) async -> Answer {
        var context = KumoRequestContext(inProcessLogger: environment.logger)
        context.identity = .administrator
        context.endpointName = route.endpoint.name
        do {
            let fileName: String
            switch route {
            case .files(.upload(let name)), .files(.download(let name)): fileName = try FileRoute.checkedFileName(name)
            default: throw KumoError(.invalidFormat, underlying: "not an upload or a download")
            }
            guard let application = try await environment.storage.applications.application(applicationId: applicationId) else {
                throw KumoError(.noSuchApplication)
            }
            context.application = application
            return try await body(context, fileName)
        } catch {
            let kumoError = KumoError.from(error)
            if kumoError.code.status >= 500 {
                context.logger.error(
                    "administrator file call failed", metadata: ["code": "\(kumoError.code.code)", "error": "\(kumoError)"])
            }
            return failure(AdministratorResponse(status: kumoError.code.status, body: kumoError.responseBody, json: kumoError.responseJSON))
        }
    }
}
