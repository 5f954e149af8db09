#if canImport(Observation)
    import Foundation
    import NCMB
    import Testing

    /// `NCMBQueryResults.keepLive()` shows the cached results before the server answers, unless the query is
    /// `networkOnly` (docs/decisions/0138-live-query-results.md).
    @Suite(.timeLimit(.minutes(1))) struct NCMBQueryResultsCacheTests {
        let harness = RealtimeHarness()
        let fixture: QueryCacheFixture

        init() {
            fixture = QueryCacheFixture(base: harness.context)
        }

        /// Starts `keepLive` on results of `Chat` with `policy` and returns the texts shown once it subscribed.
        @MainActor func textsShownBeforeTheServerAnswers(_ policy: NCMBQueryCachePolicy) async throws -> [String] {
            try fixture.expectFind(.json(200, QueryCacheFixture.two))
            _ = try await fixture.query(policy: .networkElseCache).find()
            let results = NCMBQueryResults(fixture.query(policy: policy))
            let connection = harness.connector.expectConnection()

            let live = Task { await results.keepLive() }
            _ = try await connection.sent.first(1)
            let shown = chatTexts(results.elements)
            live.cancel()
            await live.value
            return shown
        }

        @Test @MainActor func keepLiveStartsFromTheCachedResults() async throws {
            #expect(try await textsShownBeforeTheServerAnswers(.cacheElseNetwork) == ["two", "one"])
        }

        @Test @MainActor func aNetworkOnlyQueryStartsEmpty() async throws {
            #expect(try await textsShownBeforeTheServerAnswers(.networkOnly) == [])
        }
    }
#endif
