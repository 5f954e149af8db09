package import KumoSeams
import NCMBWire
package import NIOCore

/// Reads a `multipart/form-data` file upload (docs/wire/endpoints/files.md#multipart-upload-vectors) while it arrives,
/// without ever holding the file: each request-body buffer goes through a ``MultipartScanner``, the bytes of the `file`
/// part pile up in a small pending buffer that the caller drains into a `BlobWriter`, and the `acl` part is kept (it is
/// capped). A buffer costs a copy and a search, whatever the build (docs/decisions/0113-uploads-scanned-in-bulk.md).
///
/// Parts:
/// - `file` (`Content-Disposition: form-data; name="file"; filename="…"`): the file's bytes; its `Content-Type` is the
///   file's MIME type. Exactly one is expected.
/// - `acl`: the ACL as JSON text, as a file-style part (`name="acl"; filename="acl"`, Swift and Android) or a plain field
///   (`name="acl"`, JavaScript), before or after `file`; at most ``maximumACLLength`` bytes.
/// - Any other part is read and dropped.
///
/// Not thread-safe: one upload drives one reader from one task.
package final class MultipartUploadReader {
    /// What a part of the body is.
    package enum PartKind: Equatable {
        /// The file's bytes.
        case file
        /// The ACL text.
        case acl
        /// Anything else: dropped.
        case ignored
    }

    /// The largest `acl` part accepted.
    package static let maximumACLLength = 64 * 1024

    private var scanner: MultipartScanner
    private var partHeaders: [(name: String, value: String)] = []
    private var currentKind: PartKind?
    private var pendingFileBytes: [UInt8] = []
    private var receivedACL: [UInt8] = []
    private var failure: KumoError?

    /// The `Content-Type` header of the `file` part, once its headers were read.
    package private(set) var fileContentType: String?
    /// Whether a `file` part started.
    package private(set) var hasFilePart = false
    /// Whether the `file` part ended with its boundary.
    package private(set) var isFileComplete = false
    /// The text of a complete `acl` part, or `nil` when none was sent.
    package private(set) var aclText: [UInt8]?

    /// Creates a reader for the boundary of the request's `Content-Type` (see ``boundary(contentType:)``).
    package init(boundary: String) {
        scanner = MultipartScanner(boundary: boundary)
    }

    /// The boundary of a `multipart/form-data` content type, or `nil` when the content type is anything else or lacks a
    /// usable boundary (1 to 70 characters, RFC 2046) → 415 E415001 (fixture F70).
    package static func boundary(contentType: String?) -> String? {
        guard let contentType else { return nil }
        let parameters = HeaderParameters(contentType)
        guard parameters.value.lowercased() == "multipart/form-data", let boundary = parameters["boundary"],
            (1...70).contains(boundary.utf8.count)
        else { return nil }
        return boundary
    }

    /// Reads the next bytes of the body.
    ///
    /// - Throws: 400 E400004 `"file is invalid format."` for a malformed body or a second `file` part, 400 E400002
    ///   `"acl is invalid."` for an `acl` part over ``maximumACLLength`` bytes.
    package func consume(_ buffer: ByteBuffer) throws(KumoError) {
        do {
            try buffer.withUnsafeReadableBytes { (bytes) throws(MultipartScanner.Malformed) in
                try scanner.scan(bytes) { event in
                    switch event {
                    case .header(let name, let value): partHeaders.append((name, value))
                    case .body(let bytes): receive(bytes)
                    case .partEnd: completePart()
                    }
                }
            }
        } catch {
            throw KumoError(.invalidFormat, "file")
        }
        if let failure { throw failure }
    }

    /// How many file bytes wait in ``takeFileBytes()``.
    package var pendingFileByteCount: Int { pendingFileBytes.count }

    /// The file bytes read since the last call.
    package func takeFileBytes() -> [UInt8] {
        defer { pendingFileBytes = [] }
        return pendingFileBytes
    }

    /// Checks, at the end of the body, that every started part ended with its boundary.
    ///
    /// - Throws: 400 E400003 `"file is empty."` when no `file` part came; 400 E400004 `"file is invalid format."` when the
    ///   body stopped inside a part.
    package func finish() throws(KumoError) {
        // A part whose headers came but whose bytes did not (the scanner holds back what may start a delimiter) started.
        if !partHeaders.isEmpty { _ = startPartIfNeeded() }
        guard hasFilePart else { throw KumoError(.required, "file") }
        guard isFileComplete, scanner.isBetweenParts else { throw KumoError(.invalidFormat, "file") }
    }

    // MARK: - Parser callbacks

    private func receive(_ bytes: UnsafeRawBufferPointer) {
        switch startPartIfNeeded() {
        case .file:
            pendingFileBytes.append(contentsOf: bytes)
        case .acl:
            guard receivedACL.count + bytes.count <= Self.maximumACLLength else {
                failure = failure ?? KumoError(.invalidType, FieldName.acl.rawValue)
                return
            }
            receivedACL.append(contentsOf: bytes)
        case .ignored:
            break
        }
    }

    private func completePart() {
        switch startPartIfNeeded() {
        case .file: isFileComplete = true
        case .acl: aclText = receivedACL
        case .ignored: break
        }
        partHeaders = []
        currentKind = nil
        receivedACL = []
    }

    /// Classifies the part whose headers were just read, on its first body bytes (or its end, when empty).
    private func startPartIfNeeded() -> PartKind {
        if let currentKind { return currentKind }
        let kind = Self.kind(of: partHeaders)
        if kind == .file {
            if hasFilePart { failure = failure ?? KumoError(.invalidFormat, "file") }
            hasFilePart = true
            fileContentType = partHeaders.last { $0.name.lowercased() == "content-type" }.map(\.value)
        }
        currentKind = kind
        return kind
    }

    /// `file`, `acl` or ignored, from the `name` of the part's `Content-Disposition: form-data`.
    package static func kind(of headers: [(name: String, value: String)]) -> PartKind {
        guard let disposition = headers.last(where: { $0.name.lowercased() == "content-disposition" }) else { return .ignored }
        let parameters = HeaderParameters(disposition.value)
        guard parameters.value.lowercased() == "form-data" else { return .ignored }
        switch parameters["name"] {
        case "file": return .file
        case "acl": return .acl
        default: return .ignored
        }
    }
}

