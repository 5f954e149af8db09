import KumoRealtime
import KumoTestSupport
import NCMBWire
import NIOCore
import NIOPosix
import Testing

/// Issue 28, item 2: `$regex` subscriptions that backtrack for minutes (docs/wire/realtime.md#matching,
/// docs/decisions/0116-realtime-matching-budget.md). Matching must not hold an event loop, an evil `where` ends its own
/// subscription with an error the client reads, and one change costs a bounded amount of work whatever was subscribed.
@Suite struct AbuseRegexMatchingTests {
    /// Backtracks for minutes on ``evilValue``: ICU tries every way of splitting 60 `a`s into 20 groups.
    static let evilPattern = "(.*a){20}"
    /// 60 `a`s and a `!`, which the pattern never matches.
    static let evilValue = String(repeating: "a", count: 60) + "!"

    /// The `where` of an evil subscription; `variant` makes each one distinct (an ICU comment), so none shares another's
    /// evaluation.
    static func evilWhere(_ variant: Int = 0) -> JSONValue {
        ["s": ["$regex": .string(evilPattern + (variant == 0 ? "" : "(?#\(variant))"))]]
    }

    static let overBudget: JSONObject = [
        "op": "error", "code": "E429001", "error": "The subscription's where took too long to evaluate.",
    ]
    static let notEvaluated: JSONObject = [
        "op": "error", "code": "E503001", "error": "Realtime events may have been lost; subscribe again.",
    ]

    @Test func theServerAnswersWhileAChangeIsBeingMatchedOffTheEventLoops() async throws {
        // One event loop: if matching ran on it, nothing else could be answered until matching ended.
        let loops = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let probe = MatchingProbe(holding: true)
        try await RealtimeTestServer.with(.sqlite, eventLoopGroup: loops, observer: probe) { server in
            let client = await server.connectedClient()
            await server.subscribe(client, requestId: 1, className: "Note")
            let requester = server.requester
            let create = Task { try await requester.create("/2013-09-01/classes/Note", ["text": "held"]) }

            let entered = await probe.entered.next(within: .seconds(20))
            // On a connection of its own, outside every client the test shares.
            let health = Mailbox<String>()
            let port = server.port
            let healthRequest = Task {
                let request = "GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
                health.put((try? await RawExchange.send(Array(request.utf8), port: port)) ?? "")
            }
            let answer = await health.next(within: .seconds(10))
            probe.release()
            _ = await healthRequest.value
            _ = try await create.value
            let event = await client.next()

            #expect(entered?.isOnEventLoop == false)
            #expect(answer?.hasPrefix("HTTP/1.1 200") == true)
            #expect(event?["op"] == "create")
            await client.close()
        }
        try await loops.shutdownGracefully()
    }

    @Test func anEvilPatternEndsItsOwnSubscriptionAndCostsNothingAfterwards() async throws {
        let probe = MatchingProbe()
        try await RealtimeTestServer.with(.sqlite, observer: probe) { server in
            let client = await server.connectedClient()
            await server.subscribe(client, requestId: 1, className: "Note")
            await server.subscribe(client, requestId: 2, className: "Note", where: Self.evilWhere())

            _ = try await server.requester.create("/2013-09-01/classes/Note", ["s": .string(Self.evilValue)])
            let first = await client.next()
            let second = await client.next()
            let firstReport = await probe.nextReport()
            client.send(["op": "unsubscribe", "requestId": 2])
            let unsubscribe = await client.next()
            _ = try await server.requester.create("/2013-09-01/classes/Note", ["s": .string(Self.evilValue)])
            let next = await client.next()
            let secondReport = await probe.nextReport()

            #expect(first?["op"] == "create" && first?["requestId"] == 1)
            var expected = Self.overBudget
            expected["requestId"] = 2
            #expect(second == expected)
            #expect(firstReport?.subscriptionsOverBudget == 1)
            // The subscription is gone: the client may not unsubscribe it, and the next change never evaluates it.
            #expect(unsubscribe == ["op": "error", "requestId": 2, "code": "E404001", "error": "No data available."])
            #expect(next?["op"] == "create" && next?["requestId"] == 1)
            #expect(secondReport?.regexEvaluations == 0)
            await client.close()
        }
    }

