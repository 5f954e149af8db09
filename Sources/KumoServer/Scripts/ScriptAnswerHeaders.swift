import HTTPTypes
import KumoSeams

/// The HTTP side of a script's answer: which of its headers are sent, and whether its body is signed as binary.
enum ScriptAnswerHeaders {
    /// Headers that describe the connection or that Kumo sets itself; a script's values for them are dropped.
    static let ignored: Set<String> = [
        "content-length", "transfer-encoding", "connection", "keep-alive", "upgrade", "te", "trailer", "proxy-connection",
        "x-ncmb-response-signature", "access-control-allow-origin", "access-control-expose-headers",
    ]

    /// The header fields to send, in the script's order (names that are not HTTP tokens are dropped), and whether the
    /// body is binary (its response signature then covers the hex form, docs/wire/signature.md).
    static func fields(of answer: ScriptAnswer) -> (HTTPFields, isBinary: Bool) {
        var fields = HTTPFields()
        for header in answer.headers where !ignored.contains(header.name.lowercased()) {
            guard let name = HTTPField.Name(header.name) else { continue }
            fields.append(HTTPField(name: name, value: header.value))
        }
        return (fields, fields[.contentType].map(isBinary) ?? false)
    }

    /// Whether a content type names bytes rather than text: anything but `text/*`, JSON, XML, JavaScript and forms.
    static func isBinary(_ contentType: String) -> Bool {
        let media = contentType.lowercased().split(separator: ";").first.map { $0.filter { $0 != " " && $0 != "\t" } } ?? ""
        let textual = ["application/json", "application/javascript", "application/xml", "application/x-www-form-urlencoded"]
        return !(media.hasPrefix("text/") || textual.contains(media) || media.hasSuffix("+json") || media.hasSuffix("+xml"))
    }
}
