import KumoSeams
import KumoStorage
import NCMBWire

/// Uploads with a raw body instead of a multipart form: the dashboard's, through ``AdministratorCalls/upload(_:)``
/// (docs/dashboard.md#files). Everything after the body is the multipart upload's: the same limit (the smaller of the
/// application's `maximumFileSize` and the caller's cap), ACL parsing, MIME type, blob commit and metadata.
///
/// Order of checks: the class-level `create` permission; a declared length over the limit → 413 E413001 before any
/// byte is read; the ACL text (not JSON → 400 E400001, not an ACL → 400 E400002); then the bytes, streamed into a
/// `BlobWriter` in pieces of ``writeChunkLength`` — more than the limit → 413 E413001, a broken body → 400 E400000 —
/// and on any failure the blob is aborted.
extension FilesController {
    /// Streams `body` into a new blob and creates the file's metadata → 201 `{"createDate","fileName"}`.
    func receiveRawUpload(
        fileName: String, contentType: String?, declaredLength: Int64?, aclText: String?, cap: Int64,
        body: AsyncThrowingStream<[UInt8], any Error>, context: KumoRequestContext
    ) async throws -> APIResult {
        let application = try context.requireApplication()
        try await classPermissions.authorize(.create, className: .file, context: context)
        let limit = min(application.settings.maximumFileSize, cap)
        if let declaredLength, declaredLength > limit { throw KumoError(.fileSizeLimitError) }
        let acl = try aclText.flatMap { try Self.parseACL(Array($0.utf8)) } ?? application.settings.defaultObjectACL
        let writer = try await environment.storage.blobs.makeWriter(applicationId: application.applicationId)
        let fileSize = try await writer.fill { try await Self.copy(body, to: writer, limit: limit) }
        return try await createMetadata(
            fileName: fileName, mimeType: FileMIMEType.resolved(partContentType: contentType, fileName: fileName), fileSize: fileSize,
            acl: acl, blobId: writer.blobId, application: application, context: context)
    }

    /// Writes the body to `writer` in pieces of about ``writeChunkLength`` bytes, holding at most one piece.
    ///
    /// - Throws: E413001 past `limit` bytes; E400000 when the body breaks off.
    private static func copy(_ body: AsyncThrowingStream<[UInt8], any Error>, to writer: any BlobWriter, limit: Int64) async throws {
        var received: Int64 = 0
        var pending: [UInt8] = []
        var chunks = body.makeAsyncIterator()
        while true {
            let next: [UInt8]?
            do {
                next = try await chunks.next()
            } catch {
                throw APIResponder.bodyReadError(error)
            }
            guard let chunk = next else { break }
            received += Int64(chunk.count)
            guard received <= limit else { throw KumoError(.fileSizeLimitError) }
            pending.append(contentsOf: chunk)
            if pending.count >= writeChunkLength {
                try await writer.write(pending)
                pending.removeAll(keepingCapacity: true)
            }
        }
        if !pending.isEmpty { try await writer.write(pending) }
    }
}