    @Test func oneChangeCostsABoundedAmountWhateverIsSubscribed() async throws {
        let probe = MatchingProbe()
        try await RealtimeTestServer.with(.sqlite, observer: probe) { server in
            // A harmless `$regex` subscription made first keeps receiving its events.
            let innocent = await server.connectedClient()
            await server.subscribe(innocent, requestId: 1, className: "Note", where: ["s": ["$regex": "^a"]])
            var attackers: [RealtimeTestClient] = []
            for connection in 0..<4 {
                let attacker = await server.connectedClient()
                for index in 0..<10 {
                    await server.subscribe(
                        attacker, requestId: Int64(index), className: "Note", where: Self.evilWhere(connection * 10 + index + 1))
                }
                attackers.append(attacker)
            }

            _ = try await server.requester.create("/2013-09-01/classes/Note", ["s": .string(Self.evilValue)])
            let innocentEvent = await innocent.next()
            var ended: [JSONObject] = []
            for attacker in attackers {
                for _ in 0..<10 {
                    guard var message = await attacker.next() else { break }
                    #expect(message["requestId"] != nil)
                    message["requestId"] = nil
                    ended.append(message)
                }
            }
            let firstReport = await probe.nextReport()
            _ = try await server.requester.create("/2013-09-01/classes/Note", ["s": .string(Self.evilValue)])
            let nextInnocentEvent = await innocent.next()
            let secondReport = await probe.nextReport()

            #expect(innocentEvent?["op"] == "create")
            // Every evil subscription ended, with one of the two documented errors.
            #expect(ended.count == 40)
            #expect(ended.allSatisfy { $0 == Self.overBudget || $0 == Self.notEvaluated })
            // Each distinct where was evaluated at most once, and the change's budget stopped the rest.
            #expect((firstReport?.regexEvaluations ?? .max) <= 41)
            #expect((firstReport?.subscriptionsOverBudget ?? 0) + (firstReport?.subscriptionsNotEvaluated ?? 0) == 40)
            #expect((firstReport?.subscriptionsOverBudget ?? 0) < 40)
            // The next change evaluates only the harmless one.
            #expect(nextInnocentEvent?["op"] == "create")
            #expect(secondReport?.regexEvaluations == 1)
            for attacker in attackers { await attacker.close() }
            await innocent.close()
        }
    }

    @Test func aConnectionHoldsAtMostItsRegexSubscriptions() async throws {
        var configuration = RealtimeConfiguration()
        configuration.maximumRegexSubscriptionsPerConnection = 2
        try await RealtimeTestServer.with(.sqlite, realtime: configuration) { server in
            let client = await server.connectedClient()
            await server.subscribe(client, requestId: 1, className: "Note", where: ["a": ["$regex": "^x"]])
            // In an `$or` branch it counts as well.
            await server.subscribe(client, requestId: 2, className: "Note", where: ["$or": [["b": ["$regex": "y"]], ["c": 1]]])

            client.send(["op": "subscribe", "requestId": 3, "className": "Note", "where": ["d": ["$regex": "z"]]])
            let refused = await client.next()
            await server.subscribe(client, requestId: 4, className: "Note", where: ["d": "z"])
            client.send(["op": "unsubscribe", "requestId": 1])
            _ = await client.next()
            await server.subscribe(client, requestId: 3, className: "Note", where: ["d": ["$regex": "z"]])

            #expect(
                refused == [
                    "op": "error", "requestId": 3, "code": "E429001", "error": "Too many $regex subscriptions on this connection.",
                ])
            await client.close()
        }
    }
}
