import Foundation

/// A mail read back from its RFC 5322 text, for tests: unfolded headers, RFC 2047 subjects decoded, the
/// quoted-printable body decoded to UTF-8. Shared by the server and integration tests of the mail flows.
package struct ParsedMail: Sendable {
    /// Header values by lowercased name, unfolded and not decoded.
    package var headers: [String: String]
    /// Header names in order, as written.
    package var headerNames: [String]
    /// The decoded subject.
    package var subject: String
    /// The decoded body with `\n` line endings.
    package var body: String

    package init?(_ text: String) {
        let normalized = text.replacingOccurrences(of: "\r\n", with: "\n")
        guard let split = normalized.range(of: "\n\n") else { return nil }
        var headers: [String: String] = [:]
        var names: [String] = []
        var lastName: String?
        for line in normalized[..<split.lowerBound].split(separator: "\n") {
            if line.first == " " || line.first == "\t", let name = lastName {
                headers[name, default: ""] += String(line)
                continue
            }
            guard let colon = line.firstIndex(of: ":") else { return nil }
            let name = String(line[..<colon])
            names.append(name)
            lastName = name.lowercased()
            headers[name.lowercased()] = String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
        }
        self.headers = headers
        self.headerNames = names
        self.subject = ParsedMail.decodeWords(headers["subject"] ?? "")
        self.body = ParsedMail.decodeQuotedPrintable(String(normalized[split.upperBound...]))
    }

    /// Joins `=?UTF-8?B?…?=` words (separated by folding white space) and decodes them.
    package static func decodeWords(_ value: String) -> String {
        let words = value.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard !words.isEmpty, words.allSatisfy({ $0.hasPrefix("=?UTF-8?B?") && $0.hasSuffix("?=") }) else { return value }
        var bytes: [UInt8] = []
        for word in words {
            let encoded = word.dropFirst("=?UTF-8?B?".count).dropLast(2)
            guard let data = Data(base64Encoded: String(encoded)) else { return value }
            bytes += data
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Decodes quoted-printable: `=XX` bytes and `=` soft line breaks.
    package static func decodeQuotedPrintable(_ text: String) -> String {
        var bytes: [UInt8] = []
        let input = Array(text.utf8)
        var index = 0
        while index < input.count {
            let byte = input[index]
            if byte == UInt8(ascii: "="), index + 1 < input.count, input[index + 1] == UInt8(ascii: "\n") {
                index += 2
            } else if byte == UInt8(ascii: "="), index + 2 < input.count,
                let value = UInt8(String(decoding: input[(index + 1)...(index + 2)], as: UTF8.self), radix: 16)
            {
                bytes.append(value)
                index += 3
            } else {
                bytes.append(byte)
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The first `http://` or `https://` URL of the body.
    package var firstLink: String? {
        guard let start = body.range(of: "http") else { return nil }
        return String(body[start.lowerBound...].prefix { !$0.isWhitespace })
    }
}
