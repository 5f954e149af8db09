import Crypto
import Hummingbird
import KumoSeams
import NCMBWire

/// A write that carried `X-Kumo-Idempotency-Key` (docs/wire/idempotency.md, docs/decisions/0133-idempotency-keys.md):
/// its scope (the key and the caller) and its fingerprint (method, path and body), both hex SHA-256.
struct IdempotentRequest: Sendable, Hashable {
    /// The longest key accepted, in characters.
    static let maximumKeyLength = 128
    /// How long a key's first answer is kept.
    static let lifetime: Int64 = 24 * 60 * 60 * 1000
    /// How long a claim whose request never answered (the server stopped) blocks its key.
    static let pendingLease: Int64 = 10 * 60 * 1000
    /// The largest answer body kept; a larger first answer is remembered without its body.
    static let maximumKeptAnswerBytes = 64 * 1024

    /// The digest of the key and the caller: a replay is only given to the same user (or to another anonymous caller
    /// sending the very same request, which already holds everything the answer could reveal).
    let scope: String
    /// The digest of the method, the path with its query and the body (a multipart upload's body is not read here).
    let fingerprint: String
    /// Whether the key breaks the rules; refused (400 E400004) only by a route that honours keys.
    let isInvalid: Bool

    /// The key of a write, if it carries one; `nil` without the header or for a method that never takes one (GET).
    /// A key that is empty, repeated, longer than ``maximumKeyLength`` or has a character outside `A-Z a-z 0-9 - _ . :`
    /// is marked ``isInvalid``.
    static func of(_ request: Request, path: String, query: String?, body: [UInt8], identity: Identity) -> Self? {
        guard request.method == .post || request.method == .put || request.method == .delete else { return nil }
        let values = request.headers[values: HeaderNames.idempotencyKey]
        guard let key = values.first else { return nil }
        guard values.count == 1, isValid(key) else { return Self(scope: "", fingerprint: "", isInvalid: true) }
        var request = Array(request.method.rawValue.utf8) + [10] + Array(path.utf8)
        if let query { request += [63] + Array(query.utf8) }
        request += [10] + SHA256.hash(data: body).map { $0 }
        return Self(scope: hex(Array(key.utf8) + [10] + Array(identity.scopeText.utf8)), fingerprint: hex(request), isInvalid: false)
    }

    /// Whether the route honours the key: creates, updates and deletes of objects, users, roles, installations, pushes
    /// and files. Everything else (batch, login, scripts, mail requests) ignores it.
    static func honours(_ route: APIRoute) -> Bool {
        switch route {
        case .objects(_, .create), .objects(_, .update), .objects(_, .delete): true
        case .files(.upload), .files(.updateACL), .files(.delete): true
        default: false
        }
    }

    private static func isValid(_ key: String) -> Bool {
        guard !key.isEmpty, key.utf8.count <= maximumKeyLength else { return false }
        return key.utf8.allSatisfy { byte in
            (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte) || byte == 45 || byte == 95
                || byte == 46 || byte == 58
        }
    }

    private static let hexDigits = Array("0123456789abcdef")

    private static func hex(_ bytes: [UInt8]) -> String {
        String(SHA256.hash(data: bytes).flatMap { byte in [hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 15)]] })
    }
}

extension Identity {
    /// The caller's part of an idempotency scope.
    fileprivate var scopeText: String {
        switch self {
        case .anonymous: "anonymous"
        case .user(let objectId): "user:" + objectId
        case .administrator: "administrator"
        }
    }
}