/// A header value with `;`-separated parameters, such as `multipart/form-data; boundary=x` or
/// `form-data; name="file"; filename="a b.txt"`; parameter values may be quoted (with `\` escapes).
package struct HeaderParameters {
    /// The part before the first `;`, trimmed.
    package let value: String
    /// Parameters by lowercased name.
    private let parameters: [String: String]

    /// Parses a header value; malformed parameters are skipped.
    package init(_ header: String) {
        var fields: [String] = []
        var current = ""
        var isQuoted = false
        var isEscaped = false
        for character in header {
            if isEscaped {
                current.append(character)
                isEscaped = false
            } else if character == "\\" && isQuoted {
                current.append(character)
                isEscaped = true
            } else if character == "\"" {
                current.append(character)
                isQuoted.toggle()
            } else if character == ";" && !isQuoted {
                fields.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        fields.append(current)
        value = HeaderParameters.trimmed(fields[0])
        var parameters: [String: String] = [:]
        for field in fields.dropFirst() {
            guard let equals = field.firstIndex(of: "=") else { continue }
            let name = HeaderParameters.trimmed(String(field[..<equals])).lowercased()
            let rawValue = HeaderParameters.trimmed(String(field[field.index(after: equals)...]))
            guard !name.isEmpty, parameters[name] == nil else { continue }
            parameters[name] = HeaderParameters.unquoted(rawValue)
        }
        self.parameters = parameters
    }

    /// The value of a parameter (name compared case-insensitively), unquoted.
    package subscript(name: String) -> String? { parameters[name.lowercased()] }

    private static func trimmed(_ text: String) -> String {
        String(text.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }

    private static func unquoted(_ text: String) -> String {
        guard text.count >= 2, text.first == "\"", text.last == "\"" else { return text }
        var result = ""
        var isEscaped = false
        for character in text.dropFirst().dropLast() {
            if !isEscaped && character == "\\" {
                isEscaped = true
                continue
            }
            result.append(character)
            isEscaped = false
        }
        return result
    }
}
