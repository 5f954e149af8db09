import KumoRealtime
import KumoTestSupport
import MetricsTestKit
import NCMBWire
import Testing

/// Many connections and subscriptions of one application (docs/wire/realtime.md#matching): a change costs work only for
/// the subscriptions it concerns, identical subscriptions share one evaluation, and a storm of subscribing and
/// unsubscribing leaves nothing behind.
@Suite struct AbuseFanOutTests {
    @Test func aChangeReachesOnlyTheConnectionsSubscribedToItsClass() async throws {
        let probe = MatchingProbe()
        try await RealtimeTestServer.with(.sqlite, observer: probe) { server in
            var idle: [RealtimeTestClient] = []
            for index in 0..<20 {
                let client = await server.connectedClient()
                await server.subscribe(client, requestId: Int64(index), className: "Other")
                idle.append(client)
            }
            let subscriber = await server.connectedClient()
            await server.subscribe(subscriber, requestId: 1, className: "Note")

            _ = try await server.requester.create("/2013-09-01/classes/Note", ["text": "one"])
            let event = await subscriber.next()
            let report = await probe.nextReport()

            #expect(event?["op"] == "create")
            #expect(report?.connectionsReached == 1)
            for client in idle { await client.close() }
            await subscriber.close()
        }
    }

    @Test func identicalSubscriptionsShareOneEvaluation() async throws {
        let probe = MatchingProbe()
        try await RealtimeTestServer.with(.sqlite, observer: probe) { server in
            var clients: [RealtimeTestClient] = []
            for _ in 0..<5 {
                let client = await server.connectedClient()
                for requestId in 0..<20 {
                    await server.subscribe(client, requestId: Int64(requestId), className: "Note", where: ["n": ["$gt": 1]])
                }
                clients.append(client)
            }

            _ = try await server.requester.create("/2013-09-01/classes/Note", ["n": 2])
            var events = 0
            for client in clients {
                for _ in 0..<20 {
                    if await client.next()?["op"] == "create" { events += 1 }
                }
            }
            let report = await probe.nextReport()

            #expect(events == 100)
            #expect(report?.wheresEvaluated == 1)
            #expect(report?.connectionsReached == 5)
            for client in clients { await client.close() }
        }
    }

    @Test func aStormOfSubscribingAndUnsubscribingLeavesNothingBehind() async throws {
        let metrics = TestMetrics()
        try await RealtimeTestServer.with(.sqlite, metrics: metrics) { server in
            let client = await server.connectedClient()
            // 600 messages: well within the connection's queue of 1,000.
            let rounds = 300
            for round in 0..<rounds {
                client.send(["op": "subscribe", "requestId": .integer(Int64(round)), "className": "Note", "where": ["n": .integer(Int64(round))]])
                client.send(["op": "unsubscribe", "requestId": .integer(Int64(round))])
            }
            var answered = 0
            for _ in 0..<(2 * rounds) {
                guard let message = await client.next() else { break }
                if message["op"] == "subscribed" || message["op"] == "unsubscribed" { answered += 1 }
            }
            await server.subscribe(client, requestId: -1, className: "Note")
            _ = try await server.requester.create("/2013-09-01/classes/Note", ["n": 1])
            let event = await client.next()

            #expect(answered == 2 * rounds)
            #expect(event?["op"] == "create" && event?["requestId"] == -1)
            #expect(try metrics.expectMeter("kumo_realtime_subscriptions").lastValue == 1)
            await client.close()
        }
    }
}
