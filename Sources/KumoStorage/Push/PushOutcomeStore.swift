package import NCMBWire

/// The latest outcome of each device a push was sent to (`push_outcomes`, migration 9,
/// docs/decisions/0082-per-device-push-outcomes.md). Rows are keyed by the push object's row and removed with it, and
/// pruned by age.
package protocol PushOutcomeStore: Sendable {
    /// Records the outcomes of one delivery page of a push: each replaces the device's earlier outcome. One statement for
    /// up to ``PushOutcomeStatements/maximumRowsPerStatement`` outcomes (never one per device); a push deleted meanwhile
    /// records nothing.
    func record(_ outcomes: [PushOutcome], applicationId: String, pushId: String) async throws

    /// At most `limit` outcomes of a push after skipping `skip`, newest first, only those of `kind` when given, with how
    /// many match; an unknown push has none.
    func outcomes(applicationId: String, pushId: String, kind: PushOutcome.Kind?, limit: Int, skip: Int) async throws
        -> PushOutcomePage

    /// Deletes up to `limit` outcomes recorded before `date`, oldest first; returns how many went.
    func prune(before date: WireDate, limit: Int) async throws -> Int
}
