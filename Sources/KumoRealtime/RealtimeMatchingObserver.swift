package import KumoStorage
import NCMBWire

/// What a test may watch of the matching of committed changes against subscriptions (docs/wire/realtime.md#matching):
/// told on the thread that matches, before and after each change of an object.
///
/// `kumo serve` has none; the abuse tests use one to hold matching while they check that the server still answers, and
/// to count the work one change cost.
package protocol RealtimeMatchingObserver: Sendable {
    /// A change is about to be matched, on the thread that matches it.
    func willMatch(_ change: ObjectChange)
    /// The change was matched: what it cost.
    func didMatch(_ change: ObjectChange, report: RealtimeMatchReport)
}

/// What matching one change cost (``RealtimeMatchingObserver``).
package struct RealtimeMatchReport: Sendable, Hashable {
    /// Distinct `where`s evaluated (subscriptions with the same class and `where` share one evaluation).
    package var wheresEvaluated = 0
    /// `$regex` evaluations, over every image and value.
    package var regexEvaluations = 0
    /// Subscriptions ended because their `where` worked longer than its budget.
    package var subscriptionsOverBudget = 0
    /// Subscriptions ended because the change's budget ran out before their `where` was evaluated.
    package var subscriptionsNotEvaluated = 0
    /// Connections the change was handed to.
    package var connectionsReached = 0

    /// An empty report.
    package init() {}
}
