import KumoSeams
package import NCMBWire

extension MailMessage {
    /// The message as RFC 5322 text with MIME headers (RFC 2045): `Date`, `From`, `To`, `Subject` (RFC 2047 `B`-encoded
    /// when it is not ASCII), `Message-ID`, `MIME-Version`, `Content-Type: text/plain; charset=UTF-8` and a
    /// quoted-printable body.
    ///
    /// - Parameters:
    ///   - date: the `Date:` header.
    ///   - messageIdentifier: the part of `Message-ID: <…@domain>` before the `@` (the domain is the sender's).
    ///   - lineEnding: `"\r\n"` for files (RFC 5322's canonical form), `"\n"` for a local `sendmail`, which converts.
    /// - Throws: `MailFormatError` when `from` or `to` is not a valid address (this also stops header injection).
    package func formatted(date: WireDate, messageIdentifier: String, lineEnding: String = "\r\n") throws(MailFormatError)
        -> String
    {
        guard MailAddress.isValid(from, allowsLocalDomain: true) else { throw MailFormatError.invalidAddress(field: "From") }
        guard MailAddress.isValid(to, allowsLocalDomain: true) else { throw MailFormatError.invalidAddress(field: "To") }
        let domain = from.split(separator: "@").last.map(String.init) ?? "localhost"
        let headers = [
            "Date: " + MailHeaderEncoding.date(date),
            "From: " + from,
            "To: " + to,
            "Subject: " + MailHeaderEncoding.encodedWords(subject, lineEnding: lineEnding),
            "Message-ID: <\(messageIdentifier)@\(domain)>",
            "MIME-Version: 1.0",
            "Content-Type: text/plain; charset=UTF-8",
            "Content-Transfer-Encoding: quoted-printable",
        ]
        return headers.joined(separator: lineEnding) + lineEnding + lineEnding
            + QuotedPrintable.encode(body, lineEnding: lineEnding) + lineEnding
    }
}

/// Why a message could not be written.
package enum MailFormatError: Error, Sendable, Hashable, CustomStringConvertible {
    /// `From` or `To` is not an address `MailAddress` accepts.
    case invalidAddress(field: String)

    package var description: String {
        switch self {
        case .invalidAddress(let field): "the \(field) address is not a valid mail address"
        }
    }
}

/// Header values: RFC 5322 dates and RFC 2047 encoded words.
package enum MailHeaderEncoding {
    private static let weekdays = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// An RFC 5322 date in UTC, e.g. `Mon, 02 Dec 2013 02:44:35 +0000`.
    package static func date(_ date: WireDate) -> String {
        let text = date.formatted  // yyyy-MM-ddTHH:mm:ss.SSSZ
        let milliseconds = date.millisecondsSince1970
        let days = milliseconds >= 0 ? milliseconds / 86_400_000 : (milliseconds - 86_399_999) / 86_400_000
        let weekday = weekdays[Int(((days % 7) + 7) % 7)]
        let characters = Array(text)
        let year = String(characters[0..<4])
        let month = months[(Int(String(characters[5..<7])) ?? 1) - 1]
        let day = String(characters[8..<10])
        let time = String(characters[11..<19])
        return "\(weekday), \(day) \(month) \(year) \(time) +0000"
    }

    /// `text` as it may stand in a header: control characters become spaces; printable ASCII stays as it is; anything
    /// else becomes RFC 2047 `=?UTF-8?B?…?=` words of at most 75 characters, folded onto continuation lines.
    package static func encodedWords(_ text: String, lineEnding: String = "\r\n") -> String {
        let cleaned = String(String.UnicodeScalarView(text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? " " : $0 }))
        guard !cleaned.unicodeScalars.allSatisfy({ $0.isASCII }) else { return cleaned }
        var words: [String] = []
        var chunk: [UInt8] = []
        for character in cleaned {
            let bytes = Array(String(character).utf8)
            // 39 bytes → 52 base64 characters → 64 with the `=?UTF-8?B?` and `?=` framing: with `Subject: ` in front the
            // line stays within RFC 5322's 78 characters.
            if chunk.count + bytes.count > 39, !chunk.isEmpty {
                words.append("=?UTF-8?B?" + MailBase64.encode(chunk) + "?=")
                chunk = []
            }
            chunk += bytes
        }
        if !chunk.isEmpty { words.append("=?UTF-8?B?" + MailBase64.encode(chunk) + "?=") }
        return words.joined(separator: lineEnding + " ")
    }
}

/// Quoted-printable (RFC 2045 §6.7) over UTF-8, lines of at most 76 characters.
package enum QuotedPrintable {
    private static let hexadecimal = Array("0123456789ABCDEF".utf8)

    /// Encodes `text`; its line breaks (LF or CRLF) become `lineEnding` hard breaks.
    package static func encode(_ text: String, lineEnding: String = "\r\n") -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasSuffix("\r") ? line.dropLast() : line
        }
        return lines.map { encodeLine(Array($0.utf8), lineEnding: lineEnding) }.joined(separator: lineEnding)
    }

    private static func encodeLine(_ bytes: [UInt8], lineEnding: String) -> String {
        var output: [UInt8] = []
        var lineLength = 0
        let softBreak = Array(("=" + lineEnding).utf8)
        for (index, byte) in bytes.enumerated() {
            let isLast = index == bytes.count - 1
            let isLiteral =
                (byte >= 33 && byte <= 126 && byte != UInt8(ascii: "=")) || ((byte == 0x20 || byte == 0x09) && !isLast)
            let piece: [UInt8] = isLiteral ? [byte] : [UInt8(ascii: "="), hexadecimal[Int(byte >> 4)], hexadecimal[Int(byte & 0x0F)]]
            // Keep one column for the `=` of a soft break.
            if lineLength + piece.count > 75 {
                output += softBreak
                lineLength = 0
            }
            output += piece
            lineLength += piece.count
        }
        return String(decoding: output, as: UTF8.self)
    }
}

/// Standard base64 with padding.
enum MailBase64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// The base64 text of `bytes`.
    static func encode(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let first = bytes[index]
            let second = index + 1 < bytes.count ? bytes[index + 1] : 0
            let third = index + 2 < bytes.count ? bytes[index + 2] : 0
            output.append(alphabet[Int(first >> 2)])
            output.append(alphabet[Int((first & 0x03) << 4 | second >> 4)])
            output.append(index + 1 < bytes.count ? alphabet[Int((second & 0x0F) << 2 | third >> 6)] : UInt8(ascii: "="))
            output.append(index + 2 < bytes.count ? alphabet[Int(third & 0x3F)] : UInt8(ascii: "="))
            index += 3
        }
        return String(decoding: output, as: UTF8.self)
    }
}
