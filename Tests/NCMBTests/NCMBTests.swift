import Foundation
import NCMB
import NCMBWire
import Testing

/// `NCMB.initialize`, the one test of process-wide state: serialized, and resetting the SDK afterwards.
@Suite(.serialized) struct NCMBTests {
    static let created = #"{"objectId":"0000000000000001","createDate":"2009-02-13T23:31:30.000Z"}"#

    /// Runs `body` and restores an uninitialized SDK, whatever happens.
    func withFreshSDK(_ body: () async throws -> Void) async rethrows {
        NCMB.setContext(NCMBContext())
        defer { NCMB.setContext(NCMBContext()) }
        try await body()
    }

    // MARK: Tests

    @Test func theConstantsAreThoseOfNCMBSwift() {
        #expect(NCMB.SDK_VERSION == "1.4.2")
        #expect(NCMB.DEFAULT_DOMAIN_URL == "https://mbaas.api.nifcloud.com/")
        #expect(NCMB.DEFAULT_API_VERSION == "2013-09-01")
        #expect(NCMB.DEFAULT_SCRIPT_ENDPOINT == "https://script.mbaas.api.nifcloud.com/")
        #expect(NCMB.DEFAULT_SCRIPT_API_VERSION == "2015-09-01")
        #expect(NCMB.DEVICE_TYPE == "ios")
    }

    @Test func initializeSetsTheKeysAndTheDomainOfLaterObjects() async throws {
        try await withFreshSDK {
            NCMB.initialize(applicationKey: "appkey", clientKey: "clientkey", domainURL: "http://127.0.0.1:8080/")

            let context = NCMB.context

            #expect(context.applicationKey == "appkey")
            #expect(context.clientKey == "clientkey")
            #expect(context.domainURL == "http://127.0.0.1:8080/")
            #expect(context.apiVersion == "2013-09-01")
            #expect(context.requestTimeout == 10)
            #expect(context.fileRequestTimeout == 120)
            #expect(context.transport is URLSessionTransport)
        }
    }

    @Test func initializeWithATransportSendsLaterRequestsThroughIt() async throws {
        try await withFreshSDK {
            let transport = RecordingTransport()
            NCMB.initialize(
                applicationKey: TestKeys.applicationKey, clientKey: TestKeys.clientKey, domainURL: "http://localhost:8080/",
                transport: transport, requestTimeout: 5, fileRequestTimeout: 60)
            let object = NCMBObject(className: "GameScore")
            object["points"] = 1
            transport.expect(.objects(try .named("GameScore"), .create(["points": 1])), reply: .json(201, Self.created))

            try await object.save()

            let request = try #require(transport.requests.first)
            #expect(request.url.absoluteString == "http://localhost:8080/2013-09-01/classes/GameScore")
            #expect(request.headers["X-NCMB-Application-Key"] == TestKeys.applicationKey)
            #expect(request.timeoutInterval == 5)
            #expect(NCMB.context.fileRequestTimeout == 60)
        }
    }

    @Test func initializeWithoutATransportKeepsTheOneSetBefore() async throws {
        try await withFreshSDK {
            let transport = RecordingTransport()
            NCMB.initialize(applicationKey: "first", clientKey: "first", transport: transport)

            NCMB.initialize(applicationKey: "second", clientKey: "second", domainURL: "https://kumo.example.com/", apiVersion: "2013-09-01")

            #expect(NCMB.context.transport is RecordingTransport)
            #expect(NCMB.context.applicationKey == "second")
        }
    }

    @Test func anObjectKeepsTheSettingsInEffectWhenItWasCreated() async throws {
        try await withFreshSDK {
            let transport = RecordingTransport()
            NCMB.initialize(applicationKey: TestKeys.applicationKey, clientKey: TestKeys.clientKey, transport: transport)
            let object = NCMBObject(className: "GameScore")
            NCMB.initialize(applicationKey: "other", clientKey: "other", domainURL: "https://other.example.com/")
            transport.expect(.objects(try .named("GameScore"), .create([:])), reply: .json(201, Self.created))

            try await object.save()

            #expect(transport.requests.first?.headers["X-NCMB-Application-Key"] == TestKeys.applicationKey)
        }
    }

    @Test func anUninitializedSDKFailsBeforeSending() async throws {
        try await withFreshSDK {
            let object = NCMBObject(className: "GameScore")
            object.objectId = "x1"

            let error = await #expect(throws: NCMBInvalidRequestError.self) { try await object.fetch() }

            #expect(error == .emptyApplicationKey)
        }
    }
}
