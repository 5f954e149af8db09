import KumoRealtime
import KumoStorage
import NCMBWire
import NIOConcurrencyHelpers
import NIOPosix

/// Watches the realtime module's matching (``RealtimeMatchingObserver``): which thread matches each change and what
/// matching cost, and, when made holding, keeps the matching thread waiting until ``release()``.
final class MatchingProbe: RealtimeMatchingObserver {
    /// A change about to be matched.
    struct Entry: Sendable {
        /// Its class (storage name).
        var className: String
        /// Whether it is matched on one of NIO's event loops.
        var isOnEventLoop: Bool
    }

    /// Every change about to be matched, in order.
    let entered = Mailbox<Entry>()
    /// What each matched change cost, in order.
    let reports = Mailbox<RealtimeMatchReport>()
    /// `true` once released: matching goes on.
    private let gate: ConditionLock<Bool>

    /// A probe; with `holding`, matching waits at its first change until ``release()``.
    init(holding: Bool = false) {
        gate = ConditionLock(value: !holding)
    }

    func willMatch(_ change: ObjectChange) {
        entered.put(Entry(className: change.className.rawValue, isOnEventLoop: MultiThreadedEventLoopGroup.currentEventLoop != nil))
        gate.lock(whenValue: true)
        gate.unlock()
    }

    func didMatch(_ change: ObjectChange, report: RealtimeMatchReport) {
        reports.put(report)
    }

    /// Lets every held and later matching go on.
    func release() {
        gate.lock()
        gate.unlock(withValue: true)
    }

    /// The next report, skipping none; `nil` when none came within `timeout`.
    func nextReport(within timeout: Duration = .seconds(20)) async -> RealtimeMatchReport? {
        await reports.next(within: timeout)
    }
}
