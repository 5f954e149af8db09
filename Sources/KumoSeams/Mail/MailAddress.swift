/// The syntax Kumo accepts for a mail address in the mail flows and in mail headers.
///
/// Deliberately simple (NCMB documents no grammar): one `@` with a non-empty local part and a domain of non-empty labels,
/// no spaces, no control characters, none of `<>(),;:"[]\`, at most 254 bytes. UTF-8 beyond ASCII is allowed (RFC 6532).
/// Anything that could break a header line (CR, LF, other control characters) is rejected, so an address can never
/// inject a header.
package enum MailAddress {
    /// The longest accepted address in bytes (RFC 5321 path limit minus the angle brackets).
    package static let maximumLength = 254

    /// Whether `address` is acceptable.
    ///
    /// - Parameter allowsLocalDomain: whether a domain without a dot (`no-reply@localhost`) passes; request bodies want
    ///   a dotted domain, as `POST /users` does, while sender addresses may be local.
    package static func isValid(_ address: String, allowsLocalDomain: Bool = false) -> Bool {
        let bytes = Array(address.utf8)
        guard !bytes.isEmpty, bytes.count <= maximumLength, bytes.allSatisfy(isAllowed) else { return false }
        let parts = address.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, let local = parts.first, let domain = parts.last else { return false }
        guard !local.isEmpty, local.utf8.count <= 64, !local.hasPrefix("."), !local.hasSuffix("."), !local.contains("..")
        else { return false }
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        guard allowsLocalDomain || labels.count >= 2 else { return false }
        return labels.allSatisfy { label in
            !label.isEmpty && label.utf8.count <= 63 && !label.hasPrefix("-") && !label.hasSuffix("-")
        }
    }

    private static func isAllowed(_ byte: UInt8) -> Bool {
        guard byte > 0x20, byte != 0x7F else { return false }
        switch byte {
        case UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: ","),
            UInt8(ascii: ";"), UInt8(ascii: ":"), UInt8(ascii: "\""), UInt8(ascii: "["), UInt8(ascii: "]"),
            UInt8(ascii: "\\"):
            return false
        default:
            return true
        }
    }
}
