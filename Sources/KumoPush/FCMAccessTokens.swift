import AsyncHTTPClient
package import JWTKit
import KumoSeams
package import KumoStorage
import NCMBWire
import NIOCore
import NIOHTTP1

/// The claims of the assertion a service account trades for an OAuth2 access token (Google's "JWT bearer" flow).
package struct FCMAssertionClaims: JWTPayload, Equatable {
    /// The service account's address (`client_email`).
    package var iss: String
    /// The requested scope: `https://www.googleapis.com/auth/firebase.messaging`.
    package var scope: String
    /// The token endpoint.
    package var aud: String
    /// Issue time, seconds since 1970.
    package var iat: Int
    /// Expiry, seconds since 1970 (one hour after `iat`).
    package var exp: Int

    /// Nothing to check: the token endpoint checks, Kumo only signs (tests verify the signature with these claims).
    package func verify(using algorithm: some JWTAlgorithm) async throws {}
}

/// OAuth2 access tokens of FCM service accounts: an RS256 assertion signed with the account's key is posted to the token
/// endpoint, and the token it returns is reused until 60 seconds before `expires_in` runs out.
final class FCMAccessTokens: Sendable {
    /// Why no access token was obtained.
    struct Failure: Error, CustomStringConvertible {
        /// A readable reason without secrets.
        var description: String
        /// Whether trying again later may succeed.
        var isRetryable: Bool
    }

    private struct Key: Hashable {
        var clientEmail: String
        var privateKeyPEM: String
        var tokenURI: String
    }

    /// The OAuth2 scope of FCM HTTP v1.
    static let scope = "https://www.googleapis.com/auth/firebase.messaging"
    /// How long before its end a token stops being used: 60 seconds.
    static let renewalMarginMilliseconds: Int64 = 60_000

    private let endpoints: PushEndpoints
    private let http: PushHTTPClient
    private let clock: any WallClock
    private let cache = PushTokenCache<Key>()

    /// Creates an empty cache.
    init(endpoints: PushEndpoints, http: PushHTTPClient, clock: any WallClock) {
        self.endpoints = endpoints
        self.http = http
        self.clock = clock
    }

    /// An access token for `credentials`, from the cache or the token endpoint.
    func accessToken(for credentials: FCMCredentials) async throws(Failure) -> String {
        let tokenURI = endpoints.fcmTokenOverride ?? credentials.tokenURI
        let key = Key(clientEmail: credentials.clientEmail, privateKeyPEM: credentials.privateKeyPEM, tokenURI: tokenURI)
        let now = clock.now()
        if let accessToken = cache.token(for: key, at: now) { return accessToken }
        let assertion = try await Self.assertion(credentials, audience: tokenURI, issuedAt: now)
        let (accessToken, lifetimeSeconds) = try await exchange(assertion, at: tokenURI)
        let end = now.millisecondsSince1970 + lifetimeSeconds * 1000 - Self.renewalMarginMilliseconds
        cache.keep(accessToken, for: key, until: WireDate(millisecondsSince1970: end))
        return accessToken
    }

    /// Forgets `accessToken` (FCM answered 401), so the next call asks the token endpoint again.
    func invalidate(_ accessToken: String) {
        cache.forget(accessToken)
    }

    /// The signed assertion.
    static func assertion(_ credentials: FCMCredentials, audience: String, issuedAt: WireDate) async throws(Failure) -> String {
        let privateKey: Insecure.RSA.PrivateKey
        do {
            privateKey = try Insecure.RSA.PrivateKey(pem: credentials.privateKeyPEM)
        } catch {
            throw Failure(
                description: "the service account's private_key is not a PEM RSA private key of at least 2048 bits",
                isRetryable: false)
        }
        let keys = JWTKeyCollection()
        let keyId = credentials.privateKeyId.map { JWKIdentifier(string: $0) }
        await keys.add(rsa: privateKey, digestAlgorithm: .sha256, kid: keyId)
        let seconds = Int(issuedAt.wholeSecondsSince1970)
        let claims = FCMAssertionClaims(
            iss: credentials.clientEmail, scope: scope, aud: audience, iat: seconds, exp: seconds + 3600)
        do {
            return try await keys.sign(claims, kid: keyId)
        } catch {
            throw Failure(description: "signing the service-account assertion failed: \(error)", isRetryable: false)
        }
    }

    /// Posts the assertion to the token endpoint; returns the access token and its lifetime in seconds.
    private func exchange(_ assertion: String, at tokenURI: String) async throws(Failure) -> (String, Int64) {
        var request = HTTPClientRequest(url: tokenURI)
        request.method = .POST
        request.headers.add(name: "content-type", value: "application/x-www-form-urlencoded")
        let form = "grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Ajwt-bearer&assertion=" + assertion
        request.body = .bytes(ByteBuffer(string: form))
        let response: PushHTTPClient.Response
        do {
            response = try await http.execute(request)
        } catch {
            throw Failure(description: "FCM token endpoint unreachable: \(error.description)", isRetryable: error.isRetryable)
        }
        let object = (try? JSONValue(parsing: response.body.readableBytesView))?.objectValue ?? JSONObject()
        guard response.status == 200 else {
            let error = object["error"]?.stringValue ?? "no error given"
            let description = object["error_description"]?.stringValue.map { ": \($0)" } ?? ""
            let isRetryable = response.status == 429 || response.status >= 500
            throw Failure(
                description: "FCM token endpoint refused the service account: \(response.status) \(error)\(description)",
                isRetryable: isRetryable)
        }
        guard let accessToken = object["access_token"]?.stringValue, !accessToken.isEmpty else {
            throw Failure(description: "FCM token endpoint answered without an access_token", isRetryable: true)
        }
        let lifetime = object["expires_in"]?.integerValue ?? 3600
        return (accessToken, max(0, lifetime))
    }
}

extension FCMCredentials {
    /// Why `privateKeyPEM` cannot sign assertions, or `nil` when it is a PEM RSA private key of at least 2048 bits.
    package var keyProblem: String? {
        (try? Insecure.RSA.PrivateKey(pem: privateKeyPEM)) == nil
            ? "the service account's private_key is not a PEM RSA private key of at least 2048 bits" : nil
    }
}
