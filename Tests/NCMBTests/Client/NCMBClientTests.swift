import Foundation
import NCMB
import NCMBWire
import Testing

/// Several independent clients: their own keys, URL, transport and signed-in user, side by side.
@Suite struct NCMBClientTests {
    let first = RecordingTransport()
    let second = RecordingTransport()

    func makeClient(_ transport: RecordingTransport, applicationKey: String, domainURL: String) -> NCMBClient {
        NCMBClient(
            configuration: .init(
                applicationKey: applicationKey, clientKey: TestKeys.clientKey, domainURL: domainURL, transport: transport))
    }

    static let created = #"{"objectId":"0000000000000001","createDate":"2009-02-13T23:31:30.000Z"}"#

    // MARK: Tests

    @Test func eachClientSendsWithItsOwnKeysAndURL() async throws {
        let a = makeClient(first, applicationKey: "keyA", domainURL: "https://a.example.com/")
        let b = makeClient(second, applicationKey: "keyB", domainURL: "https://b.example.com/")
        first.expect(.objects(try .named("Food"), .create([:])), reply: .json(201, Self.created))
        second.expect(.objects(try .named("Food"), .create([:])), reply: .json(201, Self.created))

        try await a.object(className: "Food").save()
        try await b.run { try await NCMBObject(className: "Food").save() }

        #expect(first.requests.first?.url.host == "a.example.com")
        #expect(first.requests.first?.headers["X-NCMB-Application-Key"] == "keyA")
        #expect(second.requests.first?.url.host == "b.example.com")
        #expect(second.requests.first?.headers["X-NCMB-Application-Key"] == "keyB")
    }

    @Test func eachClientHasItsOwnSignedInUser() async throws {
        let a = makeClient(first, applicationKey: "keyA", domainURL: "https://a.example.com/")
        let b = makeClient(second, applicationKey: "keyB", domainURL: "https://b.example.com/")
        first.expect(.login(.body(["userName": "tarou", "password": "secret"])), reply: .json(200, UserReplies.loggedIn))

        try await a.run { try await NCMBUser.logIn(userName: "tarou", password: "secret") }

        #expect(a.currentUser?.objectId == "HwwaZ60AOTdKRWyC")
        #expect(b.currentUser == nil)
        #expect(b.run { NCMBUser.currentUser } == nil)
        second.expect(.objects(try .named("Food"), .create([:])), reply: .json(201, Self.created))
        try await b.object(className: "Food").save()
        #expect(second.requests.first?.headers["X-NCMB-Apps-Session-Token"] == nil)
    }

    @Test func aQueryAndItsObjectsKeepTheirClient() async throws {
        let a = makeClient(first, applicationKey: "keyA", domainURL: "https://a.example.com/")
        first.expect(.objects(try .named("Food"), .find(QueryParameters())), reply: .json(200, #"{"results":[{"objectId":"f1"}]}"#))
        let found = try await a.query(className: "Food").find()
        first.expect(.objects(try .named("Food"), .delete(objectId: "f1")), reply: .empty(200))

        try await found[0].delete()

        #expect(first.requests.count == 2)
    }

    @Test func theConfigurationReadsBackWithItsDefaults() {
        let client = NCMBClient(configuration: .init(applicationKey: "key", clientKey: "secret"))

        let configuration = client.configuration

        #expect(configuration.applicationKey == "key")
        #expect(configuration.domainURL == "https://mbaas.api.nifcloud.com/")
        #expect(configuration.requestTimeout == 10)
        #expect(configuration.fileRequestTimeout == 120)
        #expect(configuration.retryPolicy == .none)
        #expect(configuration.transport is URLSessionTransport)
        #expect(configuration.localStore is MemoryLocalStore)
        #expect(configuration.logHandler == nil)
    }
}
