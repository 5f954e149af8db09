import JWTKit
import Logging
import NCMBWire

/// The signing keys of the providers' JWKS URLs, fetched on demand and kept between verifications.
///
/// A URL is fetched when no keys are known yet, when the keys are older than `maximumAgeMilliseconds`, or when a token
/// names a key id (`kid`) the cached set does not hold (key rotation). Fetches of one URL are at least
/// `minimumRefreshMilliseconds` apart, so tokens with made-up key ids cannot make Kumo hammer a provider; a failed
/// fetch keeps the keys it had.
actor JWKSCache {
    /// The keys of one JWKS URL.
    struct KeySet: Sendable {
        /// jwt-kit's verifier holding every usable key of the set, by `kid`.
        let collection: JWTKeyCollection
        /// The algorithm each key names (`alg`), or `nil` when the key names none, by `kid`.
        let algorithms: [String: String?]
    }

    /// What the cache knows about one URL.
    private struct Entry {
        var keys: KeySet?
        var fetchedAt: Int64?
        var lastAttemptAt: Int64
    }

    private let fetcher: ProviderHTTPFetcher
    private let minimumRefreshMilliseconds: Int64
    private let maximumAgeMilliseconds: Int64
    private let logger: Logger
    private var entries: [String: Entry] = [:]

    /// Creates an empty cache.
    init(fetcher: ProviderHTTPFetcher, minimumRefreshMilliseconds: Int64, maximumAgeMilliseconds: Int64, logger: Logger) {
        self.fetcher = fetcher
        self.minimumRefreshMilliseconds = minimumRefreshMilliseconds
        self.maximumAgeMilliseconds = maximumAgeMilliseconds
        self.logger = logger
    }

    /// The key set of `url` holding `keyIdentifier`, refetching when allowed; `nil` when no such key can be found.
    ///
    /// - Parameter now: the current time in milliseconds since 1970 (the server's clock).
    func keys(url: String, holding keyIdentifier: String, now: Int64) async -> KeySet? {
        let entry = entries[url]
        let cached = entry?.keys
        let holdsKey = cached?.algorithms.keys.contains(keyIdentifier) ?? false
        let isFresh = entry?.fetchedAt.map { now - $0 < maximumAgeMilliseconds } ?? false
        if holdsKey && isFresh { return cached }
        if let entry, now - entry.lastAttemptAt < minimumRefreshMilliseconds { return holdsKey ? cached : nil }
        entries[url, default: Entry(keys: nil, fetchedAt: nil, lastAttemptAt: now)].lastAttemptAt = now
        guard let fetched = await fetch(url: url) else { return holdsKey ? cached : nil }
        entries[url] = Entry(keys: fetched, fetchedAt: now, lastAttemptAt: now)
        return fetched.algorithms.keys.contains(keyIdentifier) ? fetched : nil
    }

    /// Downloads and parses a JWKS; keys jwt-kit cannot use (unknown types, no `kid`, `use` other
    /// than `sig`) are skipped.
    private func fetch(url: String) async -> KeySet? {
        let document: JSONValue
        do {
            document = try await fetcher.json(url: url)
        } catch {
            logger.warning("Could not fetch the JWKS of an SNS provider", metadata: ["url": "\(url)", "reason": "\(error)"])
            return nil
        }
        guard let keys = document.objectValue?["keys"]?.arrayValue else {
            logger.warning("The JWKS of an SNS provider has no \"keys\" array", metadata: ["url": "\(url)"])
            return nil
        }
        let collection = JWTKeyCollection()
        var algorithms: [String: String?] = [:]
        for key in keys {
            guard let fields = key.objectValue, let keyIdentifier = fields["kid"]?.stringValue,
                (fields["use"]?.stringValue ?? "sig") == "sig",
                let jwk = try? JWK(json: key.serializedString()), (try? await collection.add(jwk: jwk)) != nil
            else { continue }
            algorithms[keyIdentifier] = fields["alg"]?.stringValue
        }
        return KeySet(collection: collection, algorithms: algorithms)
    }
}
