#if canImport(Observation)
    import Foundation
    import KumoTestSupport
    import NCMB
    import Observation
    import Testing

    /// Waits on the main actor until `condition` holds, waking at each change of what it reads.
    @MainActor
    func waitUntil(_ condition: @MainActor () -> Bool) async {
        while !condition() {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                withObservationTracking { _ = condition() } onChange: { continuation.resume() }
            }
        }
    }

    /// `NCMBQueryResults.keepLive` against a real server: the observable results follow another client's writes.
    @Suite(.timeLimit(.minutes(2))) struct SDKLiveQueryTests {
        @Test @MainActor func liveResultsFollowCreatesUpdatesAndDeletesOfAnotherClient() async throws {
            try await SDKRealtimeServer.with { server in
                let writer = server.context()
                try await writer.save("Chat", ["room": "lobby", "text": "first"])
                var lobby = server.context().query("Chat")
                lobby.where(field: "room", equalTo: "lobby")
                let results = await NCMBQueryResults(lobby)
                let live = Task { await results.keepLive() }
                let texts = { @MainActor in results.elements.compactMap { $0["text"] as String? } }
                await waitUntil { results.isLive && texts() == ["first"] }

                let second = try await writer.save("Chat", ["room": "lobby", "text": "second"])
                await waitUntil { texts() == ["second", "first"] }
                try await server.using(writer) {
                    second["text"] = "second!"
                    try await second.save()
                }
                await waitUntil { texts() == ["second!", "first"] }
                try await server.using(writer) {
                    second["room"] = "kitchen"
                    try await second.save()
                }
                await waitUntil { texts() == ["first"] }

                live.cancel()
                await live.value
                #expect(await results.isLive == false)
            }
        }
    }
#endif
