package import Hummingbird
import KumoSeams
package import KumoStorage
package import NCMBWire

/// Serves `/files` (docs/wire/endpoints/files.md): streamed multipart uploads into the `BlobStore`, streamed downloads,
/// ACL updates, deletes, metadata queries, and the unsigned public-file page (docs/wire/endpoints/browser-pages.md).
///
/// A file's metadata is an object of the standard class `file` stored through the `ObjectStore` (so the ACL decides
/// access inside SQL, docs/decisions/0003-existence-is-not-leaked.md): `fileName` (unique per application → 409
/// E409001), `mimeType`, `fileSize` and the hidden `blobId`; the wire shows exactly `fileName`, `mimeType`, `fileSize`,
/// `createDate`, `updateDate`, `acl`.
///
/// Every signed endpoint first passes the class-level permission of class `file` (`create`, `get`, `update`, `delete`,
/// `find`), as `/classes` requests do. Upload rules: `FilesController+Upload.swift`.
package struct FilesController: Sendable {
    let environment: ServerEnvironment
    let configuration: KumoConfiguration
    let classPermissions: ClassPermissionGate

    /// Serves one route of `/files`; an upload streams `request`'s body, which the responder left unread.
    package func handle(_ route: FileRoute, request: Request, context: KumoRequestContext) async throws -> APIResult {
        switch route {
        case .upload(let fileName): try await upload(fileName: fileName, request: request, context: context)
        case .download(let fileName): try await download(fileName: fileName, context: context)
        case .updateACL(let fileName, let body): try await updateACL(fileName: fileName, body: body, context: context)
        case .delete(let fileName): try await delete(fileName: fileName, context: context)
        case .find(let parameters): try await find(parameters: parameters, context: context)
        }
    }

    /// `POST /files/{fileName}` (multipart, streamed) → 201 `{"createDate","fileName"}` (F61, F62).
    package func upload(fileName: String, request: Request, context: KumoRequestContext) async throws -> APIResult {
        try await receiveUpload(fileName: fileName, request: request, context: context)
    }

    /// `GET /files/{fileName}` → 200 with the raw bytes and the stored content type (F67).
    package func download(fileName: String, context: KumoRequestContext) async throws -> APIResult {
        let application = try context.requireApplication()
        try await classPermissions.authorize(.get, className: .file, context: context)
        let file = try await metadata(
            fileName: fileName, applicationId: application.applicationId, access: context.identity.accessContext)
        let download = BlobDownload(applicationId: application.applicationId, blobId: file.blobId, size: file.fileSize)
        return .blob(200, contentType: file.mimeType, download)
    }

    /// `PUT /files/{fileName}` with `{"acl":{…}}` or a bare ACL map → 200 `{"updateDate"}` (F63, F64).
    ///
    /// A body whose only key is `acl` with an object value is the wrapped form; any other body is a bare ACL map
    /// (docs/wire/endpoints/files.md). Only the ACL changes. Missing or unreadable → 404 E404001; readable but not
    /// writable → 403 E403001 (docs/decisions/0003-existence-is-not-leaked.md).
    package func updateACL(fileName: String, body: JSONObject, context: KumoRequestContext) async throws -> APIResult {
        let application = try context.requireApplication()
        try await classPermissions.authorize(.update, className: .file, context: context)
        let aclValue: JSONValue
        if body.count == 1, case .object(let wrapped)? = body[FieldName.acl.rawValue] {
            aclValue = .object(wrapped)
        } else {
            aclValue = .object(body)
        }
        let acl = try AccessControlList(parsing: aclValue)
        let access = context.identity.accessContext
        let file = try await metadata(fileName: fileName, applicationId: application.applicationId, access: access)
        let update = ObjectUpdate(
            key: fileKey(applicationId: application.applicationId, objectId: file.objectId), updateDate: environment.clock.now(),
            operations: [], acl: acl)
        let stored = try await environment.storage.objects.update(update, access: access)
        return .json(200, UpdateResponse(updateDate: stored.updateDate).json)
    }

    /// `DELETE /files/{fileName}` → 200 with an empty body (F68).
    ///
    /// The metadata goes first (with the caller's access, docs/decisions/0003-existence-is-not-leaked.md), then the
    /// bytes; when deleting the bytes fails the file is gone anyway and the orphan sweep (`FileBlobSweeper`) removes
    /// them later.
    package func delete(fileName: String, context: KumoRequestContext) async throws -> APIResult {
        let application = try context.requireApplication()
        try await classPermissions.authorize(.delete, className: .file, context: context)
        let access = context.identity.accessContext
        let file = try await metadata(fileName: fileName, applicationId: application.applicationId, access: access)
        try await environment.storage.objects.delete(
            fileKey(applicationId: application.applicationId, objectId: file.objectId), access: access)
        await deleteBlob(applicationId: application.applicationId, blobId: file.blobId, logger: context.logger)
        return .empty(200)
    }

    /// `GET /files` → 200 `{"results":[…]}` (+ `"count"`) of file metadata (F65, F66).
    ///
    /// Every query parameter of `/classes` applies except `include` and `keys` (files have exactly six fields, always
    /// all shown); a `where` or `order` on the hidden `blobId` → 400 E400002 `"blobId is invalid."`.
    package func find(parameters: QueryParameters, context: KumoRequestContext) async throws -> APIResult {
        try await classPermissions.authorize(.find, className: .file, context: context)
        try HiddenFieldGuard.check(parameters, queryClass: .file)
        try await classPermissions.authorizeReads(of: parameters.whereQuery, context: context)
        var parameters = parameters
        parameters.include = []
        parameters.keys = nil
        return try await environment.findObjects(className: .file, parameters: parameters, context: context) {
            ObjectRendering.fileMetadata($0)
        }
    }

    /// `GET /2013-09-01/applications/{applicationId}/publicFiles/{fileName}`: the raw bytes without a signature when the
    /// application enables public files; 404 otherwise.
    ///
    /// Only files whose ACL lets everyone read (`"*"` read) are served, and only while the class-level `get`
    /// permission of `file` is public. Every refusal is 404 `{"code":"E404001","error":"No data available."}`. Only
    /// raster images are inline; everything else is an attachment, sandboxed and `nosniff`
    /// (docs/decisions/0120-client-bytes-never-run-in-kumos-origin.md).
    package func publicFile(fileName: String, application: HostedApplication) async throws -> Response {
        let notFound = Response.json(.notFound, KumoError(.noDataAvailable).responseBody)
        guard application.settings.publicFilesEnabled else { return notFound }
        let permissions = try await classPermissions.cache.permissions(applicationId: application.applicationId)
        if let filePermissions = permissions[.file], !filePermissions.permission(for: .get).isPublic { return notFound }
        let file: FileMetadata
        do {
            file = try await metadata(fileName: fileName, applicationId: application.applicationId, access: .anonymous)
        } catch StorageError.notFound {
            return notFound
        }
        let stream = BlobDownloadStream(
            blobs: environment.storage.blobs,
            download: BlobDownload(applicationId: application.applicationId, blobId: file.blobId, size: file.fileSize))
        do {
            try await stream.checkExists()
        } catch StorageError.notFound {
            return notFound
        }
        var response = stream.response(status: 200, contentType: file.mimeType)
        UntrustedContentHeaders.protectFile(&response.headers, contentType: file.mimeType, fileName: file.fileName)
        return response
    }
}
