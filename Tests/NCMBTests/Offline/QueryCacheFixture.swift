import Foundation
import NCMB
import NCMBWire

/// A query cache in a fresh temporary folder, a clock the test moves, and a transport that answers what the test
/// expects; the folder is removed with the fixture.
final class QueryCacheFixture: Sendable {
    /// The cache's folder.
    let directory: URL
    /// The time the context reads, starting at ``testDate``.
    let clock = Locked(testDate)
    /// Answers the requests the test expects, and fails on others.
    let transport = RecordingTransport()
    /// The cache the context's queries use.
    let cache: NCMBQueryCache
    /// The SDK settings: documented keys, the fixture's clock, transport and cache.
    let context: NCMBContext

    static let chat = ClassReference.custom(ClassName(constant: "Chat"))
    static let two = #"{"results":[{"objectId":"m2","text":"two"},{"objectId":"m1","text":"one"}]}"#
    static let one = #"{"results":[{"objectId":"m1","text":"one"}]}"#

    /// Creates a fixture over `base` (a plain test context by default).
    init(maximumSize: Int = NCMBQueryCache.defaultMaximumSize, base: NCMBContext? = nil) {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("ncmb-cache-\(UUID().uuidString)")
        cache = NCMBQueryCache(directory: directory, maximumSize: maximumSize)
        var context = base ?? NCMBContext.test(transport: transport)
        context.transport = transport
        let clock = self.clock
        context.now = { clock.current }
        context.queryCache = cache
        self.context = context
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    /// Moves the clock forward.
    func advance(_ seconds: TimeInterval) {
        clock.withLock { $0 += seconds }
    }

    /// A query of `className` in the fixture's context with `policy`.
    func query(_ className: String = "Chat", policy: NCMBQueryCachePolicy, context: NCMBContext? = nil) -> NCMBQuery<NCMBObject> {
        var query = NCMBContext.$current.withValue(context ?? self.context) { NCMBQuery.getQuery(className: className) }
        query.cachePolicy = policy
        return query
    }

    /// Expects one find of `Chat` with no condition, answered with `reply`.
    func expectFind(_ reply: RecordingTransport.Reply, className: String = "Chat") throws {
        transport.expect(.objects(try .named(className), .find(QueryParameters())), reply: reply)
    }

    /// The entry files in the folder.
    var entryFiles: [URL] {
        ((try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)) ?? [])
            .filter { $0.pathExtension == "ncmbcache" }
    }
}

/// The `text` fields of objects.
func chatTexts(_ objects: [NCMBObject]) -> [String] {
    objects.compactMap { $0["text"] as String? }
}
