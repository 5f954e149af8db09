import Crypto

extension ResponseSignature {
    /// The response signature of a binary body (a file download, docs/wire/signature.md#response-signature), computed
    /// while the bytes pass by, so a server can sign a 100 MB file without holding it: `Base64(HMAC-SHA256(client key,
    /// <string to sign> + "\n" + <lowercase hex of the bytes>))`, with no `\n` when no byte at all was added.
    ///
    /// The value equals ``ResponseSignature/signature(stringToSign:body:isBinary:clientKey:)`` with `isBinary: true`
    /// for the concatenation of every chunk passed to ``append(_:)``.
    package struct BinaryStream: Sendable {
        private var hmac: HMAC<SHA256>
        private var isEmpty = true

        /// The hex digits of one chunk are hashed in slices of this many input bytes, bounding the scratch buffer.
        private static let sliceLength = 16 * 1024

        /// Starts a signature over the request's string to sign.
        ///
        /// - Parameters:
        ///   - stringToSign: the string to sign that authenticated the request.
        ///   - clientKey: the application's client key.
        package init(stringToSign: String, clientKey: String) {
            hmac = HMAC<SHA256>(key: SymmetricKey(data: Array(clientKey.utf8)))
            hmac.update(data: Array(stringToSign.utf8))
        }

        /// Adds the next bytes of the body (hashed as lowercase hex).
        package mutating func append<Bytes: RandomAccessCollection>(_ bytes: Bytes) where Bytes.Element == UInt8 {
            guard !bytes.isEmpty else { return }
            if isEmpty {
                hmac.update(data: [UInt8(ascii: "\n")])
                isEmpty = false
            }
            var hex: [UInt8] = []
            hex.reserveCapacity(2 * Swift.min(bytes.count, BinaryStream.sliceLength))
            var index = bytes.startIndex
            while index != bytes.endIndex {
                let end = bytes.index(index, offsetBy: BinaryStream.sliceLength, limitedBy: bytes.endIndex) ?? bytes.endIndex
                hex.removeAll(keepingCapacity: true)
                for byte in bytes[index..<end] {
                    hex.append(BinaryStream.hexDigits[Int(byte >> 4)])
                    hex.append(BinaryStream.hexDigits[Int(byte & 0x0F)])
                }
                hmac.update(data: hex)
                index = end
            }
        }

        /// The `X-NCMB-Response-Signature` value of everything appended.
        package func signature() -> String {
            HMACSignature.base64Encoded(Array(hmac.finalize()))
        }

        private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
    }
}
