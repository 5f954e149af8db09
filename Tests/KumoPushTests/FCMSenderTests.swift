import _CryptoExtras
import JWTKit
import KumoPush
import KumoSeams
import KumoStorage
import KumoTestSupport
import Logging
import NCMBWire
import Testing

/// `PlatformPushSender` against local stand-ins of Google's token endpoint and FCM HTTP v1.
@Suite struct FCMSenderTests {
    static let device = PushDevice(installationId: "inst2", deviceType: "android", deviceToken: "registration-1")
    static let notification = PushNotification(pushId: "push1", title: "Hello", message: "World")

    @Test func sendsADataMessageToTheProjectWithTheAccessToken() async throws {
        try await FCMHarness.run { harness in
            let outcome = await harness.send(Self.notification, to: Self.device)
            #expect(outcome == .delivered)
            let request = try #require(harness.fake.sendRequests.soleElement)
            #expect(request.path == "/v1/projects/kumo-test/messages:send")
            #expect(request.header("authorization") == "Bearer fake-access-token-1")
            #expect(request.header("content-type")?.hasPrefix("application/json") == true)
            let message = request.json?.objectValue?["message"]?.objectValue
            #expect(message?["token"] == "registration-1")
            #expect(message?["data"]?.objectValue?["title"] == "Hello")
            #expect(message?["data"]?.objectValue?["com.nifcloud.mbaas.PushId"] == "push1")
        }
    }

    @Test func asksForTheTokenWithAnRS256AssertionOfTheServiceAccount() async throws {
        try await FCMHarness.run { harness in
            _ = await harness.send(Self.notification, to: Self.device)
            let request = try #require(harness.fake.tokenRequests.soleElement)
            #expect(request.header("content-type") == "application/x-www-form-urlencoded")
            let form = FCMHarness.form(request.text)
            #expect(form["grant_type"] == "urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Ajwt-bearer")
            let assertion = try #require(form["assertion"])
            let claims = try await harness.verify(assertion)
            #expect(claims.iss == "kumo@kumo-test.iam.gserviceaccount.com")
            #expect(claims.scope == "https://www.googleapis.com/auth/firebase.messaging")
            #expect(claims.aud == harness.fake.tokenURL)
            #expect(claims.iat == 1_234_567_890)
            #expect(claims.exp == 1_234_567_890 + 3600)
            #expect(try JWTTestParts.header(of: assertion)?["kid"] == "key-id-1")
            #expect(try JWTTestParts.header(of: assertion)?["alg"] == "RS256")
        }
    }

    @Test func reusesTheAccessTokenUntilAMinuteBeforeItExpires() async throws {
        try await FCMHarness.run { harness in
            _ = await harness.send(Self.notification, to: Self.device)
            harness.clock.advance(milliseconds: (3599 - 61) * 1000)
            _ = await harness.send(Self.notification, to: Self.device)
            #expect(harness.fake.tokenRequests.count == 1)
            harness.clock.advance(milliseconds: 2000)
            _ = await harness.send(Self.notification, to: Self.device)
            #expect(harness.fake.tokenRequests.count == 2)
            #expect(harness.fake.sendRequests.last?.header("authorization") == "Bearer fake-access-token-2")
        }
    }

