/// The `X-NCMB-Response-Signature` value (docs/wire/signature.md#response-signature,
/// docs/decisions/0007-response-signature-everywhere.md).
package enum ResponseSignature {
    /// `Base64(HMAC-SHA256(client key, <request string to sign> + "\n" + <B>))`.
    ///
    /// `B` is the body bytes exactly as sent, or the lowercase hex of the bytes for a binary body (file download). An
    /// empty body adds nothing, not even the `\n`, so the value then equals the request signature.
    ///
    /// - Parameters:
    ///   - stringToSign: the string to sign that authenticated the request (or the fallback of a failed request).
    ///   - body: the response body bytes as sent.
    ///   - isBinary: whether the body is raw file bytes, hashed in hex form.
    ///   - clientKey: the application's client key.
    package static func signature(stringToSign: String, body: [UInt8], isBinary: Bool, clientKey: String) -> String {
        signature(stringToSign: stringToSign, body: body, isBinary: isBinary, signingKey: SigningKey(clientKey: clientKey))
    }

    /// ``signature(stringToSign:body:isBinary:clientKey:)`` with the client key's HMAC state prepared once
    /// (``SigningKey``).
    package static func signature(stringToSign: String, body: [UInt8], isBinary: Bool, signingKey: SigningKey) -> String {
        let signer = signingKey.signer
        // The common JSON case hashes the body where it is instead of copying it behind the string to sign.
        guard !isBinary, !body.isEmpty else {
            return signer.base64(message: message(stringToSign: stringToSign, body: body, isBinary: isBinary))
        }
        return signer.base64(of: [Array(stringToSign.utf8), [UInt8(ascii: "\n")], body])
    }

    /// Whether a received response signature is the one expected, compared in constant time (SDK side; a mismatch is
    /// E100001).
    package static func isValid(
        _ received: String, stringToSign: String, body: [UInt8], isBinary: Bool, clientKey: String
    ) -> Bool {
        let expected = signature(stringToSign: stringToSign, body: body, isBinary: isBinary, clientKey: clientKey)
        return HMACSignature.constantTimeEquals(expected, received)
    }

    /// The signed message: the string to sign, then `\n` and `B` when the body is not empty.
    package static func message(stringToSign: String, body: [UInt8], isBinary: Bool) -> [UInt8] {
        var message = Array(stringToSign.utf8)
        guard !body.isEmpty else { return message }
        message.append(UInt8(ascii: "\n"))
        if isBinary {
            message.reserveCapacity(message.count + body.count * 2)
            for byte in body {
                message.append(hexDigits[Int(byte >> 4)])
                message.append(hexDigits[Int(byte & 0x0F)])
            }
        } else {
            message.append(contentsOf: body)
        }
        return message
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
}
