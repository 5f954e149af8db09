import JWTKit
import KumoSeams
import KumoStorage
import Logging
import NCMBWire

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Verifies an OpenID Connect ID token (Sign in with Apple, Google Sign-In) sent as `authData.access_token`.
///
/// Options (`AuthProviderSettings.options`):
/// - `jwksURL`: the provider's signing keys. Defaults to Apple's or Google's published URL.
/// - `issuer`: accepted `iss` values, a string or an array. Defaults to `https://appleid.apple.com`, or
///   `https://accounts.google.com` and `accounts.google.com`.
/// - `audiences` (array) or `audience` (string): the application's client ids. Required: without one every token is
///   rejected, since a token issued to any other app would otherwise log in.
///
/// A token is accepted when its signature verifies with the JWKS key its header names (`kid`) using an allowed algorithm
/// (`RS256`, `ES256`; the key's own `alg` when it names one), `iss` is accepted, `aud` names a configured client id (for
/// Apple, when `authData.client_id` is sent it must be configured and be the token's audience), `exp` lies after the
/// server's clock, and `sub` equals `authData.id`.
struct IdentityTokenVerifier: Sendable {
    /// The signature algorithms Apple and Google use; anything else (`none`, HMAC, …) is refused.
    static let allowedAlgorithms: Set<String> = ["RS256", "ES256"]

    let keys: JWKSCache
    let clock: any WallClock

    /// Why a token was refused, for the log (never the token itself).
    enum Refusal: Error, CustomStringConvertible {
        case missingField(String)
        case malformed(String)
        case unknownKey
        case claim(String)

        var description: String {
            switch self {
            case .missingField(let name): "authData.\(name) is missing"
            case .malformed(let reason): "malformed token: \(reason)"
            case .unknownKey: "no JWKS key for the token's kid"
            case .claim(let reason): reason
            }
        }
    }

    /// Accepts the token or throws a `Refusal`.
    func verify(provider: String, authData: JSONObject, settings: AuthProviderSettings) async throws {
        guard let token = authData["access_token"]?.stringValue, !token.isEmpty else { throw Refusal.missingField("access_token") }
        guard let userId = authData["id"]?.stringValue, !userId.isEmpty else { throw Refusal.missingField("id") }
        guard let jwksURL = settings.stringOption("jwksURL") ?? ProviderDefaults.jwksURL(provider: provider) else {
            throw Refusal.claim("no jwksURL configured for \(provider)")
        }
        let header = try Self.header(of: token)
        guard let keySet = await keys.keys(url: jwksURL, holding: header.keyIdentifier, now: clock.now().millisecondsSince1970)
        else { throw Refusal.unknownKey }
        if case .some(.some(let keyAlgorithm)) = keySet.algorithms[header.keyIdentifier], keyAlgorithm != header.algorithm {
            throw Refusal.malformed("alg \(header.algorithm) differs from the key's \(keyAlgorithm)")
        }
        let claims: IdentityTokenClaims
        do {
            claims = try await keySet.collection.verify(token, as: IdentityTokenClaims.self)
        } catch {
            throw Refusal.malformed("signature or payload: \(error)")
        }
        try check(claims, provider: provider, userId: userId, authData: authData, settings: settings)
    }

    /// Checks issuer, audience, expiry and subject.
    private func check(
        _ claims: IdentityTokenClaims, provider: String, userId: String, authData: JSONObject, settings: AuthProviderSettings
    ) throws {
        let issuers = settings.stringListOption("issuer", singularKey: nil)
        let acceptedIssuers = issuers.isEmpty ? ProviderDefaults.issuers(provider: provider) : issuers
        guard let issuer = claims.iss?.value, acceptedIssuers.contains(issuer) else { throw Refusal.claim("iss not accepted") }

        var audiences = settings.stringListOption("audiences", singularKey: "audience")
        guard !audiences.isEmpty else { throw Refusal.claim("no audiences configured for \(provider)") }
        if provider == "apple", let clientId = authData["client_id"]?.stringValue {
            guard audiences.contains(clientId) else { throw Refusal.claim("authData.client_id is not a configured audience") }
            audiences = [clientId]
        }
        guard let tokenAudiences = claims.aud?.value, tokenAudiences.contains(where: audiences.contains) else {
            throw Refusal.claim("aud not accepted")
        }

        guard let expiration = claims.exp?.value else { throw Refusal.claim("exp missing") }
        let expirationMilliseconds = Int64((expiration.timeIntervalSince1970 * 1000).rounded(.down))
        guard expirationMilliseconds > clock.now().millisecondsSince1970 else { throw Refusal.claim("token expired") }

        guard claims.sub?.value == userId else { throw Refusal.claim("sub differs from authData.id") }
    }

    /// The `kid` and `alg` of a compact JWS header; both are required.
    private static func header(of token: String) throws(Refusal) -> (keyIdentifier: String, algorithm: String) {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let bytes = base64URLDecoded(parts[0]),
            let header = try? JSONValue(parsing: bytes).objectValue
        else { throw .malformed("not a compact JWS") }
        guard let algorithm = header["alg"]?.stringValue, allowedAlgorithms.contains(algorithm) else {
            throw .malformed("alg not allowed")
        }
        guard let keyIdentifier = header["kid"]?.stringValue, !keyIdentifier.isEmpty else { throw .malformed("kid missing") }
        return (keyIdentifier, algorithm)
    }

    /// Decodes unpadded Base64URL.
    private static func base64URLDecoded(_ text: Substring) -> [UInt8]? {
        var base64 = String(text.map { $0 == "-" ? "+" : $0 == "_" ? "/" : $0 })
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64).map { Array($0) }
    }
}

/// The claims of an ID token Kumo checks; jwt-kit verifies the signature, Kumo the claims (against its own clock).
struct IdentityTokenClaims: JWTPayload {
    var iss: IssuerClaim?
    var sub: SubjectClaim?
    var aud: AudienceClaim?
    var exp: ExpirationClaim?

    /// Claims are checked by `IdentityTokenVerifier` with the server's clock, not by jwt-kit with the system clock.
    func verify(using algorithm: some JWTAlgorithm) async throws {}
}
