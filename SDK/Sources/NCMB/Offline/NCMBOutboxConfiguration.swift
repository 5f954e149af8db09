public import Foundation

/// Where the outbox keeps its queue and how far it lets it grow.
///
/// - Note: A Kumo addition.
public struct NCMBOutboxConfiguration: Sendable, Hashable {
    /// The folder of the queue file; `NCMBOfflineDirectory.folder("outbox")` unless set.
    public var folder: URL
    /// The most writes the outbox holds; one more is refused with ``NCMBOutboxError/full``.
    public var maximumEntries: Int
    /// The most bytes of queued bodies the outbox holds; a write past it is refused with ``NCMBOutboxError/full``.
    public var maximumBytes: Int
    /// How long a write may wait, in seconds; an older one leaves the outbox with ``NCMBOutboxEvent/expired(_:)``.
    /// 24 hours by default: the time Kumo remembers an idempotency key, so that no retry can duplicate a create.
    public var maximumAge: TimeInterval
    /// How many times a write is sent before it leaves with ``NCMBOutboxEvent/gaveUp(_:error:)``.
    public var maximumAttempts: Int
    /// The first wait after a failed send, in seconds; each later one doubles, up to ``maximumDelay``.
    public var initialDelay: TimeInterval
    /// The longest wait between two sends, in seconds.
    public var maximumDelay: TimeInterval
    /// Whether the outbox sends on its own (after each queued write, with backoff, and when the network comes back);
    /// when `false` only ``NCMBOutbox/flush()`` sends.
    public var sendsAutomatically: Bool

    /// Creates a configuration; every argument has a default.
    public init(
        folder: URL = NCMBOfflineDirectory.folder("outbox"), maximumEntries: Int = 1000, maximumBytes: Int = 5 * 1024 * 1024,
        maximumAge: TimeInterval = 24 * 60 * 60, maximumAttempts: Int = 50, initialDelay: TimeInterval = 1,
        maximumDelay: TimeInterval = 300, sendsAutomatically: Bool = true
    ) {
        self.folder = folder
        self.maximumEntries = maximumEntries
        self.maximumBytes = maximumBytes
        self.maximumAge = maximumAge
        self.maximumAttempts = maximumAttempts
        self.initialDelay = initialDelay
        self.maximumDelay = maximumDelay
        self.sendsAutomatically = sendsAutomatically
    }

    /// The wait before the send after `failures` failed sends: doubling from ``initialDelay``, at most
    /// ``maximumDelay``, with up to a quarter of jitter (`random` in `0..<1`).
    func delay(afterFailures failures: Int, random: Double) -> TimeInterval {
        let doubled = initialDelay * pow(2, Double(max(0, min(failures - 1, 30))))
        let capped = min(doubled, maximumDelay)
        return capped * (1 - 0.25 * random)
    }
}
