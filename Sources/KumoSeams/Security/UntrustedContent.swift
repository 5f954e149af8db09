package import NCMBWire

/// How Kumo answers bytes that a client or a script chose (docs/decisions/0120-client-bytes-never-run-in-kumos-origin.md):
/// files (the NCMB download, public files, the dashboard's download), script answers, and every other answer of the NCMB
/// pipeline.
///
/// The dashboard shares its origin with the API unless it runs on a listener of its own. A document of that origin runs
/// with the signed-in administrator's cookie and can read the dashboard's CSRF token, so no answer whose bytes someone
/// else chose may become one: every such answer is `nosniff` (the browser keeps the declared type), carries a
/// `Content-Security-Policy` whose `sandbox` puts a document opened anyway into an opaque origin without scripts, and is
/// an attachment unless it is a raster image, which cannot run anything.
package enum UntrustedContent {
    /// The media types shown inline: raster images only (never SVG, which can hold scripts).
    package static let inlineTypes: Set<String> = ["image/png", "image/jpeg", "image/gif", "image/webp"]

    /// The policy of a file or a script's answer: a sandboxed, script-less opaque origin that loads nothing but its own
    /// image and inline style (an image opened on its own), and that no page may frame.
    package static let filePolicy =
        "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'"

    /// The policy of every other answer of the NCMB pipeline (JSON, empty bodies, errors): nothing at all.
    package static let apiPolicy = "sandbox; default-src 'none'; frame-ancestors 'none'"

    /// The value of `X-Content-Type-Options`.
    package static let noSniff = "nosniff"

    /// The media type of a `Content-Type` value, lowercased, without parameters or blanks (`image/png`).
    package static func mediaType(_ contentType: String) -> String {
        String(contentType.split(separator: ";", omittingEmptySubsequences: false).first ?? "")
            .filter { $0 != " " && $0 != "\t" }.lowercased()
    }

    /// Whether an answer of this type is shown inline (a raster image).
    package static func isInline(_ contentType: String) -> Bool { inlineTypes.contains(mediaType(contentType)) }

    /// The `Content-Type` to send: an inline image's canonical media type, else the declared type as it is, or
    /// `application/octet-stream` when it is empty or not a valid header value (`isValidValue`, the HTTP layer's check).
    package static func contentType(_ declared: String, isValidValue: (String) -> Bool) -> String {
        if isInline(declared) { return mediaType(declared) }
        return !declared.isEmpty && isValidValue(declared) ? declared : "application/octet-stream"
    }

    /// `attachment` (or `inline` for a raster image), with the name as `filename` in ASCII and `filename*` in UTF-8
    /// (RFC 6266) when one is given.
    package static func disposition(contentType: String, fileName: String?) -> String {
        let kind = isInline(contentType) ? "inline" : "attachment"
        guard let fileName, !fileName.isEmpty else { return kind }
        let fallback = String(
            fileName.unicodeScalars.map { scalar -> Character in
                scalar.isASCII && scalar.value >= 0x20 && scalar.value != 0x7F && scalar != "\"" && scalar != "\\" ? Character(scalar) : "_"
            })
        return kind + "; filename=\"\(fallback)\"; filename*=UTF-8''" + PercentEncoding.encode(fileName)
    }

    /// The `Sec-Fetch-Dest` values of a request that would run or style a document with the answer: scripts, workers,
    /// style sheets, plug-in documents.
    package static let codeDestinations: Set<String> = [
        "script", "worker", "sharedworker", "serviceworker", "audioworklet", "paintworklet", "style", "xslt", "object", "embed",
    ]

    /// Whether a request for client bytes comes from a page of Kumo's own origin that wants to run them as code (a
    /// `<script src>`, a worker, a service worker, a style sheet): only an injection into the dashboard would ask that,
    /// and the dashboard's own `script-src 'self'` would let it run. Other sites' pages and plain downloads are not
    /// affected.
    ///
    /// - Parameters:
    ///   - site: the request's `Sec-Fetch-Site`.
    ///   - destination: its `Sec-Fetch-Dest`.
    ///   - isServiceWorker: whether it carries `Service-Worker: script`.
    package static func isSameOriginCodeRequest(site: String?, destination: String?, isServiceWorker: Bool) -> Bool {
        if isServiceWorker { return true }
        guard site?.lowercased() == "same-origin", let destination else { return false }
        return codeDestinations.contains(destination.lowercased())
    }
}
