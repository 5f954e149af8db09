import KumoSeams
import KumoStorage
import NCMBWire
import NIOConcurrencyHelpers

/// One object change as the matching stage hands it to a connection: what each of the connection's subscriptions
/// concerned matched, in `requestId` order, and the rendered views shared by every connection the change reaches.
struct RealtimeMatchedChange: Sendable {
    /// The change.
    let change: ObjectChange
    /// The connection's subscriptions the change concerns.
    let outcomes: [RealtimeSubscriptionOutcome]
    /// The objects rendered for this change so far, shared by every connection it reaches.
    let views: RealtimeViews
}

/// What matching decided for one subscription.
struct RealtimeSubscriptionOutcome: Sendable {
    /// What became of it.
    enum Verdict: Sendable {
        /// Its `where` matched the image before the write, after it, or both.
        case matched(before: Bool, after: Bool)
        /// Matching ended it with this error (docs/wire/realtime.md#matching).
        case ended(KumoError)
    }

    /// The subscription's hub-wide token: a connection ignores the outcome of a subscription it no longer has.
    let token: Int
    /// The client's identifier of it.
    let requestId: Int64
    /// What became of it.
    let verdict: Verdict
}

/// Objects of one change rendered once per distinct view and shared (docs/decisions/0119-realtime-fan-out-rendered-once-per-view.md): the same
/// image seen with the same `keys` by subscribers for whom it renders the same (every subscriber of most classes; for
/// users, everyone but the user itself; for a push naming installations in its errors, each caller alone).
final class RealtimeViews: Sendable {
    /// One view of an image.
    struct Key: Hashable, Sendable {
        /// The image after the write, or before it.
        var isAfter: Bool
        /// The subscription's `keys`, if any.
        var keys: Set<String>?
        /// Who sees it, when the view depends on the reader: `nil` when it does not.
        var reader: String?
    }

    private let rendered = NIOLockedValueBox<[Key: [UInt8]]>([:])

    init() {}

    /// The view's bytes, rendered by `render` the first time they are asked for.
    func bytes(_ key: Key, render: () async throws -> [UInt8]) async rethrows -> [UInt8] {
        if let bytes = rendered.withLockedValue({ $0[key] }) { return bytes }
        let bytes = try await render()
        rendered.withLockedValue { $0[key] = bytes }
        return bytes
    }
}
