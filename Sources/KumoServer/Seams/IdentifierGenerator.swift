/// Where the server gets identifiers and secrets: objectIds, keys, request ids. The live one draws from a CSPRNG.
package protocol IdentifierGenerator: Sendable {
    /// A new objectId: 16 alphanumeric characters (wire spec §4).
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
package struct RandomIdentifierGenerator: IdentifierGenerator {
    /// Creates the generator.
    package init() {}

    package func objectId() -> String { randomString(length: 16, alphabet: IdentifierAlphabet.alphanumeric) }

    package func randomString(length: Int, alphabet: [Character]) -> String {
        var generator = SystemRandomNumberGenerator()
        return String((0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] })
    }
}
