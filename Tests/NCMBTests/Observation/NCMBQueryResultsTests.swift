#if canImport(Observation)
    import Foundation
    import NCMB
    import NCMBWire
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

    /// `NCMBQueryResults`: loading a query into an observable value, and keeping it current with a subscription.
    @Suite(.timeLimit(.minutes(1))) struct NCMBQueryResultsTests {
        let harness = RealtimeHarness()
        let transport = RecordingTransport()

        /// A query of `Chat` whose requests go to `transport` and whose subscriptions to the harness's connector.
        func chatQuery() -> NCMBQuery<NCMBObject> {
            var context = harness.context
            context.transport = transport
            return NCMBContext.$current.withValue(context) { NCMBQuery.getQuery(className: "Chat") }
        }

        static let chat = ClassReference.custom(ClassName(constant: "Chat"))
        static let two = #"{"results":[{"objectId":"m2","text":"two"},{"objectId":"m1","text":"one"}]}"#

        @MainActor func texts(_ results: NCMBQueryResults<NCMBObject>) -> [String] {
            results.elements.compactMap { $0["text"] as String? }
        }

        // MARK: Tests

        @Test @MainActor func loadReplacesTheElementsWithWhatTheQueryFinds() async throws {
            let results = NCMBQueryResults(chatQuery())
            transport.expect(.objects(Self.chat, .find(QueryParameters())), reply: .json(200, Self.two))

            await results.load()

            #expect(texts(results) == ["two", "one"])
            #expect(results.error == nil)
            #expect(results.isLoading == false)
        }

        @Test @MainActor func aFailedLoadKeepsTheElementsAndSaysWhy() async throws {
            let results = NCMBQueryResults(chatQuery())
            transport.expect(.objects(Self.chat, .find(QueryParameters())), reply: .json(200, Self.two))
            await results.load()
            transport.expect(.objects(Self.chat, .find(QueryParameters())), reply: .json(503, #"{"code":"E503001","error":"Service unavailable."}"#))

            await results.load()

            #expect(texts(results) == ["two", "one"])
            #expect((results.error as? NCMBApiError)?.errorCode == .serviceUnavailable)
        }

        @Test @MainActor func keepLiveQueriesOnSubscribeAndAppliesEachChange() async throws {
            let results = NCMBQueryResults(chatQuery())
            let connection = harness.connector.expectConnection()
            transport.expect(.objects(Self.chat, .find(QueryParameters())), reply: .json(200, Self.two))
            let live = Task { await results.keepLive() }

            _ = try await connection.sent.first(1)
            connection.serverSends(ServerMessage.subscribed)
            await waitUntil { results.isLive && texts(results) == ["two", "one"] }

            connection.serverSends(ServerMessage.event("create", #"{"objectId":"m3","text":"three"}"#))
            await waitUntil { texts(results) == ["three", "two", "one"] }
            connection.serverSends(ServerMessage.event("update", #"{"objectId":"m2","text":"TWO"}"#))
            await waitUntil { texts(results) == ["three", "TWO", "one"] }
            connection.serverSends(ServerMessage.event("delete", #"{"objectId":"m1"}"#))
            await waitUntil { texts(results) == ["three", "TWO"] }

            live.cancel()
            await live.value
            #expect(results.isLive == false)
            #expect(texts(results) == ["three", "TWO"])
        }

        @Test @MainActor func modelsDecodeFromTheQueryAndItsChanges() async throws {
            struct Message: NCMBModel {
                static var className: String { "Chat" }
                var objectId: String?
                var createDate: Date?
                var updateDate: Date?
                var acl: NCMBACL?
                var text: String
            }
            let results = NCMBQueryResults(chatQuery(), as: Message.self)
            transport.expect(.objects(Self.chat, .find(QueryParameters())), reply: .json(200, Self.two))

            await results.load()

            #expect(results.elements.map(\.text) == ["two", "one"])
        }

        @Test @MainActor func aSubscriptionErrorEndsKeepLiveWithTheError() async throws {
            let results = NCMBQueryResults(chatQuery())
            let connection = harness.connector.expectConnection()

            let live = Task { await results.keepLive() }
            _ = try await connection.sent.first(1)
            connection.serverSends(ServerMessage.error("E403001", requestId: 1))
            await live.value

            #expect((results.error as? NCMBApiError)?.errorCode == .noAccessWithACL)
            #expect(results.isLive == false)
        }
    }
#endif
