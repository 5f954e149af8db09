import KumoRealtime
import KumoTestSupport
import NCMBWire
import Testing

/// The neighbours of issue 28, item 2: everything else a holder of the public keys could subscribe to make one change
/// cost a lot, or to make a connection hold a lot (docs/wire/realtime.md#limits): big operand lists, deep `$or`s, long
/// `keys` lists, and stored arrays that make a cheap-looking `where` expensive.
@Suite struct AbuseSubscriptionSizeTests {
    @Test func aKeysListLongerThanAQuerysIsRefused() async throws {
        try await RealtimeTestServer.with(.sqlite) { server in
            let client = await server.connectedClient()
            let names = (0..<257).map { JSONValue.string("field\($0)") }
            client.send(["op": "subscribe", "requestId": 1, "className": "Note", "keys": .array(names)])
            let refused = await client.next()
            await server.subscribe(client, requestId: 2, className: "Note", keys: (0..<256).map { "field\($0)" })

            #expect(refused == ["op": "error", "requestId": 1, "code": "E400005", "error": "keys is not a valid value."])
            await client.close()
        }
    }

    @Test func aWhereDeeperOrLargerThanAQuerysIsRefused() async throws {
        try await RealtimeTestServer.with(.sqlite) { server in
            let client = await server.connectedClient()
            var deep: JSONValue = ["a": 1]
            for _ in 0..<12 { deep = ["$or": [deep, ["b": 2]]] }
            client.send(["op": "subscribe", "requestId": 1, "className": "Note", "where": deep])
            let tooDeep = await client.next()
            let wide = JSONValue.object(JSONObject((0..<300).map { ("f\($0)", JSONValue.integer(Int64($0))) }))
            client.send(["op": "subscribe", "requestId": 2, "className": "Note", "where": wide])
            let tooWide = await client.next()

            #expect(tooDeep == ["op": "error", "requestId": 1, "code": "E400005", "error": "where is not a valid value."])
            #expect(tooWide == ["op": "error", "requestId": 2, "code": "E400005", "error": "where is not a valid value."])
            await client.close()
        }
    }

    @Test func theWheresOfOneConnectionHaveABound() async throws {
        var configuration = RealtimeConfiguration()
        configuration.maximumWhereBytesPerConnection = 1024
        try await RealtimeTestServer.with(.sqlite, realtime: configuration) { server in
            let client = await server.connectedClient()
            let large: JSONValue = ["tag": ["$in": .array((0..<100).map { .string("value\($0)") })]]
            await server.subscribe(client, requestId: 1, className: "Note", where: large)

            client.send(["op": "subscribe", "requestId": 2, "className": "Note", "where": large])
            let refused = await client.next()
            client.send(["op": "unsubscribe", "requestId": 1])
            _ = await client.next()
            await server.subscribe(client, requestId: 2, className: "Note", where: large)

            #expect(
                refused == [
                    "op": "error", "requestId": 2, "code": "E429001", "error": "The subscriptions of this connection are too large.",
                ])
            await client.close()
        }
    }

    @Test func aStoredArrayThatMakesAWhereExpensiveEndsItsSubscription() async throws {
        let probe = MatchingProbe()
        try await RealtimeTestServer.with(.sqlite, observer: probe) { server in
            let client = await server.connectedClient()
            await server.subscribe(client, requestId: 1, className: "Note", where: ["n": 1])
            // 1,000 operands (an operator's most), each compared with each of 100,000 stored elements: 100 million
            // comparisons.
            let operands = JSONValue.array((0..<1000).map { .string("o\($0)") })
            await server.subscribe(client, requestId: 2, className: "Note", where: ["tags": ["$inArray": operands]])

            let stored = JSONValue.array((0..<100_000).map { .string("s\($0)") })
            _ = try await server.requester.create("/2013-09-01/classes/Note", ["n": 1, "tags": stored])
            let event = await client.next()
            let ended = await client.next()
            let report = await probe.nextReport()

            #expect(event?["op"] == "create" && event?["requestId"] == 1)
            #expect(
                ended == [
                    "op": "error", "requestId": 2, "code": "E429001", "error": "The subscription's where took too long to evaluate.",
                ])
            #expect(report?.subscriptionsOverBudget == 1)
            await client.close()
        }
    }
}
