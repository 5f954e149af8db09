/// The MIME type of an uploaded file when its `file` part names none (docs/wire/endpoints/files.md: SDKs send the type
/// of the extension, else `application/octet-stream`).
enum FileMIMEType {
    /// The type of files whose extension is unknown.
    static let fallback = "application/octet-stream"

    /// The type for `fileName`'s extension (case-insensitive), or ``fallback``.
    static func forFileName(_ fileName: String) -> String {
        guard let dot = fileName.lastIndex(of: "."), dot != fileName.startIndex else { return fallback }
        let fileExtension = fileName[fileName.index(after: dot)...].lowercased()
        return byExtension[fileExtension] ?? fallback
    }

    /// The MIME type to store: the part's own `Content-Type` when it sent a usable one, else the extension's.
    static func resolved(partContentType: String?, fileName: String) -> String {
        if let partContentType {
            let trimmed = String(partContentType.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
            if !trimmed.isEmpty, trimmed.utf8.count <= 255, trimmed.contains("/"),
                trimmed.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value < 0x7F })
            {
                return trimmed
            }
        }
        return forFileName(fileName)
    }

    /// Common extensions (the ones SDK MIME tables know).
    static let byExtension: [String: String] = [
        "txt": "text/plain", "text": "text/plain", "html": "text/html", "htm": "text/html", "css": "text/css",
        "csv": "text/csv", "xml": "application/xml", "js": "application/javascript", "json": "application/json",
        "pdf": "application/pdf", "zip": "application/zip", "gz": "application/gzip",
        "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif", "webp": "image/webp",
        "svg": "image/svg+xml", "bmp": "image/bmp", "ico": "image/x-icon", "heic": "image/heic",
        "mp3": "audio/mpeg", "m4a": "audio/mp4", "wav": "audio/wav", "ogg": "audio/ogg",
        "mp4": "video/mp4", "mov": "video/quicktime", "webm": "video/webm",
    ]
}
