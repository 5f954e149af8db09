import _CryptoExtras
import Crypto
import Foundation
import JWTKit
import NCMBWire

/// Keys a test generates to play an OpenID provider: an ES256 (P-256) key like Apple's and an RS256 (RSA 2048) key like
/// Google's, each with a key id, able to sign ID tokens and to publish their public halves as a JWKS.
struct TestSigningKeys: Sendable {
    /// The private keys, by key id.
    let signers: JWTKeyCollection
    /// The public JWK of each key, by key id.
    let publicKeys: [String: JSONValue]

    /// Generates a P-256 key per id in `ellipticCurveKeyIds` and an RSA 2048 key per id in `rsaKeyIds`.
    static func make(ellipticCurveKeyIds: [String] = ["ec-1"], rsaKeyIds: [String] = ["rsa-1"]) async throws -> TestSigningKeys {
        let signers = JWTKeyCollection()
        var publicKeys: [String: JSONValue] = [:]
        for keyId in ellipticCurveKeyIds {
            let key = ES256PrivateKey()
            await signers.add(ecdsa: key, kid: JWKIdentifier(string: keyId))
            guard let parameters = key.parameters else { throw TestKeyError.noPublicParameters }
            publicKeys[keyId] = [
                "kty": "EC", "crv": "P-256", "kid": .string(keyId), "use": "sig", "alg": "ES256",
                "x": .string(parameters.x), "y": .string(parameters.y),
            ]
        }
        for keyId in rsaKeyIds {
            let key = try Insecure.RSA.PrivateKey(backing: _RSA.Signing.PrivateKey(keySize: .bits2048))
            await signers.add(rsa: key, digestAlgorithm: .sha256, kid: JWKIdentifier(string: keyId))
            let primitives = try key.publicKey.getKeyPrimitives()
            publicKeys[keyId] = [
                "kty": "RSA", "kid": .string(keyId), "use": "sig", "alg": "RS256",
                "n": .string(base64URL(primitives.modulus)), "e": .string(base64URL(primitives.publicExponent)),
            ]
        }
        return TestSigningKeys(signers: signers, publicKeys: publicKeys)
    }

    /// A JWKS document publishing the keys `keyIds` (all keys when `nil`).
    func jwks(_ keyIds: [String]? = nil) -> String {
        let ids = keyIds ?? publicKeys.keys.sorted()
        return JSONValue.object(["keys": .array(ids.compactMap { publicKeys[$0] })]).serializedString()
    }

    /// An ID token signed with the key `keyId`.
    func token(keyId: String, claims: TestIdentityClaims) async throws -> String {
        try await signers.sign(claims, kid: JWKIdentifier(string: keyId))
    }

    /// Unpadded Base64URL.
    static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}

/// Why a test key could not be made.
enum TestKeyError: Error { case noPublicParameters }

/// The claims of a test ID token.
struct TestIdentityClaims: JWTPayload {
    var iss: IssuerClaim
    var sub: SubjectClaim
    var aud: AudienceClaim
    var exp: ExpirationClaim

    /// A token for `subject` issued by `issuer` to `audience`, expiring `expiresIn` seconds after `now` (ms since 1970).
    init(issuer: String, subject: String, audience: String, now: WireDate, expiresIn: Double = 600) {
        iss = IssuerClaim(value: issuer)
        sub = SubjectClaim(value: subject)
        aud = AudienceClaim(value: [audience])
        exp = ExpirationClaim(value: Date(timeIntervalSince1970: Double(now.millisecondsSince1970) / 1000 + expiresIn))
    }

    func verify(using algorithm: some JWTAlgorithm) async throws {}
}
