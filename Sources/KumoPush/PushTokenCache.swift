import NCMBWire
import NIOConcurrencyHelpers

/// Bearer tokens kept per signing key for as long as each may be used: the one cache behind ``APNsProviderTokens``
/// (provider tokens kept 50 minutes) and ``FCMAccessTokens`` (access tokens kept until shortly before they expire).
final class PushTokenCache<Key: Hashable & Sendable>: Sendable {
    private struct Entry {
        var token: String
        /// The milliseconds since 1970 during which the token is handed out.
        var usable: Range<Int64>
    }

    private let entries = NIOLockedValueBox([Key: Entry]())

    /// Creates an empty cache.
    init() {}

    /// The token kept for `key` when `now` is within its usable time, else `nil`.
    func token(for key: Key, at now: WireDate) -> String? {
        guard let entry = entries.withLockedValue({ $0[key] }), entry.usable.contains(now.millisecondsSince1970) else { return nil }
        return entry.token
    }

    /// Keeps `token` for `key`, usable from `start` (any earlier time when `nil`) until just before `end`.
    func keep(_ token: String, for key: Key, from start: WireDate? = nil, until end: WireDate) {
        let lowerBound = start?.millisecondsSince1970 ?? Int64.min
        let usable = lowerBound..<max(lowerBound, end.millisecondsSince1970)
        entries.withLockedValue { $0[key] = Entry(token: token, usable: usable) }
    }

    /// Forgets `token` when it is the one kept for `key`.
    func forget(_ token: String, for key: Key) {
        entries.withLockedValue { entries in
            if entries[key]?.token == token { entries[key] = nil }
        }
    }

    /// Forgets `token` under whichever key keeps it.
    func forget(_ token: String) {
        entries.withLockedValue { entries in
            for (key, entry) in entries where entry.token == token { entries[key] = nil }
        }
    }
}
