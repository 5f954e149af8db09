import Crypto
import Foundation
import JWTKit
import KumoPush
import KumoSeams
import KumoStorage
import KumoTestSupport
import Logging
import NCMBWire
import Testing

/// `PlatformPushSender` against a local APNs stand-in (TLS, HTTP/2): request shape, provider tokens and answers.
@Suite struct APNsSenderTests {
    static let deviceToken = String(repeating: "0a1b2c3d", count: 8)
    static let device = PushDevice(installationId: "inst1", deviceType: "ios", deviceToken: deviceToken)
    static let notification = PushNotification(pushId: "push1", title: "Hello", message: "World")

    @Test func sendsTheAlertToTheDevicePathWithTopicPushTypeAndPriority() async throws {
        try await APNsHarness.run { harness in
            let outcome = await harness.send(Self.notification, to: Self.device)
            #expect(outcome == .delivered)
            let request = try #require(harness.fake.requests.soleElement)
            #expect(request.method == "POST")
            #expect(request.path == "/3/device/" + Self.deviceToken)
            #expect(request.header("apns-topic") == "com.example.app")
            #expect(request.header("apns-push-type") == "alert")
            #expect(request.header("apns-priority") == "10")
            #expect(request.header("apns-expiration") == nil)
            #expect(request.json?.objectValue?["com.nifcloud.mbaas.PushId"] == "push1")
            #expect(request.json?.objectValue?["aps"]?.objectValue?["alert"] == ["title": "Hello", "body": "World"])
        }
    }

    @Test func signsAProviderTokenWithTheKeyIdAndTeamAtTheClockTime() async throws {
        try await APNsHarness.run { harness in
            _ = await harness.send(Self.notification, to: Self.device)
            let token = try #require(harness.fake.requests.soleElement?.bearerToken)
            let claims = try await harness.verify(token)
            #expect(claims.iss == "TEAM123456")
            #expect(claims.iat == 1_234_567_890)
            #expect(try JWTTestParts.header(of: token)?["kid"] == "KEY1234567")
            #expect(try JWTTestParts.header(of: token)?["alg"] == "ES256")
        }
    }

    @Test func sendsTheExpiryOfAnExpiringPush() async throws {
        try await APNsHarness.run { harness in
            var notification = Self.notification
            notification.expiresAt = WireDate(millisecondsSince1970: TestClock.start.millisecondsSince1970 + 3_600_000)
            _ = await harness.send(notification, to: Self.device)
            #expect(harness.fake.requests.soleElement?.header("apns-expiration") == "1234571490")
        }
    }

    @Test func reusesTheProviderTokenForFiftyMinutesThenSignsANewOne() async throws {
        try await APNsHarness.run { harness in
            _ = await harness.send(Self.notification, to: Self.device)
            harness.clock.advance(milliseconds: 49 * 60_000)
            _ = await harness.send(Self.notification, to: Self.device)
            harness.clock.advance(milliseconds: 2 * 60_000)
            _ = await harness.send(Self.notification, to: Self.device)
            let tokens = harness.fake.requests.compactMap(\.bearerToken)
            #expect(tokens.count == 3)
            #expect(tokens[0] == tokens[1])
            #expect(tokens[2] != tokens[1])
            let renewed = try await harness.verify(tokens[2])
            #expect(renewed.iat == 1_234_567_890 + 51 * 60)
        }
    }

    @Test func usesTheSandboxHostWhenTheCredentialsSaySo() async throws {
        try await APNsHarness.run(productionIsUnreachable: true) { harness in
            var settings = harness.settings
            settings.apns?.usesSandbox = true
            let outcome = await harness.sender.send(Self.notification, to: Self.device, credentials: settings)
            #expect(outcome == .delivered)
            #expect(harness.fake.requests.count == 1)
        }
    }

    @Test(arguments: [(400, "BadDeviceToken"), (400, "DeviceTokenNotForTopic"), (410, "Unregistered")])
    func aDeadTokenMakesTheDeviceGoneWithAReadableReason(status: Int, reason: String) async throws {
        try await APNsHarness.run { harness in
            harness.fake.script(deviceToken: Self.deviceToken, .apnsError(status, reason: reason))
            let outcome = await harness.send(Self.notification, to: Self.device)
            guard case .deviceGone(let text, let code) = outcome else {
                Issue.record("expected deviceGone, got \(outcome)")
                return
            }
            #expect(text.contains("\(status) \(reason)"))
            #expect(text.contains("("))
            #expect(code == reason && outcome.reasonCode == reason)
        }
    }

