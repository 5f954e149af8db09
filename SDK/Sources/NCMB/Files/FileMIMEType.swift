/// The MIME type of an uploaded file, from its name's extension.
///
/// ncmb_swift asks Apple's type database; Kumo uses a built-in table of common types on every platform, so an upload
/// is the same bytes on iOS and Linux. An unknown or missing extension gives `application/octet-stream`, as in
/// ncmb_swift.
enum FileMIMEType {
    /// The type sent for an unknown extension.
    static let fallback = "application/octet-stream"

    /// The MIME type of a file called `fileName`.
    static func forFileName(_ fileName: String) -> String {
        guard let pathExtension = pathExtension(of: fileName) else { return fallback }
        return table[pathExtension.lowercased()] ?? fallback
    }

    /// The extension: the text after the last `.` of the last path component, unless that dot begins the name.
    static func pathExtension(of fileName: String) -> String? {
        let lastComponent = fileName.split(separator: "/", omittingEmptySubsequences: false).last ?? Substring(fileName)
        guard let dot = lastComponent.lastIndex(of: "."), dot != lastComponent.startIndex else { return nil }
        let pathExtension = lastComponent[lastComponent.index(after: dot)...]
        return pathExtension.isEmpty ? nil : String(pathExtension)
    }

    /// Common extensions and their registered MIME types.
    static let table: [String: String] = [
        "txt": "text/plain", "text": "text/plain", "html": "text/html", "htm": "text/html", "css": "text/css",
        "csv": "text/csv", "js": "text/javascript", "md": "text/markdown", "rtf": "text/rtf", "xml": "application/xml",
        "json": "application/json", "pdf": "application/pdf", "zip": "application/zip", "gz": "application/gzip",
        "tar": "application/x-tar", "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif",
        "bmp": "image/bmp", "tif": "image/tiff", "tiff": "image/tiff", "webp": "image/webp", "heic": "image/heic",
        "svg": "image/svg+xml", "ico": "image/vnd.microsoft.icon", "mp3": "audio/mpeg", "m4a": "audio/mp4",
        "aac": "audio/aac", "wav": "audio/wav", "mp4": "video/mp4", "m4v": "video/x-m4v", "mov": "video/quicktime",
        "doc": "application/msword", "xls": "application/vnd.ms-excel", "ppt": "application/vnd.ms-powerpoint",
        "docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        "pptx": "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    ]
}
