import HTTPTypes
import HummingbirdTesting
import KumoPostgres
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// Several instances on one PostgreSQL database (docs/architecture.md#scale-out): a write through one reaches the
/// subscribers of another through `LISTEN`/`NOTIFY`, changes too long for a notification included, and a lost
/// `LISTEN` connection ends subscriptions with E503001 so that clients subscribe again.
@Suite(.enabled(if: TestDatabase.runsPostgres, TestDatabase.skipReason)) struct RealtimeTwoInstanceTests {
    @Test func writesThroughOneInstanceReachSubscribersOnAnother() async throws {
        try await RealtimeTestServer.withStorage(.postgres, count: 2) { storages in
            let clock = TestClock()
            let application = try await RealtimeTestServer.createApplication(in: storages[0], clock: clock)
            try await RealtimeTestServer.serve(storages[0], application: application, clock: clock) { first in
                try await RealtimeTestServer.serve(storages[1], application: application, clock: clock) { second in
                    let client = await second.connectedClient()
                    await second.subscribe(client, requestId: 1, className: "Shared")
                    let long = String(repeating: "長い", count: 3000)

                    let small = try await first.requester.create("/2013-09-01/classes/Shared", ["text": "small"])
                    let large = try await first.requester.create("/2013-09-01/classes/Shared", ["text": .string(long)])
                    try await first.requester.update("/2013-09-01/classes/Shared/\(small)", ["text": "changed"])
                    var received: [JSONObject] = []
                    for _ in 0..<3 { if let message = await client.next() { received.append(message) } }

                    #expect(events(received) == ["create \(small)", "create \(large)", "update \(small)"])
                    #expect(received.dropFirst().first?["object"]?.objectValue?["text"] == .string(long))
                    #expect(long.utf8.count > 8000)
                    await client.close()
                }
            }
        }
    }

    @Test func aLostListenConnectionEndsSubscriptionsWithAnError() async throws {
        try await RealtimeTestServer.withStorage(.postgres) { storages in
            let clock = TestClock()
            let application = try await RealtimeTestServer.createApplication(in: storages[0], clock: clock)
            try await RealtimeTestServer.serve(storages[0], application: application, clock: clock) { server in
                let client = await server.connectedClient()
                await server.subscribe(client, requestId: 1, className: "Shared")
                let configuration = try #require((storages[0] as? PostgresStorage)?.configuration)

                try await PostgresMaintenance.terminateChangeFeedListeners(of: configuration, logger: TestDatabase.logger)

                #expect(
                    await client.next() == [
                        "op": "error", "requestId": 1, "code": "E503001", "error": "Realtime events may have been lost; subscribe again.",
                    ])
                // The feed listens again: a new subscription hears new writes.
                await server.subscribe(client, requestId: 2, className: "Shared")
                let objectId = try await server.requester.create("/2013-09-01/classes/Shared", ["text": "after"])
                #expect(await client.next().map { events([$0]) } == ["create \(objectId)"])
                await client.close()
            }
        }
    }
}