    @Test(arguments: [(429, "TooManyRequests"), (500, "InternalServerError"), (503, "ServiceUnavailable")])
    func throttlingAndServerErrorsAreRetryable(status: Int, reason: String) async throws {
        try await APNsHarness.run { harness in
            harness.fake.script(deviceToken: Self.deviceToken, .apnsError(status, reason: reason))
            let outcome = await harness.send(Self.notification, to: Self.device)
            #expect(outcome.isRetryableFailure)
        }
    }

    @Test(arguments: [(403, "InvalidProviderToken"), (400, "BadTopic"), (413, "PayloadTooLarge")])
    func credentialAndRequestErrorsAreNotRetried(status: Int, reason: String) async throws {
        try await APNsHarness.run { harness in
            harness.fake.script(deviceToken: Self.deviceToken, .apnsError(status, reason: reason))
            let outcome = await harness.send(Self.notification, to: Self.device)
            #expect(!outcome.isRetryableFailure)
            #expect(outcome.failureReason?.contains("\(status) \(reason)") == true)
        }
    }

    @Test func anExpiredProviderTokenIsReplacedOnceAndTheSendRetried() async throws {
        try await APNsHarness.run { harness in
            harness.fake.script(
                deviceToken: Self.deviceToken, .apnsError(403, reason: "ExpiredProviderToken"), ScriptedPushResponse(status: 200))
            let outcome = await harness.send(Self.notification, to: Self.device)
            #expect(outcome == .delivered)
            let tokens = harness.fake.requests.compactMap(\.bearerToken)
            #expect(tokens.count == 2)
            #expect(tokens[0] != tokens[1])
        }
    }

    @Test func aProviderTokenRefusedTwiceFailsWithoutRetry() async throws {
        try await APNsHarness.run { harness in
            harness.fake.script(deviceToken: Self.deviceToken, .apnsError(403, reason: "ExpiredProviderToken"))
            let outcome = await harness.send(Self.notification, to: Self.device)
            #expect(outcome.failureReason?.contains("ExpiredProviderToken") == true)
            #expect(!outcome.isRetryableFailure)
            #expect(harness.fake.requests.count == 2)
        }
    }

    @Test func aDeviceTokenThatIsNotHexadecimalIsGoneWithoutARequest() async throws {
        try await APNsHarness.run { harness in
            let device = PushDevice(installationId: "inst1", deviceType: "ios", deviceToken: "../../token")
            let outcome = await harness.send(Self.notification, to: device)
            #expect(outcome == .deviceGone(reason: "APNs: the deviceToken is not a hexadecimal APNs device token", code: "BadDeviceToken"))
            #expect(harness.fake.requests.isEmpty)
        }
    }

    @Test func aKeyThatIsNotAP256KeyFailsWithoutARequest() async throws {
        try await APNsHarness.run { harness in
            var settings = harness.settings
            settings.apns?.privateKeyPEM = "-----BEGIN PRIVATE KEY-----\nnot a key\n-----END PRIVATE KEY-----\n"
            let outcome = await harness.sender.send(Self.notification, to: Self.device, credentials: settings)
            #expect(outcome.failureReason?.contains(".p8") == true)
            #expect(!outcome.isRetryableFailure)
            #expect(harness.fake.requests.isEmpty)
        }
    }

    @Test func anApplicationWithoutAPNsCredentialsIsNotSent() async throws {
        try await APNsHarness.run { harness in
            let outcome = await harness.sender.send(Self.notification, to: Self.device, credentials: PushSettings())
            #expect(
                outcome
                    == .failed(
                        reason: "APNs is not configured for this application (kumo apps push)", isRetryable: false, code: "noCredentials"))
            #expect(harness.fake.requests.isEmpty)
        }
    }

    @Test func aServerWhoseCertificateIsNotTrustedIsNotDelivered() async throws {
        let authority = try TestCertificateAuthority()
        try await FakeAPNsServer.with(authority: authority) { fake in
            let sender = PlatformPushSender(
                endpoints: PushEndpoints(apnsProduction: fake.baseURL), clock: TestClock(), logger: .quiet,
                requestTimeout: .seconds(5))
            let settings = try APNsHarness.makeSettings().settings
            let outcome = await sender.send(Self.notification, to: Self.device, credentials: settings)
            await sender.shutdown()
            #expect(outcome.isRetryableFailure)
            #expect(outcome.failureReason?.hasPrefix("APNs unreachable") == true)
        }
    }

    @Test func anUnreachableHostIsARetryableFailure() async throws {
        try await APNsHarness.run(productionIsUnreachable: true, requestTimeout: .seconds(1)) { harness in
            let outcome = await harness.send(Self.notification, to: Self.device)
            #expect(outcome.isRetryableFailure)
            #expect(harness.fake.requests.isEmpty)
        }
    }

    @Test func theFakeReportsARequestOutsideTheProviderAPI() async throws {
        let authority = try TestCertificateAuthority()
        try await withKnownIssue {
            try await FakeAPNsServer.with(authority: authority) { fake in
                let endpoints = PushEndpoints(
                    apnsProduction: fake.baseURL + "/elsewhere", additionalTrustRootsPEM: [authority.certificatePEM])
                let sender = PlatformPushSender(endpoints: endpoints, clock: TestClock(), logger: .quiet)
                let outcome = await sender.send(
                    Self.notification, to: Self.device, credentials: try APNsHarness.makeSettings().settings)
                await sender.shutdown()
                #expect(outcome == .failed(reason: "APNs: 404 no reason given", isRetryable: false, code: "HTTP404"))
            }
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("FakeAPNsServer: unexpected POST /elsewhere/3/device/") }
        }
    }

    @Test func aSenderThatWasShutDownFailsRetryably() async throws {
        try await APNsHarness.run { harness in
            await harness.sender.shutdown()
            let outcome = await harness.send(Self.notification, to: Self.device)
            #expect(outcome.failureReason?.contains("shut down") == true)
            #expect(outcome.isRetryableFailure)
        }
    }
}

