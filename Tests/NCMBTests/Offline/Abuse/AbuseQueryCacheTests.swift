import Foundation
import NCMB
import NCMBWire
import Testing

/// The query cache against what a shared device or a damaged disk gives it: another user's entries, garbage, truncated
/// or hostile files, a folder where a file should be, an entry dated in the future. Every outcome is a miss or the
/// owner's answer, never a crash or another user's data (docs/decisions/0137-query-cache-on-disk.md).
@Suite(.timeLimit(.minutes(1))) struct AbuseQueryCacheTests {
    let fixture = QueryCacheFixture()

    /// Caches ``QueryCacheFixture/two`` as the answer of the find of `Chat`.
    func fill() async throws {
        try fixture.expectFind(.json(200, QueryCacheFixture.two))
        _ = try await fixture.query(policy: .networkElseCache).find()
    }

    @Test func oneUsersCachedAnswerIsNeverServedToAnother() async throws {
        fixture.context.session.sessionToken = "token-of-ann"
        try await fill()

        fixture.context.session.sessionToken = "token-of-bob"
        await #expect(throws: NCMBQueryCacheError.cacheMiss) { try await fixture.query(policy: .cacheOnly).find() }
        fixture.context.session.sessionToken = nil
        await #expect(throws: NCMBQueryCacheError.cacheMiss) { try await fixture.query(policy: .cacheOnly).find() }
        fixture.context.session.sessionToken = "token-of-ann"
        #expect(chatTexts(try await fixture.query(policy: .cacheOnly).find()) == ["two", "one"])
        #expect(fixture.entryFiles.allSatisfy { !$0.lastPathComponent.contains("ann") })
    }

    @Test func aCorruptOrTruncatedFileIsAMissAndIsRemoved() async throws {
        for garbage in [Data("not json".utf8), Data(#"{"format":1,"savedAt":1234567890,"contents":{"res"#.utf8), Data([0xff, 0x00])] {
            try await fill()
            let file = try #require(fixture.entryFiles.first)
            try garbage.write(to: file)

            await #expect(throws: NCMBQueryCacheError.cacheMiss) { try await fixture.query(policy: .cacheOnly).find() }
            #expect(fixture.entryFiles.isEmpty)
        }
    }

    @Test func anEntryWhoseBodyIsNotAFindAnswerIsAMiss() async throws {
        try await fill()
        let file = try #require(fixture.entryFiles.first)
        try Data(#"{"format":1,"savedAt":1234567890,"contents":{"results":"nope"}}"#.utf8).write(to: file)

        await #expect(throws: NCMBQueryCacheError.cacheMiss) { try await fixture.query(policy: .cacheOnly).find() }
    }

    @Test func hugeOrDeeplyNestedGarbageIsAMiss() async throws {
        for garbage in [Data(repeating: UInt8(ascii: "["), count: 1 << 20), Data(repeating: 0x41, count: 1 << 20)] {
            try await fill()
            let file = try #require(fixture.entryFiles.first)
            try garbage.write(to: file)

            await #expect(throws: NCMBQueryCacheError.cacheMiss) { try await fixture.query(policy: .cacheOnly).find() }
        }
    }

    @Test func aFolderWhereAnEntryShouldBeIsAMissAndTheQueryStillAnswers() async throws {
        try await fill()
        let file = try #require(fixture.entryFiles.first)
        try FileManager.default.removeItem(at: file)
        try FileManager.default.createDirectory(at: file, withIntermediateDirectories: false)

        await #expect(throws: NCMBQueryCacheError.cacheMiss) { try await fixture.query(policy: .cacheOnly).find() }
        try fixture.expectFind(.json(200, QueryCacheFixture.one))
        #expect(chatTexts(try await fixture.query(policy: .networkElseCache).find()) == ["one"])
    }

    @Test func anEntryDatedInTheFutureHasNoKnownAgeSoAMaximumAgeRefusesIt() async throws {
        try await fill()
        fixture.advance(-3600)
        var query = fixture.query(policy: .cacheOnly)
        query.maxCacheAge = 86_400

        await #expect(throws: NCMBQueryCacheError.cacheMiss) { try await query.find() }
        query.maxCacheAge = nil
        #expect(chatTexts(try await query.find()) == ["two", "one"])
    }
}
