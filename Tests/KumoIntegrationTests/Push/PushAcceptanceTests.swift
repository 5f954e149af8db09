import Crypto
import Foundation
import HTTPTypes
import HummingbirdTesting
import JWTKit
import KumoPush
import KumoSeams
import KumoServer
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// Issue 5 acceptance: a scheduled, segmented push registered over REST reaches exactly the matching iOS device through
/// the real APNs client (TLS, HTTP/2, ES256 provider token) against a local APNs stand-in, and a dead token is reported
/// readably on the push.
@Suite struct PushAcceptanceTests {
    static let goldToken = String(repeating: "ab", count: 32)
    static let silverToken = String(repeating: "cd", count: 32)

    @Test(arguments: TestDatabase.engines)
    func aScheduledSegmentedPushReachesTheMatchingDeviceThroughAPNs(_ engine: StorageEngine) async throws {
        try await Self.withAPNs(engine) { scenario in
            _ = try await scenario.install(Self.goldToken, #","plan":"gold""#)
            _ = try await scenario.install(Self.silverToken, #","plan":"silver""#)
            let deliveryTime = WireDate(millisecondsSince1970: TestClock.start.millisecondsSince1970 + 3_600_000)
            let pushId = try await scenario.push(
                #"""
                {"deliveryTime":{"__type":"Date","iso":"\#(deliveryTime.formatted)"},"target":["ios"],
                "searchCondition":{"plan":"gold"},"title":"Sale","message":"Gold members first","badgeSetting":2,
                "sound":"default","category":"offer","richUrl":"https://example.com/sale","userSettingValue":{"coupon":"GOLD10"}}
                """#)

            #expect(try await scenario.service.deliverDuePushes() == 0)
            #expect(scenario.fake.requests.isEmpty)
            scenario.application.clock.advance(milliseconds: 3_600_000)
            #expect(try await scenario.service.deliverDuePushes() == 1)

            let request = try #require(scenario.fake.requests.count == 1 ? scenario.fake.requests.first : nil)
            #expect(request.method == "POST")
            #expect(request.path == "/3/device/" + Self.goldToken)
            #expect(request.header("apns-topic") == "com.example.kumo")
            #expect(request.header("apns-push-type") == "alert")
            #expect(request.header("apns-priority") == "10")
            let authorization = try #require(request.header("authorization"))
            #expect(authorization.hasPrefix("bearer "))
            let claims = try await scenario.verifyProviderToken(String(authorization.dropFirst("bearer ".count)))
            #expect(claims.iss == "TEAM000001")
            #expect(claims.iat == Int(deliveryTime.millisecondsSince1970 / 1000))

            let payload = try #require(request.json?.objectValue)
            #expect(
                payload["aps"]
                    == [
                        "alert": ["title": "Sale", "body": "Gold members first"], "badge": 2, "sound": "default",
                        "category": "offer",
                    ])
            #expect(payload["com.nifcloud.mbaas.PushId"] == .string(pushId))
            #expect(payload["com.nifcloud.mbaas.RichUrl"] == "https://example.com/sale")
            #expect(payload["coupon"] == "GOLD10")

            let push = try await scenario.fetchPush(pushId)
            #expect(push["deliveryPlanNumber"] == 1)
            #expect(push["deliveryNumber"] == 1)
            #expect(push["status"] == .integer(PushStatus.delivered.rawValue))
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aTokenAPNsCallsBadIsReportedReadablyOnThePush(_ engine: StorageEngine) async throws {
        try await Self.withAPNs(engine) { scenario in
            _ = try await scenario.install(Self.goldToken)
            let silver = try await scenario.install(Self.silverToken)
            scenario.fake.script(deviceToken: Self.silverToken, .apnsError(400, reason: "BadDeviceToken"))
            let pushId = try await scenario.push(#"{"immediateDeliveryFlag":true,"target":["ios"],"message":"hello"}"#)

            try await scenario.service.deliverDuePushes()

            #expect(scenario.fake.requests.map(\.path).sorted() == ["/3/device/" + Self.goldToken, "/3/device/" + Self.silverToken])
            let push = try await scenario.fetchPush(pushId)
            #expect(push["deliveryNumber"] == 1)
            #expect(push["status"] == .integer(PushStatus.partlyFailed.rawValue))
            let reason = try #require(push["error"]?.objectValue?["reasons"]?.arrayValue?.first?.objectValue)
            #expect(reason["installationId"] == .string(silver))
            #expect(reason["reason"]?.stringValue?.hasPrefix("APNs: 400 BadDeviceToken (") == true)
        }
    }

    /// A server whose push sender is the real `PlatformPushSender`, pointed at a fake APNs that trusts a test CA.
    struct Scenario: Sendable {
        let application: TestApplication
        let requester: TestRequester
        let fake: FakeAPNsServer
        let signingKey: P256.Signing.PrivateKey

        var service: PushDeliveryService { PushDeliveryService(environment: application.environment) }

        /// Registers an iOS installation and returns its objectId.
        func install(_ token: String, _ extra: String = "") async throws -> String {
            try await requester.installDevice("ios", token, extra)
        }

        /// Registers a push and returns its objectId.
        func push(_ body: String) async throws -> String { try await requester.registerPush(body) }

        /// The push as `GET /push/{id}` shows it.
        func fetchPush(_ objectId: String) async throws -> JSONObject { try await requester.fetchPush(objectId) }

        /// The claims of an APNs provider token once its ES256 signature checks out with the public key.
        func verifyProviderToken(_ token: String) async throws -> APNsProviderTokenClaims {
            let keys = JWTKeyCollection()
            await keys.add(ecdsa: try ES256PublicKey(pem: signingKey.publicKey.pemRepresentation), kid: "KEY0000001")
            return try await keys.verify(token, as: APNsProviderTokenClaims.self)
        }
    }

    /// Runs `body` on a fresh server of `engine` whose application has APNs credentials with a new P-256 key.
    static func withAPNs(_ engine: StorageEngine, _ body: @escaping @Sendable (Scenario) async throws -> Void) async throws {
        let authority = try TestCertificateAuthority()
        let signingKey = P256.Signing.PrivateKey()
        let credentials = APNsCredentials(
            keyId: "KEY0000001", teamId: "TEAM000001", privateKeyPEM: signingKey.pemRepresentation, topic: "com.example.kumo")
        try await FakeAPNsServer.with(authority: authority) { fake in
            let endpoints = PushEndpoints(
                apnsProduction: fake.baseURL, apnsSandbox: fake.baseURL, additionalTrustRootsPEM: [authority.certificatePEM])
            let useRealSender: (inout ServerEnvironment) -> Void = { environment in
                environment.pushSender = PlatformPushSender(
                    endpoints: endpoints, clock: environment.clock, logger: environment.logger)
            }
            try await TestApplication.with(
                engine: engine, settings: ApplicationSettings(push: PushSettings(apns: credentials), clientPushEnabled: true), environment: useRealSender
            ) { application in
                do {
                    try await application.test { requester in
                        try await body(Scenario(application: application, requester: requester, fake: fake, signingKey: signingKey))
                    }
                } catch {
                    await (application.environment.pushSender as? PlatformPushSender)?.shutdown()
                    throw error
                }
                await (application.environment.pushSender as? PlatformPushSender)?.shutdown()
            }
        }
    }
}
