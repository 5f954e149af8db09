import Foundation
import NCMB
import NCMBWire
import Testing

/// `NCMBQuery.live()`: the cached results, then the server's, then each change of the subscription, written back to
/// the cache; a new query after each reconnection (docs/decisions/0138-live-query-results.md).
@Suite(.timeLimit(.minutes(1))) struct NCMBQueryLiveTests {
    let harness = RealtimeHarness(immediateSleeps: true)
    let fixture: QueryCacheFixture

    init() {
        fixture = QueryCacheFixture(base: harness.context)
    }

    /// The texts of every array `live()` gave, recorded by a task that iterates it.
    final class Recorder: Sendable {
        let arrays = AsyncLog<[String]>()
        let task: Task<Void, Never>

        init(_ stream: AsyncThrowingStream<[NCMBObject], any Error>) {
            let arrays = self.arrays
            task = Task {
                do {
                    for try await objects in stream { arrays.append(chatTexts(objects)) }
                    arrays.finish(.success(()))
                } catch {
                    arrays.finish(.failure(error))
                }
            }
        }

        /// Waits until the newest array is `expected`.
        func waitFor(_ expected: [String]) async throws {
            _ = try await arrays.waitUntil("\(expected)") { $0.last == expected }
        }
    }

    @Test func liveStartsFromTheCacheThenTheServerThenAppliesChangesAndCachesThem() async throws {
        try fixture.expectFind(.json(200, QueryCacheFixture.one))
        _ = try await fixture.query(policy: .networkElseCache).find()
        let connection = harness.connector.expectConnection()

        let recorder = Recorder(fixture.query(policy: .networkOnly).live())
        _ = try await connection.sent.first(1)
        #expect(try await recorder.arrays.first(1) == [["one"]])

        try fixture.expectFind(.json(200, QueryCacheFixture.two))
        connection.serverSends(ServerMessage.subscribed)
        try await recorder.waitFor(["two", "one"])
        connection.serverSends(ServerMessage.event("create", #"{"objectId":"m3","text":"three"}"#))
        try await recorder.waitFor(["three", "two", "one"])
        connection.serverSends(ServerMessage.event("delete", #"{"objectId":"m2"}"#))
        try await recorder.waitFor(["three", "one"])
        recorder.task.cancel()
        await recorder.task.value

        #expect(chatTexts(try await fixture.query(policy: .cacheOnly).find()) == ["three", "one"])
        #expect(fixture.transport.unmetExpectations.isEmpty)
    }

    @Test func liveWithNothingCachedStartsWithTheServersAnswer() async throws {
        let connection = harness.connector.expectConnection()
        try fixture.expectFind(.json(200, QueryCacheFixture.two))

        let recorder = Recorder(fixture.query(policy: .networkOnly).live())
        _ = try await connection.sent.first(1)
        connection.serverSends(ServerMessage.subscribed)
        try await recorder.waitFor(["two", "one"])
        recorder.task.cancel()

        #expect(try await recorder.arrays.first(1) == [["two", "one"]])
    }

    @Test func liveQueriesAgainAfterAReconnection() async throws {
        let first = harness.connector.expectConnection()
        try fixture.expectFind(.json(200, QueryCacheFixture.one))
        let recorder = Recorder(fixture.query(policy: .networkOnly).live())
        _ = try await first.sent.first(1)
        first.serverSends(ServerMessage.subscribed)
        try await recorder.waitFor(["one"])

        let second = harness.connector.expectConnection()
        try fixture.expectFind(.json(200, QueryCacheFixture.two))
        first.serverDrops()
        _ = try await second.sent.first(1)
        second.serverSends(ServerMessage.subscribed)
        try await recorder.waitFor(["two", "one"])
        recorder.task.cancel()

        #expect(chatTexts(try await fixture.query(policy: .cacheOnly).find()) == ["two", "one"])
    }

    @Test func aQueryThatFailsAfterAConfirmationEndsLiveWithItsError() async throws {
        let connection = harness.connector.expectConnection()
        try fixture.expectFind(.failure(URLError(.notConnectedToInternet)))
        let recorder = Recorder(fixture.query(policy: .networkOnly).live())
        _ = try await connection.sent.first(1)

        connection.serverSends(ServerMessage.subscribed)

        let ending = try await recorder.arrays.end()
        #expect((ending.failure as? URLError)?.code == .notConnectedToInternet)
    }

    @Test func anInvalidQueryEndsLiveBeforeAnyRequest() async throws {
        var query = fixture.query(policy: .networkOnly)
        query.limit = 0

        let ending = try await Recorder(query.live()).arrays.end()

        #expect(ending.failure as? NCMBInvalidRequestError == .invalidLimit)
        #expect(fixture.transport.requests.isEmpty)
    }
}

extension Result {
    /// The error of a failure; `nil` for a success.
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
