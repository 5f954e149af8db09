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
            if bytes.withContiguousStorageIfAvailable({ appendHex($0) }) == nil { Array(bytes).withUnsafeBufferPointer { appendHex($0) } }
        }

        /// Hashes the hex form of `bytes`, a slice at a time: two digits per byte from a table, through pointers, so that
        /// the pass costs little even in a debug build (docs/decisions/0113-uploads-scanned-in-bulk.md).
        private mutating func appendHex(_ bytes: UnsafeBufferPointer<UInt8>) {
            var hex = [UInt8](repeating: 0, count: 2 * Swift.min(bytes.count, BinaryStream.sliceLength))
            var start = 0
            while start < bytes.count {
                let end = Swift.min(start + BinaryStream.sliceLength, bytes.count)
                hex.withUnsafeMutableBytes { output in
                    BinaryStream.hexPairs.withUnsafeBufferPointer { pairs in
                        guard let base = output.baseAddress else { return }
                        var index = start
                        var offset = 0
                        while index < end {
                            base.storeBytes(of: pairs[Int(bytes[index])], toByteOffset: offset, as: UInt16.self)
                            index += 1
                            offset += 2
                        }
                    }
                }
                hmac.update(data: hex[..<(2 * (end - start))])
                start = end
            }
        }

        /// The `X-NCMB-Response-Signature` value of everything appended.
        package func signature() -> String {
            HMACSignature.base64Encoded(Array(hmac.finalize()))
        }

        private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

        /// The two lowercase hex digits of each byte value, as they lie in memory (first digit at the lower address).
        private static let hexPairs: [UInt16] = (0..<256).map { byte in
            let pair = [hexDigits[byte >> 4], hexDigits[byte & 0x0F]]
            return pair.withUnsafeBytes { $0.load(as: UInt16.self) }
        }
    }
}
