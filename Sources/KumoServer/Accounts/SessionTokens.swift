import Crypto
package import KumoSeams

/// Session and one-time tokens: random text handed to the client, stored only as its SHA-256 hash.
package enum SessionTokens {
    /// Length of a session token (NCMB's tokens are 25 alphanumeric characters, fixtures F29, F31).
    package static let sessionTokenLength = 25
    /// Length of a one-time mail token.
    package static let oneTimeTokenLength = 32

    /// A new session token from the identifier source (a CSPRNG in production).
    package static func newSessionToken(_ identifiers: any IdentifierGenerator) -> String {
        identifiers.randomString(length: sessionTokenLength, alphabet: IdentifierAlphabet.alphanumeric)
    }

    /// A new one-time token for a mail link.
    package static func newOneTimeToken(_ identifiers: any IdentifierGenerator) -> String {
        identifiers.randomString(length: oneTimeTokenLength, alphabet: IdentifierAlphabet.alphanumeric)
    }

    /// The stored form of a token: SHA-256 of its UTF-8 bytes, lowercase hex.
    package static func hash(_ token: String) -> String {
        let digest = SHA256.hash(data: Array(token.utf8))
        let hexadecimal = IdentifierAlphabet.hexadecimal
        var text = ""
        text.reserveCapacity(64)
        for byte in digest {
            text.append(hexadecimal[Int(byte >> 4)])
            text.append(hexadecimal[Int(byte & 0x0f)])
        }
        return text
    }
}
