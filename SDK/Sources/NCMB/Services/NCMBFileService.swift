import Foundation
internal import NCMBWire

/// Builds the routes of the file store (docs/wire/endpoints/files.md) and hands them to the executor.
///
/// Uploads and downloads wait the context's file request timeout (120 seconds by default), as in ncmb_swift; ACL
/// updates and deletes wait the ordinary request timeout.
struct NCMBFileService: NCMBService {
    let context: NCMBContext

    /// `POST /files/{fileName}` with `form` as the multipart body → `{"createDate","fileName"}`.
    func upload(_ form: MultipartForm, progress: NCMBProgressHandler? = nil) async throws -> NCMBResponse {
        try await executor.upload(
            .files(.upload(fileName: form.fileName)), form: form, timeout: context.fileRequestTimeout, progress: progress)
    }

    /// `GET /files/{fileName}` → the file's bytes.
    func download(fileName: String, progress: NCMBProgressHandler? = nil) async throws -> Data {
        try await executor.download(
            .files(.download(fileName: fileName)), timeout: context.fileRequestTimeout, progress: progress)
    }

    /// `PUT /files/{fileName}` with `body` (ncmb_swift sends the bare ACL map) → `{"updateDate"}`.
    func updateACL(fileName: String, body: JSONObject) async throws -> NCMBResponse {
        try await executor.execute(.files(.updateACL(fileName: fileName, body)))
    }

    /// `DELETE /files/{fileName}` → an empty body.
    func delete(fileName: String) async throws -> NCMBResponse {
        try await executor.execute(.files(.delete(fileName: fileName)))
    }
}
