import KumoSeams
import KumoStorage
import NCMBWire

/// Per-device outcomes (docs/decisions/0082-per-device-push-outcomes.md): written in batches after each attempt,
/// pruned by age.
extension PushDeliveryService {
    /// Records the per-device outcomes of an attempt: one batched insert per delivery page of ``PushSegment/pageSize``
    /// devices, never one statement per device.
    func recordOutcomes(_ log: PushOutcomeLog, job: PushJob) async throws {
        var start = 0
        while start < log.outcomes.count {
            let end = min(start + PushSegment.pageSize, log.outcomes.count)
            try await storage.pushOutcomes.record(Array(log.outcomes[start..<end]), applicationId: job.applicationId, pushId: job.pushId)
            start = end
        }
    }

    /// Deletes the outcomes recorded more than ``outcomeRetention`` ago, in batches of ``outcomePruneBatch``; returns how
    /// many went.
    @discardableResult
    package func pruneOutcomes() async throws -> Int {
        let retention = outcomeRetention.components
        let milliseconds = retention.seconds * 1000 + retention.attoseconds / 1_000_000_000_000_000
        let cutoff = WireDate(millisecondsSince1970: clock.now().millisecondsSince1970 - milliseconds)
        var total = 0
        while true {
            let deleted = try await storage.pushOutcomes.prune(before: cutoff, limit: PushDeliveryService.outcomePruneBatch)
            total += deleted
            guard deleted == PushDeliveryService.outcomePruneBatch else { return total }
        }
    }
}
