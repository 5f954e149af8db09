import Foundation
import NCMB
import NCMBWire
import Testing

/// `NCMBQueryCache`: entries per query, application and session, the size limit, clearing, and files it cannot read
/// (docs/decisions/0137-query-cache-on-disk.md).
@Suite(.timeLimit(.minutes(1))) struct NCMBQueryCacheTests {
    let fixture = QueryCacheFixture()

    /// Caches `body` as the answer of the find of `className` in `context`.
    func fill(_ className: String = "Chat", _ body: String = QueryCacheFixture.two, context: NCMBContext? = nil) async throws {
        try fixture.expectFind(.json(200, body), className: className)
        _ = try await fixture.query(className, policy: .networkElseCache, context: context).find()
    }

    @Test func anotherApplicationOrQueryDoesNotShareTheEntry() async throws {
        try await fill()
        var otherApplication = fixture.context
        otherApplication.applicationKey = "another-application"
        var narrower = fixture.query(policy: .cacheOnly)
        narrower.where(field: "text", equalTo: "two")
        var ordered = fixture.query(policy: .cacheOnly)
        ordered.order = ["text"]

        await #expect(throws: NCMBQueryCacheError.cacheMiss) {
            try await fixture.query(policy: .cacheOnly, context: otherApplication).find()
        }
        await #expect(throws: NCMBQueryCacheError.cacheMiss) { try await narrower.find() }
        await #expect(throws: NCMBQueryCacheError.cacheMiss) { try await ordered.find() }
        #expect(try await fixture.query(policy: .cacheOnly).find().count == 2)
    }

    @Test func theLeastRecentlyUsedEntriesAreEvictedPastTheSizeLimit() async throws {
        try await fill("First")
        let entrySize = fixture.cache.size
        var limited = fixture.context
        limited.queryCache = NCMBQueryCache(directory: fixture.directory, maximumSize: entrySize * 2 + entrySize / 2)
        fixture.advance(1)
        try await fill("Second", context: limited)
        fixture.advance(1)
        #expect(try await fixture.query("First", policy: .cacheOnly, context: limited).find().count == 2)
        fixture.advance(1)

        try await fill("Third", context: limited)

        #expect(fixture.entryFiles.count == 2)
        #expect(limited.queryCache.size <= limited.queryCache.maximumSize)
        #expect(try await fixture.query("First", policy: .cacheOnly, context: limited).find().count == 2)
        #expect(try await fixture.query("Third", policy: .cacheOnly, context: limited).find().count == 2)
        await #expect(throws: NCMBQueryCacheError.cacheMiss) {
            try await fixture.query("Second", policy: .cacheOnly, context: limited).find()
        }
    }

    @Test func anAnswerLargerThanTheWholeCacheIsNotStored() async throws {
        var tiny = fixture.context
        tiny.queryCache = NCMBQueryCache(directory: fixture.directory, maximumSize: 16)

        try await fill(context: tiny)

        #expect(fixture.entryFiles.isEmpty)
    }

    @Test func clearCachedResultRemovesThisQuerysEntriesOnly() async throws {
        try await fill()
        try await fill("Other")
        let chat = QueryCacheFixture.chat
        fixture.transport.expect(
            .objects(chat, .find(QueryParameters(limit: 0, includesCount: true))), reply: .json(200, #"{"results":[],"count":2}"#))
        #expect(try await fixture.query(policy: .networkElseCache).count() == 2)
        #expect(fixture.entryFiles.count == 3)

        fixture.query(policy: .cacheOnly).clearCachedResult()

        #expect(fixture.query(policy: .cacheOnly).hasCachedResult == false)
        await #expect(throws: NCMBQueryCacheError.cacheMiss) { try await fixture.query(policy: .cacheOnly).count() }
        #expect(try await fixture.query("Other", policy: .cacheOnly).find().count == 2)
        fixture.cache.removeAll()
        #expect(fixture.entryFiles.isEmpty)
        #expect(fixture.cache.size == 0)
    }

    @Test func aCacheThatCannotBeWrittenNeverFailsTheQuery() async throws {
        try FileManager.default.createDirectory(
            at: fixture.directory.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("a file where the folder should be".utf8).write(to: fixture.directory)
        try fixture.expectFind(.json(200, QueryCacheFixture.two))

        #expect(chatTexts(try await fixture.query(policy: .networkElseCache).find()) == ["two", "one"])
        await #expect(throws: NCMBQueryCacheError.cacheMiss) { try await fixture.query(policy: .cacheOnly).find() }
    }

    @Test func entriesAreWrittenWhole() async throws {
        try await fill()
        try await fill("Chat", QueryCacheFixture.one)

        let names = try FileManager.default.contentsOfDirectory(atPath: fixture.directory.path)
        #expect(names.count == 1)
        #expect(chatTexts(try await fixture.query(policy: .cacheOnly).find()) == ["one"])
    }
}
