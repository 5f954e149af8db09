import KumoStorage
import NCMBWire

/// The per-device outcomes of one delivery attempt, collected while the attempt's sends complete and then written in
/// batches (`PushDeliveryService.record(_:job:)`, docs/decisions/0082-per-device-push-outcomes.md).
struct PushOutcomeLog: Sendable {
    /// The attempt's number, 1 for the first.
    let attempt: Int
    /// When the attempt was made (every outcome of an attempt shares it).
    let time: WireDate
    /// The outcomes so far, in completion order.
    private(set) var outcomes: [PushOutcome] = []

    /// Starts the log of attempt `attempt` made at `time`.
    init(attempt: Int, time: WireDate) {
        self.attempt = attempt
        self.time = time
    }

    /// Adds a device's outcome; `deviceType` is `nil` when the installation is no longer readable.
    mutating func add(installationId: String, deviceType: String?, _ kind: PushOutcome.Kind, code: String?, reason: String?) {
        outcomes.append(
            PushOutcome(
                installationId: installationId, deviceType: deviceType ?? "", kind: kind, reasonCode: code, reason: reason,
                attempt: attempt, time: time))
    }
}
