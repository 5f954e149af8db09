import Foundation
import HTTPTypes
import Hummingbird
import KumoStorage
import NCMBWire
import NIOCore

/// A file on disk, or a blob of the blob store, as a download, read in chunks.
enum FileStream {
    /// How much of a file is read at a time.
    static let chunk = 64 * 1024

    /// The file at `path` as a 200 with `Content-Disposition: attachment`.
    static func response(path: URL, contentType: String, downloadName: String) throws -> Response {
        let size = try FileManager.default.attributesOfItem(atPath: path.path)[.size] as? Int ?? 0
        var headers = HTTPFields()
        headers[.contentType] = contentType
        headers[.cacheControl] = "no-store"
        headers[.contentDisposition] = attachment(downloadName)
        let body = ResponseBody(contentLength: size) { writer in
            let handle = try FileHandle(forReadingFrom: path)
            defer { try? handle.close() }
            while let data = try handle.read(upToCount: Self.chunk), !data.isEmpty {
                try await writer.write(ByteBuffer(bytes: data))
            }
            try await writer.finish(nil)
        }
        return DashboardResponses.secured(Response(status: .ok, headers: headers, body: body))
    }

    /// The blob `blobId` of `applicationId` (`size` bytes) as a 200 with `Content-Disposition: attachment`, read from the
    /// blob store a chunk at a time.
    static func response(
        blobs: any BlobStore, applicationId: String, blobId: String, size: Int64, contentType: String, downloadName: String
    ) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = contentType
        headers[.cacheControl] = "no-store"
        headers[.contentDisposition] = attachment(downloadName)
        let body = ResponseBody(contentLength: Int(size)) { writer in
            var offset: Int64 = 0
            while offset < size {
                let bytes = try await blobs.read(applicationId: applicationId, blobId: blobId, offset: offset, length: Self.chunk)
                guard !bytes.isEmpty else { break }
                offset += Int64(bytes.count)
                try await writer.write(ByteBuffer(bytes: bytes))
            }
            try await writer.finish(nil)
        }
        return DashboardResponses.secured(Response(status: .ok, headers: headers, body: body))
    }

    /// `attachment; filename="…"; filename*=UTF-8''…`: an ASCII fallback and the name itself (RFC 6266).
    static func attachment(_ name: String) -> String {
        let fallback = String(name.unicodeScalars.map { $0.isASCII && $0 != "\"" && $0 != "\\" && $0.value >= 0x20 ? Character($0) : "_" })
        return "attachment; filename=\"\(fallback)\"; filename*=UTF-8''\(PercentEncoding.encode(name))"
    }
}
