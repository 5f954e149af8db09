import Foundation
import NCMB
import NCMBWire
import Testing

/// `NCMBQuery.cachePolicy` over a scripted transport and an injected clock: which answer each policy gives, and when
/// it sends a request (docs/decisions/0137-query-cache-on-disk.md).
@Suite(.timeLimit(.minutes(1))) struct NCMBQueryCachePolicyTests {
    let fixture = QueryCacheFixture()
    static let offline = URLError(.notConnectedToInternet)
    static let unavailable = #"{"code":"E503001","error":"Service unavailable."}"#

    /// Fills the cache with ``QueryCacheFixture/two`` through a `cacheElseNetwork` find.
    func fill() async throws {
        try fixture.expectFind(.json(200, QueryCacheFixture.two))
        _ = try await fixture.query(policy: .cacheElseNetwork).find()
    }

    @Test func networkOnlyIsTheDefaultAndNeitherReadsNorWritesTheCache() async throws {
        var query = fixture.query(policy: .networkOnly)
        query = NCMBContext.$current.withValue(fixture.context) { NCMBQuery.getQuery(className: "Chat") }
        #expect(query.cachePolicy == .networkOnly)
        try fixture.expectFind(.json(200, QueryCacheFixture.two))
        try fixture.expectFind(.json(200, QueryCacheFixture.one))

        #expect(chatTexts(try await query.find()) == ["two", "one"])
        #expect(chatTexts(try await query.find()) == ["one"])
        #expect(fixture.entryFiles.isEmpty)
        #expect(fixture.transport.unmetExpectations.isEmpty)
    }

    @Test func cacheOnlyWithNothingCachedFailsWithACacheMissAndSendsNothing() async throws {
        await #expect(throws: NCMBQueryCacheError.cacheMiss) { try await fixture.query(policy: .cacheOnly).find() }
        await #expect(throws: NCMBQueryCacheError.cacheMiss) { try await fixture.query(policy: .cacheOnly).count() }
        #expect(fixture.transport.requests.isEmpty)
    }

    @Test func cacheElseNetworkAsksTheServerOnceThenAnswersFromTheCache() async throws {
        try await fill()
        fixture.advance(30)

        let answers = try await collect(fixture.query(policy: .cacheElseNetwork).findAnswers())

        #expect(answers.map { chatTexts($0.value) } == [["two", "one"]])
        #expect(answers.map(\.source) == [.cache(savedAt: testDate)])
        #expect(fixture.transport.requests.count == 1)
        #expect(chatTexts(try await fixture.query(policy: .cacheOnly).find()) == ["two", "one"])
    }

    @Test func networkElseCacheAnswersFromTheCacheWhenNoAnswerComes() async throws {
        try await fill()
        let query = fixture.query(policy: .networkElseCache)
        try fixture.expectFind(.failure(Self.offline))
        try fixture.expectFind(.json(503, Self.unavailable))
        try fixture.expectFind(.json(200, QueryCacheFixture.one))

        #expect(chatTexts(try await query.find()) == ["two", "one"])
        #expect(chatTexts(try await query.find()) == ["two", "one"])
        #expect(chatTexts(try await query.find()) == ["one"])
        #expect(chatTexts(try await fixture.query(policy: .cacheOnly).find()) == ["one"])
    }

    @Test func networkElseCacheThrowsWhatTheServerRefusesEvenWithACachedAnswer() async throws {
        try await fill()
        try fixture.expectFind(.json(403, #"{"code":"E403001","error":"No access with ACL."}"#))

        let error = await #expect(throws: NCMBApiError.self) { try await fixture.query(policy: .networkElseCache).find() }

        #expect(error?.errorCode == .noAccessWithACL)
    }

    @Test func networkElseCacheWithNothingCachedThrowsTheNetworkError() async throws {
        try fixture.expectFind(.failure(Self.offline))

        let error = await #expect(throws: URLError.self) { try await fixture.query(policy: .networkElseCache).find() }

        #expect(error?.code == .notConnectedToInternet)
    }

    @Test func anAnswerOlderThanTheMaximumAgeIsAMiss() async throws {
        try await fill()
        fixture.advance(61)
        var query = fixture.query(policy: .cacheOnly)
        query.maxCacheAge = 60

        await #expect(throws: NCMBQueryCacheError.cacheMiss) { try await query.find() }
        query.maxCacheAge = 61
        #expect(chatTexts(try await query.find()) == ["two", "one"])
        query.maxCacheAge = nil
        #expect(query.hasCachedResult)

        var expiring = fixture.query(policy: .cacheElseNetwork)
        expiring.maxCacheAge = 60
        try fixture.expectFind(.json(200, QueryCacheFixture.one))
        #expect(chatTexts(try await expiring.find()) == ["one"])
    }

    @Test func cacheThenNetworkGivesTheCachedAnswerThenTheServers() async throws {
        try await fill()
        fixture.advance(5)
        try fixture.expectFind(.json(200, QueryCacheFixture.one))

        let answers = try await collect(fixture.query(policy: .cacheThenNetwork).findAnswers())

        #expect(answers.map { chatTexts($0.value) } == [["two", "one"], ["one"]])
        #expect(answers.map(\.isFromCache) == [true, false])
        #expect(chatTexts(try await fixture.query(policy: .cacheOnly).find()) == ["one"])
    }

    @Test func cacheThenNetworkWithNothingCachedGivesOneAnswer() async throws {
        try fixture.expectFind(.json(200, QueryCacheFixture.one))

        let answers = try await collect(fixture.query(policy: .cacheThenNetwork).findAnswers())

        #expect(answers.map(\.source) == [.network])
    }

    @Test func cacheThenNetworkOfflineGivesTheCachedAnswerThenTheError() async throws {
        try await fill()
        try fixture.expectFind(.failure(Self.offline))
        var received: [[String]] = []

        await #expect(throws: URLError.self) {
            for try await answer in fixture.query(policy: .cacheThenNetwork).findAnswers() { received.append(chatTexts(answer.value)) }
        }

        #expect(received == [["two", "one"]])
    }

    @Test func cacheThenNetworkCallsTheCallbackTwice() async throws {
        try await fill()
        try fixture.expectFind(.json(200, QueryCacheFixture.one))
        let (calls, continuation) = AsyncStream<[String]?>.makeStream()

        fixture.query(policy: .cacheThenNetwork).findInBackground { continuation.yield($0.value.map(chatTexts)) }
        var received: [[String]?] = []
        for await call in calls {
            received.append(call)
            if received.count == 2 { break }
        }

        #expect(received == [["two", "one"], ["one"]])
    }

    @Test func theSingleAnswerFormsOfCacheThenNetworkReturnTheServersAnswer() async throws {
        try await fill()
        try fixture.expectFind(.json(200, QueryCacheFixture.one))

        #expect(chatTexts(try await fixture.query(policy: .cacheThenNetwork).find()) == ["one"])
    }

    @Test func countAndGetFirstHaveEntriesOfTheirOwn() async throws {
        try await fill()
        let chat = QueryCacheFixture.chat
        fixture.transport.expect(
            .objects(chat, .find(QueryParameters(limit: 0, includesCount: true))), reply: .json(200, #"{"results":[],"count":7}"#))
        fixture.transport.expect(.objects(chat, .find(QueryParameters(limit: 1))), reply: .json(200, QueryCacheFixture.one))
        let query = fixture.query(policy: .cacheElseNetwork)

        #expect(try await query.count() == 7)
        #expect(try await query.getFirst()?["text"] as String? == "one")
        #expect(try await query.count() == 7)
        #expect(try await query.getFirst()?.objectId == "m1")
        #expect(fixture.transport.requests.count == 3)
        #expect(fixture.entryFiles.count == 3)
    }

    @Test func anAnswerTheSDKCannotReadIsNotCached() async throws {
        try fixture.expectFind(.json(200, #"{"results":5}"#))

        await #expect(throws: NCMBParseError.self) { try await fixture.query(policy: .cacheElseNetwork).find() }

        #expect(fixture.entryFiles.isEmpty)
    }

    /// Every answer of a stream.
    func collect<Value>(_ answers: AsyncThrowingStream<NCMBQueryAnswer<Value>, any Error>) async throws -> [NCMBQueryAnswer<Value>] {
        var collected: [NCMBQueryAnswer<Value>] = []
        for try await answer in answers { collected.append(answer) }
        return collected
    }
}
