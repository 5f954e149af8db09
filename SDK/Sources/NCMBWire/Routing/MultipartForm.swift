/// The `multipart/form-data` body of a file upload, laid out byte for byte as ncmb_swift and ncmb_android send it
/// (docs/wire/endpoints/files.md#multipart-upload-vectors, vectors M1–M3).
///
/// An optional `acl` part comes first, as a file-style part (`name="acl"; filename="acl"`) holding the compact ACL JSON;
/// then the `file` part with its MIME type; then the closing boundary, followed by an empty line.
package struct MultipartForm: Sendable, Hashable {
    /// The boundary NCMB's SDKs use.
    package static let defaultBoundary = "_NCMBProjectBoundary"

    /// The file name, as in the upload path (written into `filename="…"`).
    package var fileName: String
    /// The file's MIME type, e.g. `text/plain`; SDKs send `application/octet-stream` when the extension is unknown.
    package var mimeType: String
    /// The file's bytes.
    package var data: [UInt8]
    /// The ACL object, or `nil` to send no `acl` part (the server then applies the default ACL,
    /// docs/decisions/0005-default-acl.md).
    package var acl: JSONObject?
    /// The boundary; must not occur in the data.
    package var boundary: String

    /// Creates a form.
    package init(
        fileName: String, mimeType: String = "application/octet-stream", data: [UInt8], acl: JSONObject? = nil,
        boundary: String = MultipartForm.defaultBoundary
    ) {
        self.fileName = fileName
        self.mimeType = mimeType
        self.data = data
        self.acl = acl
        self.boundary = boundary
    }

    /// The `Content-Type` header value: `multipart/form-data; boundary=_NCMBProjectBoundary`.
    package var contentType: String { "multipart/form-data; boundary=" + boundary }

    /// The body bytes.
    package func encodedBytes() -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(data.count + 256)
        if let acl {
            append("--" + boundary + "\r\n", to: &output)
            append("Content-Disposition: form-data; name=\"acl\"; filename=\"acl\"\r\n\r\n", to: &output)
            output.append(contentsOf: JSONValue.object(acl).serializedBytes())
            append("\r\n", to: &output)
        }
        append("--" + boundary + "\r\n", to: &output)
        append("Content-Disposition: form-data; name=\"file\"; filename=\"" + quoted(fileName) + "\"\r\n", to: &output)
        append("Content-Type: " + mimeType + "\r\n\r\n", to: &output)
        output.append(contentsOf: data)
        append("\r\n--" + boundary + "--\r\n\r\n", to: &output)
        return output
    }

    private func append(_ text: String, to output: inout [UInt8]) {
        output.append(contentsOf: text.utf8)
    }

    /// The file name with the characters that would break the quoted header value percent-encoded (`"`, CR, LF), as
    /// browsers do.
    private func quoted(_ name: String) -> String {
        var result = ""
        for character in name.unicodeScalars {
            switch character {
            case "\"": result += "%22"
            case "\r": result += "%0D"
            case "\n": result += "%0A"
            default: result.unicodeScalars.append(character)
            }
        }
        return result
    }
}
