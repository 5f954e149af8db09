import Crypto

/// The HMAC-SHA256 and Base64 steps shared by request and response signatures
/// (docs/wire/signature.md#request-signature-string-to-sign, docs/wire/signature.md#response-signature).
enum HMACSignature {
    /// `Base64(HMAC-SHA256(key: UTF-8(clientKey), message))`, standard alphabet with `=` padding.
    static func base64(message: [UInt8], clientKey: String) -> String {
        Signer(clientKey: clientKey).base64(message: message)
    }

    /// One client key, prepared once for several messages (the candidates of one verification).
    ///
    /// The HMAC state after the key is absorbed is kept and copied for each message (the hash states are values), so the
    /// key schedule runs once per signer rather than once per message.
    struct Signer: Sendable {
        private let keyed: HMAC<SHA256>

        init(clientKey: String) { keyed = HMAC<SHA256>(key: SymmetricKey(data: Array(clientKey.utf8))) }

        /// `Base64(HMAC-SHA256(key, message))`.
        func base64(message: [UInt8]) -> String {
            base64(of: [message])
        }

        /// `Base64(HMAC-SHA256(key, parts joined))`, without joining the parts in memory.
        func base64(of parts: [[UInt8]]) -> String {
            var mac = keyed
            for part in parts { mac.update(data: part) }
            return base64Encoded(Array(mac.finalize()))
        }
    }

    /// Compares two signatures without an early exit on the first differing byte.
    ///
    /// The length is not secret (every valid signature has 44 characters), so a length mismatch returns at once.
    static func constantTimeEquals(_ lhs: String, _ rhs: String) -> Bool {
        let left = Array(lhs.utf8)
        let right = Array(rhs.utf8)
        guard left.count == right.count else { return false }
        var difference: UInt8 = 0
        for index in left.indices { difference |= left[index] ^ right[index] }
        return difference == 0
    }

    private static let alphabet: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// Standard Base64 with `=` padding.
    static func base64Encoded(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let remaining = bytes.count - index
            let first = UInt32(bytes[index])
            let second = remaining > 1 ? UInt32(bytes[index + 1]) : 0
            let third = remaining > 2 ? UInt32(bytes[index + 2]) : 0
            let triple = first << 16 | second << 8 | third
            output.append(alphabet[Int(triple >> 18 & 0x3F)])
            output.append(alphabet[Int(triple >> 12 & 0x3F)])
            output.append(remaining > 1 ? alphabet[Int(triple >> 6 & 0x3F)] : UInt8(ascii: "="))
            output.append(remaining > 2 ? alphabet[Int(triple & 0x3F)] : UInt8(ascii: "="))
            index += 3
        }
        return String(decoding: output, as: UTF8.self)
    }
}