    @Test func anUnregisteredTokenMakesTheDeviceGone() async throws {
        try await FCMHarness.run { harness in
            harness.fake.script(
                registrationToken: "registration-1",
                FakeFCMServer.fcmError(404, status: "NOT_FOUND", errorCode: "UNREGISTERED", message: "Requested entity was not found."))
            let outcome = await harness.send(Self.notification, to: Self.device)
            #expect(
                outcome
                    == .deviceGone(
                        reason:
                            "FCM: 404 UNREGISTERED: Requested entity was not found. (the app was removed from the device or the token is no longer valid)",
                        code: "UNREGISTERED"))
        }
    }

    @Test func anInvalidRegistrationTokenMakesTheDeviceGone() async throws {
        try await FCMHarness.run { harness in
            harness.fake.script(
                registrationToken: "registration-1",
                FakeFCMServer.fcmError(
                    400, status: "INVALID_ARGUMENT", errorCode: "INVALID_ARGUMENT",
                    message: "The registration token is not a valid FCM registration token"))
            let outcome = await harness.send(Self.notification, to: Self.device)
            guard case .deviceGone = outcome else {
                Issue.record("expected deviceGone, got \(outcome)")
                return
            }
            #expect(outcome.reasonCode == "UNREGISTERED")
        }
    }

    @Test func anInvalidArgumentAboutTheMessageIsNotRetried() async throws {
        try await FCMHarness.run { harness in
            harness.fake.script(
                registrationToken: "registration-1",
                FakeFCMServer.fcmError(400, status: "INVALID_ARGUMENT", errorCode: "INVALID_ARGUMENT", message: "Invalid TTL"))
            let outcome = await harness.send(Self.notification, to: Self.device)
            #expect(outcome == .failed(reason: "FCM: 400 INVALID_ARGUMENT: Invalid TTL", isRetryable: false, code: "INVALID_ARGUMENT"))
        }
    }

    @Test(arguments: [(429, "QUOTA_EXCEEDED"), (503, "UNAVAILABLE"), (500, "INTERNAL")])
    func throttlingAndServerErrorsAreRetryable(status: Int, code: String) async throws {
        try await FCMHarness.run { harness in
            harness.fake.script(registrationToken: "registration-1", FakeFCMServer.fcmError(status, status: code, errorCode: code))
            let outcome = await harness.send(Self.notification, to: Self.device)
            #expect(outcome.isRetryableFailure)
        }
    }

    @Test func aRefusedAccessTokenIsRenewedOnceAndTheSendRetried() async throws {
        try await FCMHarness.run { harness in
            harness.fake.script(
                registrationToken: "registration-1", FakeFCMServer.fcmError(401, status: "UNAUTHENTICATED", errorCode: nil),
                ScriptedPushResponse(status: 200, body: "{}"))
            let outcome = await harness.send(Self.notification, to: Self.device)
            #expect(outcome == .delivered)
            #expect(harness.fake.tokenRequests.count == 2)
            #expect(
                harness.fake.sendRequests.map { $0.header("authorization") } == [
                    "Bearer fake-access-token-1", "Bearer fake-access-token-2",
                ])
        }
    }

    @Test func anAccessTokenRefusedTwiceFailsWithoutRetry() async throws {
        try await FCMHarness.run { harness in
            harness.fake.script(
                registrationToken: "registration-1", FakeFCMServer.fcmError(401, status: "UNAUTHENTICATED", errorCode: nil))
            let outcome = await harness.send(Self.notification, to: Self.device)
            #expect(!outcome.isRetryableFailure)
            #expect(outcome.failureReason?.contains("401 UNAUTHENTICATED") == true)
            #expect(harness.fake.sendRequests.count == 2)
        }
    }

    @Test func aServiceAccountTheTokenEndpointRefusesFailsReadably() async throws {
        try await FCMHarness.run { harness in
            harness.fake.scriptTokenEndpoint(
                ScriptedPushResponse(status: 400, body: #"{"error":"invalid_grant","error_description":"Invalid JWT Signature."}"#))
            let outcome = await harness.send(Self.notification, to: Self.device)
            #expect(
                outcome
                    == .failed(
                        reason: "FCM: FCM token endpoint refused the service account: 400 invalid_grant: Invalid JWT Signature.",
                        isRetryable: false, code: "accessTokenRefused"))
            #expect(harness.fake.sendRequests.isEmpty)
        }
    }

    @Test func aProjectIdThatCannotBeAPathSegmentIsRefusedWithoutARequest() async throws {
        try await FCMHarness.run { harness in
            var settings = harness.settings
            settings.fcm?.projectId = "../other"
            let outcome = await harness.sender.send(Self.notification, to: Self.device, credentials: settings)
            #expect(!outcome.isRetryableFailure)
            #expect(harness.fake.requests.isEmpty)
        }
    }

    @Test func theFakeReportsARequestOutsideTheTokenAndSendEndpoints() async throws {
        let authority = try TestCertificateAuthority()
        try await withKnownIssue {
            try await FakeFCMServer.with(authority: authority) { fake in
                let endpoints = PushEndpoints(
                    fcm: fake.baseURL, fcmTokenOverride: fake.baseURL + "/oauth2/token",
                    additionalTrustRootsPEM: [authority.certificatePEM])
                let sender = PlatformPushSender(endpoints: endpoints, clock: TestClock(), logger: .quiet)
                let credentials = FCMCredentials(
                    projectId: "kumo-test", clientEmail: "kumo@kumo-test.iam.gserviceaccount.com",
                    privateKeyPEM: try _RSA.Signing.PrivateKey(keySize: .bits2048).pemRepresentation)
                let outcome = await sender.send(Self.notification, to: Self.device, credentials: PushSettings(fcm: credentials))
                await sender.shutdown()
                #expect(!outcome.isRetryableFailure)
                #expect(fake.sendRequests.isEmpty)
            }
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("FakeFCMServer: unexpected POST /oauth2/token") }
        }
    }

    @Test func anApplicationWithoutFCMCredentialsIsNotSent() async throws {
        try await FCMHarness.run { harness in
            let outcome = await harness.sender.send(Self.notification, to: Self.device, credentials: PushSettings())
            #expect(
                outcome
                    == .failed(
                        reason: "FCM is not configured for this application (kumo apps push)", isRetryable: false, code: "noCredentials"))
        }
    }

    @Test func anUnknownDeviceTypeIsNotSent() async throws {
        try await FCMHarness.run { harness in
            let device = PushDevice(installationId: "i", deviceType: "windows", deviceToken: "t")
            let outcome = await harness.send(Self.notification, to: device)
            #expect(outcome == .failed(reason: "deviceType 'windows' cannot receive pushes", isRetryable: false, code: "unsupportedDeviceType"))
            #expect(harness.fake.requests.isEmpty)
        }
    }
}