/// A fake APNs, a sender trusting its CA, and credentials with a fresh P-256 key.
struct APNsHarness: Sendable {
    let fake: FakeAPNsServer
    let sender: PlatformPushSender
    let clock: TestClock
    let settings: PushSettings
    let privateKey: P256.Signing.PrivateKey

    /// Runs `body` and shuts the sender down afterwards.
    static func run(
        productionIsUnreachable: Bool = false, requestTimeout: Duration = .seconds(30),
        _ body: @Sendable (APNsHarness) async throws -> Void
    ) async throws {
        let authority = try TestCertificateAuthority()
        try await FakeAPNsServer.with(authority: authority) { fake in
            let clock = TestClock()
            let endpoints = PushEndpoints(
                apnsProduction: productionIsUnreachable ? "https://127.0.0.1:1" : fake.baseURL, apnsSandbox: fake.baseURL,
                additionalTrustRootsPEM: [authority.certificatePEM])
            // Generous by default: a TLS + HTTP/2 handshake in a debug build on a busy CI machine can take seconds. Only
            // a case that really connects to the unreachable host passes a short one (AsyncHTTPClient retries a refused
            // connection until the deadline).
            let sender = PlatformPushSender(endpoints: endpoints, clock: clock, logger: .quiet, requestTimeout: requestTimeout)
            let (settings, key) = try makeSettings()
            let harness = APNsHarness(fake: fake, sender: sender, clock: clock, settings: settings, privateKey: key)
            do {
                try await body(harness)
            } catch {
                await sender.shutdown()
                throw error
            }
            await sender.shutdown()
        }
    }

    /// Credentials with a new key.
    static func makeSettings() throws -> (settings: PushSettings, key: P256.Signing.PrivateKey) {
        let key = P256.Signing.PrivateKey()
        let credentials = APNsCredentials(
            keyId: "KEY1234567", teamId: "TEAM123456", privateKeyPEM: key.pemRepresentation, topic: "com.example.app")
        return (PushSettings(apns: credentials), key)
    }

    func send(_ notification: PushNotification, to device: PushDevice) async -> PushSendOutcome {
        await sender.send(notification, to: device, credentials: settings)
    }

    /// The claims of `token` once its ES256 signature checks out with the public key.
    func verify(_ token: String) async throws -> APNsProviderTokenClaims {
        let keys = JWTKeyCollection()
        await keys.add(ecdsa: try ES256PublicKey(pem: privateKey.publicKey.pemRepresentation))
        return try await keys.verify(token, as: APNsProviderTokenClaims.self)
    }
}

/// Reads JWT parts without checking them.
enum JWTTestParts {
    /// The decoded header object.
    static func header(of token: String) throws -> JSONObject? {
        guard let first = token.split(separator: ".").first else { return nil }
        var base64 = first.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        guard let data = Data(base64Encoded: base64) else { return nil }
        return try JSONValue(parsing: Array(data)).objectValue
    }
}

extension RecordedPushRequest {
    /// The token of `authorization: bearer <token>` (any case).
    var bearerToken: String? {
        guard let value = header("authorization"), value.lowercased().hasPrefix("bearer ") else { return nil }
        return String(value.dropFirst("bearer ".count))
    }
}

extension PushSendOutcome {
    /// Whether this is a failure worth retrying.
    var isRetryableFailure: Bool {
        if case .failed(_, true, _) = self { return true }
        return false
    }

    /// The reason of a failure, or `nil`.
    var failureReason: String? {
        if case .failed(let reason, _, _) = self { return reason }
        return nil
    }
}

extension Array {
    /// The single element, or `nil` when there are none or several.
    var soleElement: Element? { count == 1 ? first : nil }
}
