public import Foundation
internal import NCMBWire

extension NCMBFile {
    /// Uploads `data` as this file (`POST /files/{fileName}`, `multipart/form-data`), with the ``acl`` when one is set.
    ///
    /// On success the file takes the `createDate` the server returned.
    ///
    /// - Parameter data: The file's bytes.
    /// - Throws: ``NCMBApiError`` for a server error (E409001 for a name in use, E413001 for a file over the
    ///   application's size limit) or, without a request, E400003 ("fileName is empty.") for an empty ``fileName``; the transport's error when
    ///   no response arrived (uploads wait up to 120 seconds by default).
    /// - Note: A Kumo addition; ncmb_swift has only the blocking and callback forms.
    public func save(data: Data) async throws {
        try await upload(data, progress: nil)
    }

    /// Uploads `data` as this file, as ``save(data:)`` does, reporting the bytes sent as they travel.
    ///
    /// ```swift
    /// try await file.save(data: video) { progress in
    ///     if progress.direction == .upload, let fraction = progress.fractionCompleted { print(fraction) }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - data: The file's bytes.
    ///   - progress: Called on a background thread as the upload (the multipart body, a little larger than `data`)
    ///     and then the server's short answer travel. With a transport other than ``URLSessionTransport`` that does
    ///     not report progress itself, it is called once per direction, complete, when the answer arrived.
    /// - Throws: The errors of ``save(data:)``.
    /// - Note: A Kumo addition.
    public func save(data: Data, progress: @escaping NCMBProgressHandler) async throws {
        try await upload(data, progress: progress)
    }

    /// Downloads the file's bytes (`GET /files/{fileName}`).
    ///
    /// - Returns: The bytes as stored; they are never read as JSON.
    /// - Throws: ``NCMBApiError`` for a server error (E404001 for a missing file or one the caller may not read) or,
    ///   without a request, E400003 ("fileName is empty.") for an empty ``fileName``; the transport's error when no response arrived.
    /// - Note: A Kumo addition; ncmb_swift has only the blocking and callback forms.
    public func fetch() async throws -> Data {
        try await NCMBFileService(context: context).download(fileName: requireFileName())
    }

    /// Downloads the file's bytes, as ``fetch()`` does, reporting the bytes received as they travel.
    ///
    /// - Parameter progress: Called on a background thread as the file arrives; ``NCMBTransferProgress/totalBytes`` is
    ///   the response's `Content-Length` (`nil` when the server streams the file without one).
    /// - Returns: The bytes as stored.
    /// - Throws: The errors of ``fetch()``.
    /// - Note: A Kumo addition.
    public func fetch(progress: @escaping NCMBProgressHandler) async throws -> Data {
        try await NCMBFileService(context: context).download(fileName: requireFileName(), progress: progress)
    }

    /// Replaces the file's ACL with ``acl`` (`PUT /files/{fileName}` with the bare ACL map, as ncmb_swift sends it).
    ///
    /// On success the file takes the `updateDate` the server returned.
    ///
    /// - Throws: ``NCMBInvalidRequestError/invalidACL`` when ``acl`` is `nil`, before any request; ``NCMBApiError`` for a
    ///   server error; the transport's error when no response arrived.
    /// - Note: A Kumo addition; ncmb_swift has only the blocking and callback forms.
    public func update() async throws {
        let fileName = try requireFileName()
        guard let acl = state.withLock({ $0.fields["acl"]?.objectValue }) else { throw NCMBInvalidRequestError.invalidACL }
        let response = try await NCMBFileService(context: context).updateACL(fileName: fileName, body: acl)
        state.withLock { $0.applySave(sent: JSONObject(), response: response.contents) }
    }

    /// Deletes the file (`DELETE /files/{fileName}`). The object keeps its name and ACL, as in ncmb_swift.
    ///
    /// - Throws: ``NCMBApiError`` for a server error (E404001 for a missing file); the transport's error when no
    ///   response arrived.
    /// - Note: A Kumo addition; ncmb_swift has only the blocking and callback forms.
    public func delete() async throws {
        _ = try await NCMBFileService(context: context).delete(fileName: requireFileName())
    }

    /// Uploads `data`, with the ACL when one is set, and takes the `createDate` the server answered.
    private func upload(_ data: Data, progress: NCMBProgressHandler?) async throws {
        let fileName = try requireFileName()
        let acl = state.withLock { $0.fields["acl"]?.objectValue }
        let form = MultipartForm(
            fileName: fileName, mimeType: FileMIMEType.forFileName(fileName), data: Array(data), acl: acl)
        let response = try await NCMBFileService(context: context).upload(form, progress: progress)
        state.withLock { $0.applySave(sent: JSONObject(), response: response.contents) }
    }

    /// The file's name, which every request needs.
    ///
    /// - Throws: The E400003 ``NCMBApiError`` the server would send for an empty name: `/files/` lists the files instead.
    private func requireFileName() throws -> String {
        let fileName = self.fileName
        guard !fileName.isEmpty else { throw NCMBApiError(APIError(.required, Field.fileName.rawValue)) }
        return fileName
    }
}
