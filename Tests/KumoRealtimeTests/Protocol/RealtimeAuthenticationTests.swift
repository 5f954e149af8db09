import HTTPTypes
import HummingbirdTesting
import KumoRealtime
import KumoTestSupport
import NCMBWire
import Testing

/// Authentication of a realtime connection (docs/wire/realtime.md#authentication): the signed upgrade, the `connect`
/// message, and what is refused.
@Suite struct RealtimeAuthenticationTests {
    @Test func aSignedUpgradeIsConnectedAtOnce() async throws {
        try await RealtimeTestServer.with(.sqlite) { server in
            let client = RealtimeTestClient(port: server.port, headers: server.signedHeaders())

            #expect(await client.next() == ["op": "connected"])
            await client.close()
        }
    }

    @Test func aConnectMessageSignedAsTheUpgradeConnects() async throws {
        try await RealtimeTestServer.with(.sqlite) { server in
            let user = try await server.requester.signUp("rtConnect")
            let client = RealtimeTestClient(port: server.port)
            client.send(server.connectMessage(sessionToken: user.sessionToken))

            #expect(await client.next() == ["op": "connected"])
            await server.subscribe(client, requestId: 7, className: "Note")
            await client.close()
        }
    }

    @Test func aBadSignatureOnTheUpgradeIsAnErrorAndAClose() async throws {
        try await RealtimeTestServer.with(.sqlite) { server in
            let client = RealtimeTestClient(port: server.port, headers: server.signedHeaders(clientKey: TestKeys.arbitrary.clientKey))

            let (code, messages) = await client.closing()

            #expect(messages == [["op": "error", "code": "E401001", "error": "Authentication error by header incorrect."]])
            #expect(code == 1008)
        }
    }

    @Test func aBadSignatureInTheConnectMessageIsAnErrorAndAClose() async throws {
        try await RealtimeTestServer.with(.sqlite) { server in
            let client = RealtimeTestClient(port: server.port)
            client.send(server.connectMessage(clientKey: TestKeys.arbitrary.clientKey))

            let (code, messages) = await client.closing()

            #expect(messages.map { $0["code"] } == ["E401001"])
            #expect(code == 1008)
        }
    }

    @Test func anUnknownApplicationKeyIsE404005() async throws {
        try await RealtimeTestServer.with(.sqlite) { server in
            let client = RealtimeTestClient(
                port: server.port, headers: server.signedHeaders(applicationKey: TestKeys.arbitrary.applicationKey))

            let (code, messages) = await client.closing()

            #expect(messages.map { $0["code"] } == ["E404005"])
            #expect(code == 1008)
        }
    }

    @Test func anUnknownSessionTokenIsE401001() async throws {
        try await RealtimeTestServer.with(.sqlite) { server in
            let client = RealtimeTestClient(port: server.port, headers: server.signedHeaders(sessionToken: "noSuchSessionToken00000000"))

            let (code, messages) = await client.closing()

            #expect(messages.map { $0["code"] } == ["E401001"])
            #expect(code == 1008)
        }
    }

    @Test func anUnauthenticatedConnectionIsClosedAfterTheDeadline() async throws {
        var configuration = RealtimeConfiguration()
        configuration.authenticationTimeout = .milliseconds(50)
        try await RealtimeTestServer.with(.sqlite, realtime: configuration) { server in
            let client = RealtimeTestClient(port: server.port)

            let (code, messages) = await client.closing()

            #expect(messages.map { $0["code"] } == ["E401001"])
            #expect(code == 1008)
        }
    }

    @Test func aSubscriptionBeforeAuthenticationIsRefusedAndCloses() async throws {
        try await RealtimeTestServer.with(.sqlite) { server in
            let client = RealtimeTestClient(port: server.port)
            client.send(["op": "subscribe", "requestId": 1, "className": "Note"])

            let (code, messages) = await client.closing()

            #expect(messages.map { $0["code"] } == ["E401001"])
            #expect(code == 1008)
        }
    }

    @Test func aSecondConnectIsRefused() async throws {
        try await RealtimeTestServer.with(.sqlite) { server in
            let client = await server.connectedClient()
            client.send(server.connectMessage())

            #expect(await client.next() == ["op": "error", "code": "E400002", "error": "op is invalid."])
            await client.close()
        }
    }

    @Test func aPlainGetOfTheRealtimePathIsRefused() async throws {
        try await RealtimeTestServer.with(.sqlite) { server in
            let response = try await server.requester.send(.get, "/2013-09-01/realtime")

            #expect(response.status.code == 400)
            #expect(response.errorCode == "E400000")
        }
    }

    @Test func anUpgradeOfAnotherPathIsNotAWebSocket() async throws {
        try await RealtimeTestServer.with(.sqlite) { server in
            let client = RealtimeTestClient(port: server.port, headers: server.signedHeaders(), path: "/2013-09-01/classes/Note")

            let (code, messages) = await client.closing()

            #expect(messages.isEmpty)
            #expect(code == nil)
        }
    }
}
