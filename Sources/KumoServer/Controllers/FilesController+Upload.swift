import Hummingbird
import KumoSeams
import KumoStorage
import Logging
import NIOCore
import NCMBWire

/// `POST /files/{fileName}`: the multipart body is read as it arrives and the file part goes straight to a
/// `BlobWriter` (docs/wire/endpoints/files.md#multipart-upload-vectors), so an upload never sits in memory.
///
/// Order of checks and answers:
/// 1. `Content-Type` other than `multipart/form-data` with a boundary → 415 E415001 (F70, unsigned).
/// 2. The class-level `create` permission of `file` → 403 E403001.
/// 3. A declared `Content-Length` over the application's `maximumFileSize` plus ``multipartOverheadAllowance`` → 413
///    E413001 before any byte is read; while reading, more than `maximumFileSize` file bytes, or more than the allowance of
///    other bytes (part headers, boundaries, `acl`, ignored parts) → 413 E413001 (F69).
/// 4. A malformed body, a body cut inside a part, or a second `file` part → 400 E400004 `"file is invalid format."`; no
///    `file` part → 400 E400003 `"file is empty."`.
/// 5. The `acl` part: not JSON → 400 E400001; not an ACL, or over 64 KiB → 400 E400002 `"acl is invalid."`. An empty
///    `acl` part counts as no ACL: the application's `defaultObjectACL` applies (docs/decisions/0005-default-acl.md).
/// 6. The blob is committed, then the metadata object is created; a taken name → 409 E409001 `"fileName is
///    duplication."`. Whatever fails, the blob is aborted or deleted: no orphan bytes, no metadata without bytes.
///
/// The name in the path wins; the `filename` of the part is informational. The MIME type is the `file` part's
/// `Content-Type`, else the type of the name's extension, else `application/octet-stream`.
extension FilesController {
    /// Body bytes allowed beyond the file itself: boundaries, part headers and the `acl` part.
    static let multipartOverheadAllowance: Int64 = 128 * 1024
    /// File bytes are handed to the blob writer in pieces of about this size.
    static let writeChunkLength = 256 * 1024

    /// What the multipart body held, once fully read.
    struct ReceivedUpload {
        /// The `Content-Type` of the `file` part.
        var partContentType: String?
        /// The text of the `acl` part, if one came.
        var aclText: [UInt8]?
    }

    /// Streams the upload into a new blob, commits it, and creates the metadata object.
    func receiveUpload(fileName: String, request: Request, context: KumoRequestContext) async throws -> APIResult {
        let application = try context.requireApplication()
        guard let boundary = MultipartUploadReader.boundary(contentType: request.headers[.contentType]) else {
            throw KumoError(.unsupportedMediaType)
        }
        try await classPermissions.authorize(.create, className: .file, context: context)
        let limit = application.settings.maximumFileSize
        if let declared = request.headers[.contentLength].flatMap(Int64.init), declared > limit + Self.multipartOverheadAllowance {
            throw KumoError(.fileSizeLimitError)
        }
        let blobs = environment.storage.blobs
        let writer = try await blobs.makeWriter(applicationId: application.applicationId)
        let acl: AccessControlList
        let mimeType: String
        let fileSize: Int64
        do {
            let upload = try await receive(request.body, boundary: boundary, limit: limit, writer: writer)
            acl = try upload.aclText.flatMap(Self.parseACL) ?? application.settings.defaultObjectACL
            mimeType = FileMIMEType.resolved(partContentType: upload.partContentType, fileName: fileName)
            fileSize = try await writer.commit()
        } catch {
            await writer.abort()
            throw error
        }
        return try await createMetadata(
            fileName: fileName, mimeType: mimeType, fileSize: fileSize, acl: acl, blobId: writer.blobId, application: application,
            context: context)
    }

