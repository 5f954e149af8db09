import Hummingbird
import KumoStorage
import NCMBWire
import NIOCore

/// Reads a stored blob in fixed chunks, for downloads (docs/wire/endpoints/files.md): a first pass that only signs the
/// bytes (response signature over their hex form, docs/wire/signature.md#response-signature) and a streamed response
/// body, so memory stays bounded by one chunk whatever the file size.
struct BlobDownloadStream: Sendable {
    /// The bytes read at a time.
    static let chunkLength = 256 * 1024

    /// Where the blob lives.
    let blobs: any BlobStore
    /// Which blob, and how long it is.
    let download: BlobDownload

    /// Calls `body` with each chunk of the blob, in order.
    ///
    /// - Throws: `StorageError.notFound` when the blob is missing (deleted meanwhile), `StorageError.unavailable` when it
    ///   ends before `download.size` bytes, and whatever `body` throws.
    func forEachChunk(_ body: ([UInt8]) async throws -> Void) async throws {
        var offset: Int64 = 0
        while offset < download.size {
            let length = Int(min(Int64(Self.chunkLength), download.size - offset))
            let chunk = try await blobs.read(
                applicationId: download.applicationId, blobId: download.blobId, offset: offset, length: length)
            guard !chunk.isEmpty else { throw StorageError.unavailable("blob \(download.blobId) is shorter than its metadata") }
            try await body(chunk)
            offset += Int64(chunk.count)
        }
    }

    /// The `X-NCMB-Response-Signature` of the blob as a binary body, read in one pass on Swift's shared executor: hashing
    /// the hex form of a large file must not hold the connection's event loop
    /// (docs/decisions/0113-uploads-scanned-in-bulk.md).
    func signature(stringToSign: String, clientKey: String) async throws -> String {
        try await withTaskExecutorPreference(globalConcurrentExecutor) {
            var stream = ResponseSignature.BinaryStream(stringToSign: stringToSign, clientKey: clientKey)
            try await forEachChunk { chunk in stream.append(chunk) }
            return stream.signature()
        }
    }

    /// Throws `StorageError.notFound` unless the blob exists (checked before answering unsigned downloads, whose headers
    /// go out before any byte is read).
    func checkExists() async throws {
        guard try await blobs.size(applicationId: download.applicationId, blobId: download.blobId) != nil else {
            throw StorageError.notFound
        }
    }

    /// A response that streams the blob with `Content-Type` and `Content-Length`; the writer waits for the client
    /// (backpressure) between chunks.
    func response(status: Int, contentType: String) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = contentType
        let stream = self
        let body = ResponseBody(contentLength: Int(download.size)) { writer in
            try await stream.forEachChunk { chunk in try await writer.write(ByteBuffer(bytes: chunk)) }
            try await writer.finish(nil)
        }
        return Response(status: HTTPResponse.Status(code: status), headers: headers, body: body)
    }
}
