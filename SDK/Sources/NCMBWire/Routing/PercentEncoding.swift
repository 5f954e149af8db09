/// Percent-encoding as the router prints and reads it (docs/wire/signature.md#query-and-path-encoding-by-client-family,
/// docs/wire/client-behaviours.md).
///
/// Printing is strict: every byte of the UTF-8 form except ALPHA, DIGIT and `-._~` is written as `%XX` (upper-case hex),
/// so printed paths and queries read back the same with any decoder. Reading is lenient: malformed escapes stay as they
/// are, raw UTF-8 passes through, and `+` means a space only where asked (query values, form bodies), never in paths.
package enum PercentEncoding {
    private static let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)

    /// Whether a byte is unreserved (RFC 3986): ALPHA, DIGIT, `-`, `.`, `_`, `~`.
    package static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    /// Encodes every byte except the unreserved ones: `日本 語+` → `%E6%97%A5%E6%9C%AC%20%E8%AA%9E%2B`.
    package static func encode(_ text: String) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if isUnreserved(byte) {
                output.append(byte)
            } else {
                output.append(UInt8(ascii: "%"))
                output.append(hexDigits[Int(byte >> 4)])
                output.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Decodes `%XX` escapes (either hex case); with `plusAsSpace`, `+` becomes a space (form encoding).
    ///
    /// A `%` not followed by two hex digits is kept as it is. Bytes that are not escaped pass through, so raw UTF-8 is
    /// accepted.
    ///
    /// - Returns: the decoded text, or `nil` when the decoded bytes are not valid UTF-8.
    package static func decode(_ text: some StringProtocol, plusAsSpace: Bool = false) -> String? {
        let needsDecoding = text.utf8.contains { $0 == UInt8(ascii: "%") || (plusAsSpace && $0 == UInt8(ascii: "+")) }
        guard needsDecoding else { return String(text) }
        let bytes = Array(text.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%"), index + 2 < bytes.count, let high = hexValue(bytes[index + 1]),
                let low = hexValue(bytes[index + 2])
            {
                output.append(high << 4 | low)
                index += 3
                continue
            }
            output.append(plusAsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
            index += 1
        }
        return validUTF8String(output)
    }

    /// The text of UTF-8 bytes, or `nil` when they are not valid UTF-8 (decoding would have replaced some of them).
    package static func validUTF8String(_ bytes: [UInt8]) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        return text.utf8.elementsEqual(bytes) ? text : nil
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
