import HTTPTypes
import NCMBWire

/// The headers of a file download from the dashboard (docs/decisions/0083-dashboard-file-downloads-never-run-in-its-origin.md).
///
/// Files are the apps' users' content, served from the dashboard's origin, where a page that ran would act with the
/// administrator's session. So no download is ever rendered as a document of that origin: every answer carries
/// `X-Content-Type-Options: nosniff` (the browser keeps the declared type) and `Content-Security-Policy: sandbox`
/// (a document opened anyway runs in an opaque origin without scripts), and only raster images, which cannot run
/// anything, are `inline` (the preview); SVG, HTML and everything else are `attachment`.
enum FileDownloadHeaders {
    /// The media types shown inline: raster images only.
    static let inlineTypes: Set<String> = ["image/png", "image/jpeg", "image/gif", "image/webp"]

    /// The policy of a download: a sandboxed, script-less opaque origin that loads nothing.
    static let contentSecurityPolicy = "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'"

    /// The media type of a `Content-Type` value, lowercased, without parameters (`image/png`).
    static func mediaType(_ contentType: String) -> String {
        String(contentType.split(separator: ";").first ?? "").filter { $0 != " " && $0 != "\t" }.lowercased()
    }

    /// Whether the file is shown inline.
    static func isInline(_ contentType: String) -> Bool { inlineTypes.contains(mediaType(contentType)) }

    /// Every header of the answer: the type (an inline image's canonical media type; `application/octet-stream` for a
    /// type that is not a valid header value), length, disposition with the file name, and the protections.
    static func fields(contentType: String, fileName: String, size: Int64) -> HTTPFields {
        var fields = HTTPFields()
        let inline = isInline(contentType)
        let type = inline ? mediaType(contentType) : contentType
        fields[.contentType] = HTTPField.isValidValue(type) && !type.isEmpty ? type : "application/octet-stream"
        fields[.contentDisposition] = disposition(inline: inline, fileName: fileName)
        fields[.xContentTypeOptions] = "nosniff"
        fields[.contentSecurityPolicy] = contentSecurityPolicy
        fields[.cacheControl] = "no-store"
        fields[DashboardHeaderNames.referrerPolicy] = "same-origin"
        return fields
    }

    /// `attachment; filename="ascii"; filename*=UTF-8''percent-encoded` (RFC 6266), or the same with `inline`.
    static func disposition(inline: Bool, fileName: String) -> String {
        let fallback = String(
            fileName.unicodeScalars.map { scalar -> Character in
                scalar.isASCII && scalar.value >= 0x20 && scalar.value != 0x7F && scalar != "\"" && scalar != "\\" ? Character(scalar) : "_"
            })
        return (inline ? "inline" : "attachment") + "; filename=\"\(fallback)\"; filename*=UTF-8''" + PercentEncoding.encode(fileName)
    }
}
