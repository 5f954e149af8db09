import Foundation
import HTTPTypes
import Hummingbird
import NCMBWire
import NIOCore

/// A file on disk as a download, read in chunks.
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

    /// `attachment; filename="…"; filename*=UTF-8''…`: an ASCII fallback and the name itself (RFC 6266).
    static func attachment(_ name: String) -> String {
        let fallback = String(name.unicodeScalars.map { $0.isASCII && $0 != "\"" && $0 != "\\" && $0.value >= 0x20 ? Character($0) : "_" })
        return "attachment; filename=\"\(fallback)\"; filename*=UTF-8''\(PercentEncoding.encode(name))"
    }
}
