/// How long one evaluation of a ``WhereMatcher`` may work (docs/decisions/0116-realtime-matching-budget.md), and what it
/// cost: a deadline the matcher checks at every condition, at every comparison with a list operand's values and at
/// every progress step of a `$regex`, so that no `where` and no stored value can make one evaluation run for long.
///
/// An evaluation that passes the deadline stops as soon as it notices and sets ``isExhausted``; its answer is then
/// meaningless. ``WhereMatcher/matches(_:within:)`` binds a budget for the evaluation it runs.
package final class MatchBudget: Sendable {
    /// When the evaluation must stop.
    package let deadline: ContinuousClock.Instant
    private let state = LockedValue(State())

    private struct State {
        var isExhausted = false
        var regexEvaluations = 0
    }

    /// A budget that runs out at `deadline`.
    package init(deadline: ContinuousClock.Instant) {
        self.deadline = deadline
    }

    /// Whether the evaluation passed the deadline (and stopped).
    package var isExhausted: Bool { state.withLock { $0.isExhausted } }

    /// How many `$regex` matches the evaluation started.
    package var regexEvaluations: Int { state.withLock { $0.regexEvaluations } }

    /// The budget of the evaluation under way on this task or thread, if it has one.
    @TaskLocal static var current: MatchBudget?

    /// Counts one step of the evaluation under way: `false` once its budget is exhausted, when the evaluation should
    /// stop. Always `true` for an evaluation without a budget.
    static func charge() -> Bool {
        guard let budget = current else { return true }
        if budget.isExhausted { return false }
        guard ContinuousClock.now <= budget.deadline else {
            budget.exhaust()
            return false
        }
        return true
    }

    /// The evaluation passed its deadline.
    func exhaust() { state.withLock { $0.isExhausted = true } }

    /// The evaluation starts one `$regex` match.
    func countRegexEvaluation() { state.withLock { $0.regexEvaluations += 1 } }
}
