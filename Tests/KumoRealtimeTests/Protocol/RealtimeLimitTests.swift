import HTTPTypes
import HummingbirdTesting
import KumoRealtime
import KumoTestSupport
import MetricsTestKit
import NCMBWire
import Testing

/// The limits of realtime connections (docs/wire/realtime.md#limits): connections per application, message size,
/// and the slow consumer.
@Suite struct RealtimeLimitTests {
    @Test func aConnectionPastTheApplicationsLimitIsClosedWithE429001() async throws {
        var configuration = RealtimeConfiguration()
        configuration.maximumConnectionsPerApplication = 1
        try await RealtimeTestServer.with(.sqlite, realtime: configuration) { server in
            let first = await server.connectedClient()
            let second = RealtimeTestClient(port: server.port, headers: server.signedHeaders())

            let (code, messages) = await second.closing()

            #expect(messages == [["op": "error", "code": "E429001", "error": "Too many realtime connections for this application."]])
            #expect(code == 1013)
            await first.close()
            // The place is free again once the server has seen the first go. The client's close does not wait for the
            // server's, so a new connection is tried until one is accepted (bounded: each try is a whole upgrade).
            var accepted = false
            for _ in 0..<500 where !accepted {
                let third = RealtimeTestClient(port: server.port, headers: server.signedHeaders())
                accepted = await third.next()?["op"] == "connected"
                await third.close()
            }
            #expect(accepted, "the first connection's place was never freed")
        }
    }

    @Test func aMessageOverTheLimitClosesWith1009() async throws {
        var configuration = RealtimeConfiguration()
        configuration.maximumMessageBytes = 1024
        try await RealtimeTestServer.with(.sqlite, realtime: configuration) { server in
            let client = await server.connectedClient()
            client.send(
                text: #"{"op":"subscribe","requestId":1,"className":"Note","where":{"text":""# + String(repeating: "x", count: 20_000)
                    + #""}}"#)

            let (code, _) = await client.closing()

            #expect(code == 1009)
        }
    }

    @Test func aSingleFrameOverTheLimitClosesWith1009() async throws {
        var configuration = RealtimeConfiguration()
        configuration.maximumMessageBytes = 1024
        try await RealtimeTestServer.with(.sqlite, realtime: configuration) { server in
            let client = await server.connectedClient()
            client.send(text: #"{"op":"subscribe","requestId":1,"className":"Note","where":{"text":""# + String(repeating: "x", count: 2000) + #""}}"#)

            let (code, _) = await client.closing()

            #expect(code == 1009)
        }
    }

    @Test func aMessageWithinTheLimitIsServed() async throws {
        var configuration = RealtimeConfiguration()
        configuration.maximumMessageBytes = 1024
        try await RealtimeTestServer.with(.sqlite, realtime: configuration) { server in
            let client = await server.connectedClient()

            await server.subscribe(client, requestId: 1, className: "Note", where: ["text": .string(String(repeating: "x", count: 900))])
            await client.close()
        }
    }

    @Test func aClientThatDoesNotAnswerPingsIsDisconnected() async throws {
        var configuration = RealtimeConfiguration()
        configuration.pingInterval = .milliseconds(100)
        try await RealtimeTestServer.with(.sqlite, realtime: configuration) { server in
            let silent = RealtimeTestClient(port: server.port, headers: server.signedHeaders(), answersPings: false)

            let (_, messages) = await silent.closing()

            // That a client which answers stays is what every other test shows (their clients answer the pings of
            // the default interval); with an interval this short it would depend on the machine's load.
            #expect(messages.map { $0["op"] } == ["connected"])
        }
    }

    @Test func connectionsSubscriptionsAndEventsAreMeasured() async throws {
        let metrics = TestMetrics()
        try await RealtimeTestServer.with(.sqlite, metrics: metrics) { server in
            let client = await server.connectedClient()
            await server.subscribe(client, requestId: 1, className: "Note")
            await server.subscribe(client, requestId: 2, className: "Note", where: ["never": true])
            _ = try await server.requester.create("/2013-09-01/classes/Note", [:])
            _ = await client.next()

            #expect(try metrics.expectMeter("kumo_realtime_connections").lastValue == 1)
            #expect(try metrics.expectMeter("kumo_realtime_subscriptions").lastValue == 2)
            // The event is counted once its write returns, which may be just after the client has read it.
            try await waitUntil("the sent event counted", limit: .seconds(10)) {
                (try? metrics.expectCounter("kumo_realtime_events_sent_total", [("event", "create")]).totalValue) == 1
            }
            #expect(try metrics.expectCounter("kumo_realtime_events_sent_total", [("event", "create")]).totalValue == 1)
            await client.close()
        }
    }

    @Test func aClientThatDoesNotReadIsDisconnectedAsASlowConsumer() async throws {
        var configuration = RealtimeConfiguration()
        configuration.maximumQueuedItems = 10
        configuration.slowConsumerGrace = .milliseconds(100)
        configuration.socketSendBufferBytes = 4096
        let metrics = TestMetrics()
        try await RealtimeTestServer.with(.sqlite, realtime: configuration, metrics: metrics) { server in
            let client = RealtimeTestClient(port: server.port, headers: server.signedHeaders(), reads: false)
            client.send(["op": "subscribe", "requestId": 1, "className": "Big"])
            let padding = String(repeating: "p", count: 8000)
            // Several megabytes of events: more than any socket and channel buffer between the two holds.
            for index in 0..<600 {
                _ = try await server.requester.create(
                    "/2013-09-01/classes/Big", ["index": .integer(Int64(index)), "padding": .string(padding)])
            }
            client.startReading()

            let (_, messages) = await client.closing()

            let events = messages.filter { $0["op"] == "create" }
            #expect(events.count < 600)
            #expect(try metrics.expectCounter("kumo_realtime_disconnects_total", [("reason", "slow_consumer")]).totalValue == 1)
        }
    }
}
