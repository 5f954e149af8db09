package import JWTKit
import KumoSeams
package import KumoStorage
import NCMBWire

/// The claims of an APNs provider token: the team (`iss`) and when it was made (`iat`, whole seconds).
package struct APNsProviderTokenClaims: JWTPayload, Equatable {
    /// The developer team id.
    package var iss: String
    /// Issue time in seconds since 1970.
    package var iat: Int

    /// Nothing to check: APNs checks the age, Kumo only signs (tests verify the signature with these claims).
    package func verify(using algorithm: some JWTAlgorithm) async throws {}
}

/// Signs APNs provider tokens (ES256 with the `.p8` key, header `kid`, claims `iss`/`iat`) and reuses each for
/// ``lifetimeMilliseconds``.
///
/// Apple rejects tokens older than one hour (`ExpiredProviderToken`) and answers `TooManyProviderTokenUpdates` when a
/// provider changes its token more often than every 20 minutes, so a token is kept 50 minutes per (team, key).
final class APNsProviderTokens: Sendable {
    /// Why no token could be made.
    struct SigningFailure: Error, CustomStringConvertible {
        var description: String
    }

    private struct Key: Hashable {
        var teamId: String
        var keyId: String
        var privateKeyPEM: String
    }

    /// How long a token is reused: 50 minutes.
    static let lifetimeMilliseconds: Int64 = 50 * 60 * 1000

    private let clock: any WallClock
    private let cache = PushTokenCache<Key>()

    /// Creates an empty cache on `clock`.
    init(clock: any WallClock) { self.clock = clock }

    /// A token for `credentials`: the cached one while younger than ``lifetimeMilliseconds``, else a new one.
    ///
    /// - Throws: ``SigningFailure`` when the key is not a P-256 private key in PEM form.
    func token(for credentials: APNsCredentials) async throws(SigningFailure) -> String {
        let key = Key(teamId: credentials.teamId, keyId: credentials.keyId, privateKeyPEM: credentials.privateKeyPEM)
        let now = clock.now()
        if let token = cache.token(for: key, at: now) { return token }
        let token = try await Self.sign(credentials, issuedAt: now)
        let end = WireDate(millisecondsSince1970: now.millisecondsSince1970 + Self.lifetimeMilliseconds)
        cache.keep(token, for: key, from: now, until: end)
        return token
    }

    /// Forgets `token` (APNs said `ExpiredProviderToken`), so the next call signs a new one.
    func invalidate(_ token: String, for credentials: APNsCredentials) {
        let key = Key(teamId: credentials.teamId, keyId: credentials.keyId, privateKeyPEM: credentials.privateKeyPEM)
        cache.forget(token, for: key)
    }

    /// Signs a provider token.
    static func sign(_ credentials: APNsCredentials, issuedAt: WireDate) async throws(SigningFailure) -> String {
        let privateKey: ES256PrivateKey
        do {
            privateKey = try ES256PrivateKey(pem: credentials.privateKeyPEM)
        } catch {
            throw SigningFailure(description: "the APNs key (.p8) is not a PEM P-256 private key")
        }
        let keys = JWTKeyCollection()
        await keys.add(ecdsa: privateKey, kid: JWKIdentifier(string: credentials.keyId))
        let claims = APNsProviderTokenClaims(
            iss: credentials.teamId, iat: Int(issuedAt.wholeSecondsSince1970))
        do {
            return try await keys.sign(claims, kid: JWKIdentifier(string: credentials.keyId))
        } catch {
            throw SigningFailure(description: "signing the APNs provider token failed: \(error)")
        }
    }
}

extension APNsCredentials {
    /// Why `privateKeyPEM` cannot sign provider tokens, or `nil` when it is a PEM P-256 private key (a `.p8` file).
    package var keyProblem: String? {
        (try? ES256PrivateKey(pem: privateKeyPEM)) == nil ? "the APNs key (.p8) is not a PEM P-256 private key" : nil
    }
}

extension WireDate {
    /// Whole seconds since 1970, rounded toward the past (the unit of JWT claims and `apns-expiration`).
    var wholeSecondsSince1970: Int64 {
        let quotient = millisecondsSince1970 / 1000
        return millisecondsSince1970 % 1000 < 0 ? quotient - 1 : quotient
    }
}
