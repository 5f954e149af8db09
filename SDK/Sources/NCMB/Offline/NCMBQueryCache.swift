public import Foundation
internal import Crypto
internal import NCMBWire

/// The on-disk cache of query results that ``NCMBQuery/cachePolicy`` reads and writes: one file per query, bounded in
/// size, the least recently used entries removed first.
///
/// ```swift
/// NCMBClient.default.queryCache = NCMBQueryCache(maximumSize: 20 * 1024 * 1024)
/// var query = NCMBQuery.getQuery(className: "GameScore")
/// query.cachePolicy = .networkElseCache
/// let scores = try await query.find()   // the last answer when offline
/// ```
///
/// An entry belongs to one query of one application for one signed-in session: its name is a SHA-256 of the server's
/// URL, the application key, the session token (none when nobody is signed in) and the request the query sends
/// (class, `where`, order, limit, skip, include, keys, count), so one user's results are never served to another user
/// of the same device, and no token or condition is readable from the file names. Files are replaced atomically; a
/// file that cannot be read or does not parse is a miss, and is removed.
///
/// - Note: A Kumo addition (docs/decisions/0137-query-cache-on-disk.md).
public final class NCMBQueryCache: Sendable {
    /// The folder of the entries.
    public let directory: URL
    /// The most bytes the entries take together; after a write, the least recently used are removed until they fit.
    public let maximumSize: Int

    /// Serializes reads, writes and evictions of this cache in this process.
    private let lock = Locked(())

    /// The size limit unless configured: 10 MiB.
    public static let defaultMaximumSize = 10 * 1024 * 1024

    /// The cache of every client that configures none: `cache` under ``NCMBOfflineDirectory/standard(environment:)``.
    public static let standard = NCMBQueryCache(directory: NCMBOfflineDirectory.folder("cache"))

    /// Creates a cache; nothing is created on disk until the first write.
    ///
    /// - Parameters:
    ///   - directory: The folder of the entries, created when needed. Defaults to `cache` under the SDK's offline
    ///     folder (``NCMBOfflineDirectory``).
    ///   - maximumSize: The most bytes the entries take together. Defaults to 10 MiB.
    public init(directory: URL = NCMBOfflineDirectory.folder("cache"), maximumSize: Int = NCMBQueryCache.defaultMaximumSize) {
        self.directory = directory
        self.maximumSize = max(0, maximumSize)
    }

    /// Removes every entry of this cache, for every query, application and user.
    public func removeAll() {
        lock.withLock { _ in
            for file in entryFiles() { try? FileManager.default.removeItem(at: file) }
        }
    }

    /// The bytes the entries take now.
    public var size: Int {
        lock.withLock { _ in entryFiles().reduce(0) { $0 + Self.fileSize($1) } }
    }

    // MARK: Entries

    /// The stored answer of `key` and when it was saved; `nil` when there is none or it cannot be read.
    ///
    /// A hit marks the entry as used at `now`, for the eviction order.
    func read(_ key: QueryCacheKey, now: Date) -> QueryCacheEntry? {
        lock.withLock { _ in
            let file = self.file(of: key)
            guard let data = try? Data(contentsOf: file) else { return nil }
            guard let entry = QueryCacheEntry(data: data) else {
                try? FileManager.default.removeItem(at: file)
                return nil
            }
            try? FileManager.default.setAttributes([.modificationDate: now], ofItemAtPath: file.path)
            return entry
        }
    }

