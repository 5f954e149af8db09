import KumoMemberwise

/// Where the server gets identifiers and secrets: objectIds, keys, request ids. The live one draws from a CSPRNG.
package protocol IdentifierGenerator: Sendable {
    /// A new objectId: 16 alphanumeric characters (docs/wire/conventions.md).
    func objectId() -> String
    /// A random string of `length` characters from `alphabet`.
    func randomString(length: Int, alphabet: [Character]) -> String
}

extension IdentifierGenerator {
    /// A new applicationId: 16 alphanumeric characters.
    package func applicationId() -> String { randomString(length: 16, alphabet: IdentifierAlphabet.alphanumeric) }
    /// A new application or client key: 64 lowercase hexadecimal characters, like NCMB's keys.
    package func key() -> String { randomString(length: 64, alphabet: IdentifierAlphabet.hexadecimal) }
    /// A new request id for logs.
    package func requestId() -> String { randomString(length: 12, alphabet: IdentifierAlphabet.alphanumeric) }
}

/// The character sets identifiers are drawn from.
package enum IdentifierAlphabet {
    /// `A–Z a–z 0–9`.
    package static let alphanumeric = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
    /// `0–9 a–f`.
    package static let hexadecimal = Array("0123456789abcdef")
}

/// Identifiers from the system CSPRNG (`SystemRandomNumberGenerator`: getrandom on Linux, arc4random on Apple systems).
@PackageMemberwiseInit
package struct RandomIdentifierGenerator: IdentifierGenerator {
    package func objectId() -> String { randomString(length: 16, alphabet: IdentifierAlphabet.alphanumeric) }

    /// Draws 64 random bits at a time and spends them a byte per character, rejecting bytes at or above the largest
    /// multiple of the alphabet's size so every character stays equally likely: a 16-character objectId costs about
    /// two system calls instead of sixteen.
    package func randomString(length: Int, alphabet: [Character]) -> String {
        var generator = SystemRandomNumberGenerator()
        guard alphabet.count <= 256 else {
            return String((0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] })
        }
        let acceptedBelow = 256 - 256 % alphabet.count
        var result = String()
        result.reserveCapacity(length)
        var produced = 0
        var bits: UInt64 = 0
        var bytesLeft = 0
        while produced < length {
            if bytesLeft == 0 {
                bits = generator.next()
                bytesLeft = 8
            }
            let byte = Int(bits & 0xFF)
            bits >>= 8
            bytesLeft -= 1
            guard byte < acceptedBelow else { continue }
            result.append(alphabet[byte % alphabet.count])
            produced += 1
        }
        return result
    }
}