    /// Creates the metadata object of a committed blob → 201 `{"createDate","fileName"}`; when that fails (a taken name
    /// → 409 E409001) the blob is deleted, so no bytes stay behind without metadata.
    func createMetadata(
        fileName: String, mimeType: String, fileSize: Int64, acl: AccessControlList, blobId: String, application: HostedApplication,
        context: KumoRequestContext
    ) async throws -> APIResult {
        let createDate = environment.clock.now()
        let stored: StoredObject
        do {
            stored = try await environment.createWithFreshObjectId { objectId in
                NewObject(
                    key: fileKey(applicationId: application.applicationId, objectId: objectId), createDate: createDate,
                    operations: [
                        (StandardField.File.fileName, .set(.string(fileName))), (StandardField.File.mimeType, .set(.string(mimeType))),
                        (StandardField.File.fileSize, .set(.integer(fileSize))), (StandardField.File.blobId, .set(.string(blobId))),
                    ],
                    acl: acl)
            }
        } catch {
            await deleteBlob(applicationId: application.applicationId, blobId: blobId, logger: context.logger)
            throw error
        }
        return .json(201, ["createDate": .string(stored.createDate.formatted), StandardField.File.fileName.rawValue: .string(fileName)])
    }

    /// Reads the whole body, writing the file part's bytes to `writer` as they come.
    private func receive(_ body: RequestBody, boundary: String, limit: Int64, writer: any BlobWriter) async throws -> ReceivedUpload {
        let reader = MultipartUploadReader(boundary: boundary)
        var writtenBytes: Int64 = 0
        var totalBytes: Int64 = 0
        var buffers = body.makeAsyncIterator()
        while let buffer = try await Self.nextBuffer(&buffers) {
            totalBytes += Int64(buffer.readableBytes)
            try reader.consume(buffer)
            let fileBytes = writtenBytes + Int64(reader.pendingFileByteCount)
            guard fileBytes <= limit, totalBytes - fileBytes <= Self.multipartOverheadAllowance else {
                throw KumoError(.fileSizeLimitError)
            }
            if reader.pendingFileByteCount >= Self.writeChunkLength {
                let bytes = reader.takeFileBytes()
                try await writer.write(bytes)
                writtenBytes += Int64(bytes.count)
            }
        }
        try reader.finish()
        if reader.pendingFileByteCount > 0 { try await writer.write(reader.takeFileBytes()) }
        return ReceivedUpload(partContentType: reader.fileContentType, aclText: reader.aclText)
    }

    /// The next buffer of a request body; a broken body or a client gone away is 400 E400000, not a server error
    /// (docs/decisions/0063-framing-errors-answer-ncmb-json.md).
    private static func nextBuffer(_ buffers: inout RequestBody.AsyncIterator) async throws -> ByteBuffer? {
        do {
            return try await buffers.next()
        } catch {
            throw APIResponder.bodyReadError(error)
        }
    }

    /// The ACL of an `acl` part, or `nil` when the part is empty (only white space).
    ///
    /// - Throws: E400001 when the text is not JSON, E400002 `"acl is invalid."` when it is not an ACL.
    static func parseACL(_ text: [UInt8]) throws -> AccessControlList? {
        let isBlank = text.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == 0x0A || $0 == 0x0D }
        guard !isBlank else { return nil }
        let value: JSONValue
        do {
            value = try JSONValue(parsing: text)
        } catch {
            throw KumoError(.invalidJson)
        }
        return try AccessControlList(parsing: value)
    }

    /// Deletes a blob whose metadata is gone or was never written; a failure is logged, and the orphan sweep
    /// (`FileBlobSweeper`) removes the bytes later.
    func deleteBlob(applicationId: String, blobId: String, logger: Logger) async {
        do {
            try await environment.storage.blobs.delete(applicationId: applicationId, blobId: blobId)
        } catch {
            logger.warning("could not delete a file's bytes", metadata: ["blobId": "\(blobId)", "error": "\(error)"])
        }
    }
}
