import KumoStorage
import NCMBWire

/// Matches one change against the subscription groups of its class, within two budgets
/// (docs/decisions/0116-realtime-matching-budget.md): each group's `where` may work on the change at most
/// `subscriptionBudget`, and all of them together at most `changeBudget`.
///
/// Groups are evaluated cheapest first: by what their last evaluation cost, a group never evaluated counting as nothing
/// without `$regex` and as its whole budget with one; ties oldest first. So the subscriptions a change's budget leaves
/// unevaluated are the most expensive ones, and a new `where` cannot push an established, cheap one out.
struct RealtimeMatching: Sendable {
    /// The longest one group's `where` may work on one change.
    let subscriptionBudget: Duration
    /// The longest the matching of one change may work.
    let changeBudget: Duration

    /// What became of one group.
    enum Outcome: Sendable, Equatable {
        /// Evaluated: whether the `where` matched the image before and after the write (`false` without one).
        case decided(before: Bool, after: Bool)
        /// Its `where` worked longer than ``RealtimeMatching/subscriptionBudget``.
        case overBudget
        /// The change's budget ran out before, or while, it was evaluated.
        case notEvaluated
    }

    /// Everything one change's matching decided.
    struct Result: Sendable {
        /// Each group's outcome, by `where`.
        var outcomes: [WhereQuery: Outcome] = [:]
        /// What each evaluation cost.
        var costs: [WhereQuery: Duration] = [:]
        /// What it cost in all.
        var report = RealtimeMatchReport()
    }

    /// Evaluates `groups` on the images of `change`.
    func evaluate(_ change: ObjectChange, groups: [WhereQuery: RealtimeRegistry.Group]) -> Result {
        let clock = ContinuousClock()
        let changeDeadline = clock.now + changeBudget
        var result = Result()
        for (query, group) in ordered(groups) {
            let start = clock.now
            guard start < changeDeadline else {
                result.outcomes[query] = .notEvaluated
                result.report.subscriptionsNotEvaluated += group.members.count
                continue
            }
            let ownDeadline = start + subscriptionBudget
            let budget = MatchBudget(deadline: min(ownDeadline, changeDeadline))
            let before = change.before.map { group.matcher.matches($0, within: budget) } ?? false
            let after = budget.isExhausted ? false : (change.after.map { group.matcher.matches($0, within: budget) } ?? false)
            result.costs[query] = clock.now - start
            result.report.wheresEvaluated += 1
            result.report.regexEvaluations += budget.regexEvaluations
            if !budget.isExhausted {
                result.outcomes[query] = .decided(before: before, after: after)
            } else if ownDeadline <= changeDeadline {
                result.outcomes[query] = .overBudget
                result.report.subscriptionsOverBudget += group.members.count
            } else {
                result.outcomes[query] = .notEvaluated
                result.report.subscriptionsNotEvaluated += group.members.count
            }
        }
        return result
    }

    /// The groups in the order they are evaluated.
    private func ordered(_ groups: [WhereQuery: RealtimeRegistry.Group]) -> [(WhereQuery, RealtimeRegistry.Group)] {
        groups.map { ($0.key, $0.value) }.sorted { left, right in
            let leftCost = estimate(left.1)
            let rightCost = estimate(right.1)
            return leftCost != rightCost ? leftCost < rightCost : left.1.order < right.1.order
        }
    }

    /// What a group is expected to cost.
    private func estimate(_ group: RealtimeRegistry.Group) -> Duration {
        group.cost ?? (group.usesRegex ? subscriptionBudget : .zero)
    }
}