/// A fake token endpoint and FCM, a sender trusting their CA, and a service account with a fresh RSA key.
struct FCMHarness: Sendable {
    let fake: FakeFCMServer
    let sender: PlatformPushSender
    let clock: TestClock
    let settings: PushSettings
    let privateKey: _RSA.Signing.PrivateKey

    /// Runs `body` and shuts the sender down afterwards.
    static func run(_ body: @Sendable (FCMHarness) async throws -> Void) async throws {
        let authority = try TestCertificateAuthority()
        try await FakeFCMServer.with(authority: authority) { fake in
            let clock = TestClock()
            let endpoints = PushEndpoints(
                fcm: fake.baseURL, fcmTokenOverride: fake.tokenURL, additionalTrustRootsPEM: [authority.certificatePEM])
            let sender = PlatformPushSender(endpoints: endpoints, clock: clock, logger: .quiet)
            let key = try _RSA.Signing.PrivateKey(keySize: .bits2048)
            let credentials = FCMCredentials(
                projectId: "kumo-test", clientEmail: "kumo@kumo-test.iam.gserviceaccount.com",
                privateKeyPEM: key.pemRepresentation, privateKeyId: "key-id-1")
            let harness = FCMHarness(
                fake: fake, sender: sender, clock: clock, settings: PushSettings(fcm: credentials), privateKey: key)
            do {
                try await body(harness)
            } catch {
                await sender.shutdown()
                throw error
            }
            await sender.shutdown()
        }
    }

    func send(_ notification: PushNotification, to device: PushDevice) async -> PushSendOutcome {
        await sender.send(notification, to: device, credentials: settings)
    }

    /// The claims of `assertion` once its RS256 signature checks out with the public key.
    func verify(_ assertion: String) async throws -> FCMAssertionClaims {
        let keys = JWTKeyCollection()
        await keys.add(rsa: try Insecure.RSA.PublicKey(pem: privateKey.publicKey.pemRepresentation), digestAlgorithm: .sha256)
        return try await keys.verify(assertion, as: FCMAssertionClaims.self)
    }

    /// The fields of a form body (values left encoded).
    static func form(_ text: String) -> [String: String] {
        var fields: [String: String] = [:]
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
        }
        return fields
    }
}

