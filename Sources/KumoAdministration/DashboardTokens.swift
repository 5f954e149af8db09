import Crypto

/// The dashboard's secrets: session, CSRF and setup tokens (random, from the identifier generator's CSPRNG) and their
/// stored form, the lowercase hex SHA-256.
package enum DashboardTokens {
    /// The lowercase hex SHA-256 of a token: what storage keeps.
    package static func hash(_ token: String) -> String {
        SHA256.hash(data: Array(token.utf8)).map { byte in
            let hex = Array("0123456789abcdef")
            return String([hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]])
        }.joined()
    }

    /// Whether two strings are equal, comparing every byte whatever the first difference (the length is not hidden).
    package static func constantTimeEquals(_ left: String, _ right: String) -> Bool {
        let leftBytes = Array(left.utf8)
        let rightBytes = Array(right.utf8)
        guard leftBytes.count == rightBytes.count else { return false }
        var difference: UInt8 = 0
        for index in leftBytes.indices { difference |= leftBytes[index] ^ rightBytes[index] }
        return difference == 0
    }
}