    /// Stores `contents` as the answer of `key`, replacing the file atomically, then evicts what exceeds the limit.
    ///
    /// A failure to write (a full disk, a folder that cannot be created) leaves the cache as it was: caching is best
    /// effort and never fails the query.
    func write(_ contents: JSONObject, for key: QueryCacheKey, now: Date) {
        let data = QueryCacheEntry(savedAt: now, contents: contents).data
        lock.withLock { _ in
            let file = self.file(of: key)
            guard data.count <= maximumSize else {
                try? FileManager.default.removeItem(at: file)
                return
            }
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                try data.write(to: file, options: .atomic)
                try? FileManager.default.setAttributes([.modificationDate: now], ofItemAtPath: file.path)
            } catch {
                return
            }
            evict(keeping: file)
        }
    }

    /// Removes the entry of `key`, if any.
    func remove(_ key: QueryCacheKey) {
        lock.withLock { _ in try? FileManager.default.removeItem(at: self.file(of: key)) }
    }

    /// Removes the least recently used entries, never `kept`, until the rest fit in ``maximumSize``.
    private func evict(keeping kept: URL) {
        let files = entryFiles().map { file -> (url: URL, size: Int, used: Date) in
            let values = try? file.resourceValues(forKeys: [.fileSizeKey, .contentModificationDateKey])
            return (file, values?.fileSize ?? 0, values?.contentModificationDate ?? .distantPast)
        }
        var total = files.reduce(0) { $0 + $1.size }
        for entry in files.sorted(by: { $0.used < $1.used }) where total > maximumSize {
            guard entry.url.lastPathComponent != kept.lastPathComponent else { continue }
            try? FileManager.default.removeItem(at: entry.url)
            total -= entry.size
        }
    }

    /// The entry files in the folder (temporary files of an interrupted atomic write are not entries).
    private func entryFiles() -> [URL] {
        let files =
            (try? FileManager.default.contentsOfDirectory(
                at: directory, includingPropertiesForKeys: [.fileSizeKey, .contentModificationDateKey])) ?? []
        return files.filter { $0.pathExtension == Self.fileExtension }
    }

    /// The file of `key`.
    private func file(of key: QueryCacheKey) -> URL {
        directory.appendingPathComponent(key.digest).appendingPathExtension(Self.fileExtension)
    }

    /// The size of a file in bytes; 0 when unknown.
    private static func fileSize(_ file: URL) -> Int {
        (try? file.resourceValues(forKeys: [.fileSizeKey]))?.fileSize ?? 0
    }

    /// The extension of entry files.
    private static let fileExtension = "ncmbcache"
}

/// The identity of a cached answer: the request a query sends, to which server and application, for which session.
struct QueryCacheKey: Sendable, Equatable {
    /// The SHA-256 of the identity, in lowercase hex: the entry's file name.
    let digest: String

    /// The key of `route` sent with `context`'s server, keys and current session.
    init(route: APIRoute, context: NCMBContext) {
        let request = APIRouter.print(route)
        let identity = [
            "v1", context.domainURL, context.applicationKey, context.session.sessionToken ?? "", request.method.rawValue,
            request.path, request.query ?? "",
        ].joined(separator: "\n")
        digest = SHA256.hash(data: Data(identity.utf8)).map { String(format: "%02x", $0) }.joined()
    }
}

/// One stored answer: the server's JSON body and when it was saved.
struct QueryCacheEntry: Sendable {
    /// When the answer was saved, by the context's clock.
    let savedAt: Date
    /// The response's JSON object.
    let contents: JSONObject

    /// Creates an entry.
    init(savedAt: Date, contents: JSONObject) {
        self.savedAt = savedAt
        self.contents = contents
    }

    /// Reads an entry file; `nil` when it is not one.
    init?(data: Data) {
        guard let json = try? JSONValue(parsing: Array(data)), let object = json.objectValue,
            object["format"]?.integerValue == 1, let savedAt = object["savedAt"]?.numberValue,
            let contents = object["contents"]?.objectValue
        else { return nil }
        self.init(savedAt: Date(timeIntervalSince1970: savedAt), contents: contents)
    }

    /// The bytes of the entry file.
    var data: Data {
        let object: JSONObject = [
            "format": .integer(1), "savedAt": .double(savedAt.timeIntervalSince1970), "contents": .object(contents),
        ]
        return Data(JSONValue.object(object).serializedBytes())
    }
}
