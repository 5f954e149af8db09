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
            // Waves of as many subscriptions as a connection may hold, then of as many unsubscriptions, each sent
            // without waiting (the test client may reorder messages it sends at once, so a wave never mixes the two).
            let waves = 5
            let perWave = RealtimeConfiguration().maximumSubscriptionsPerConnection
            var answered = 0
            for wave in 0..<waves {
                let requestIds = (0..<perWave).map { Int64(wave * perWave + $0) }
                for requestId in requestIds {
                    client.send(["op": "subscribe", "requestId": .integer(requestId), "className": "Note", "where": ["n": .integer(requestId)]])
                }
                for _ in requestIds {
                    if await client.next()?["op"] == "subscribed" { answered += 1 }
                }
                for requestId in requestIds { client.send(["op": "unsubscribe", "requestId": .integer(requestId)]) }
                for _ in requestIds {
                    if await client.next()?["op"] == "unsubscribed" { answered += 1 }
                }
            }
            await server.subscribe(client, requestId: -1, className: "Note")
            _ = try await server.requester.create("/2013-09-01/classes/Note", ["n": 1])
            let event = await client.next()

            #expect(answered == 2 * waves * perWave)
            #expect(event?["op"] == "create" && event?["requestId"] == -1)
            #expect(try metrics.expectMeter("kumo_realtime_subscriptions").lastValue == 1)
            await client.close()
        }
    }
}
