package import KumoSeams
package import KumoStorage
package import NCMBWire

/// The delivery state a push shows (docs/wire/endpoints/push.md: `deliveryPlanNumber`, `deliveryNumber`, `status`,
/// `error`), carried from one attempt to the next through the push object itself.
///
/// `error` is absent (`null`) while nothing failed; otherwise it is an object a person can read:
/// `{"failedDevices":2,"retryingDevices":1,"reasons":[{"installationId":"…","deviceType":"ios","reason":"…"}…]}`, where
/// `failedDevices` counts devices given up on, `retryingDevices` (present while a retry is scheduled) those still to be
/// tried again, and `reasons` lists at most ``maximumReasonCount`` devices, the latest attempt's first.
/// A push that expired before its first attempt or whose segment cannot be resolved records `{"reason":"…"}`.
package struct PushDeliveryRecord: Sendable, Hashable {
    /// The most devices listed in `error.reasons`.
    package static let maximumReasonCount = 20
    /// The reason recorded for a push (or the rest of its devices) past its expiry.
    package static let expiredReason = "expired before delivery"

    /// Devices the platforms accepted, over every attempt.
    package var deliveryNumber: Int
    /// Devices given up on, over every attempt.
    package var failedDevices: Int
    /// Devices waiting for a retry after this attempt.
    package var retryingDevices: Int
    /// Readable failure entries of earlier attempts.
    package var earlierReasons: [JSONObject]
    /// Readable failure entries of this attempt, in device order, at most ``maximumReasonCount``.
    package var attemptReasons: [JSONObject] = []

    /// The entries `error.reasons` lists: this attempt's, then earlier ones, at most ``maximumReasonCount``.
    package var reasons: [JSONObject] { Array((attemptReasons + earlierReasons).prefix(PushDeliveryRecord.maximumReasonCount)) }

    /// The state recorded on `push` by earlier attempts (zero for a push never attempted).
    package init(recordedOn push: StoredObject) {
        deliveryNumber = push.fields[StandardField.Push.deliveryNumber]?.integerValue.flatMap { Int(exactly: $0) } ?? 0
        let error = push.fields[StandardField.Push.error]?.objectValue
        failedDevices = error?["failedDevices"]?.integerValue.flatMap { Int(exactly: $0) } ?? 0
        retryingDevices = 0
        earlierReasons = (error?["reasons"]?.arrayValue ?? []).compactMap(\.objectValue)
    }

    /// Starts an attempt at `installationIds`: their entries from the previous attempt (which said they would be
    /// retried) are dropped, to be replaced by this attempt's outcome.
    package mutating func beginAttempt(installationIds: Set<String>) {
        earlierReasons.removeAll { entry in entry["installationId"]?.stringValue.map(installationIds.contains) ?? false }
        retryingDevices = 0
    }

    /// Records a device that was accepted.
    package mutating func recordDelivered() { deliveryNumber += 1 }

    /// Records a device given up on.
    package mutating func recordFailure(installationId: String, deviceType: String?, reason: String) {
        failedDevices += 1
        addReason(installationId: installationId, deviceType: deviceType, reason: reason)
    }

    /// Records a device that will be tried again.
    package mutating func recordRetry(installationId: String, deviceType: String, reason: String) {
        retryingDevices += 1
        addReason(installationId: installationId, deviceType: deviceType, reason: reason + " (will retry)")
    }

    /// The `status` to show: 1 delivering while a retry is scheduled, 2 delivered when nothing failed, 3 when some
    /// devices failed and some were reached, 4 when every device failed.
    package var status: PushStatus {
        if retryingDevices > 0 { return .delivering }
        if failedDevices == 0 { return .delivered }
        return deliveryNumber > 0 ? .partlyFailed : .failed
    }

    /// The `error` to store, or `nil` to clear it (nothing failed and nothing waits for a retry).
    package var error: JSONValue? {
        guard failedDevices > 0 || retryingDevices > 0 || !reasons.isEmpty else { return nil }
        var object: JSONObject = ["failedDevices": .integer(Int64(failedDevices))]
        if retryingDevices > 0 { object["retryingDevices"] = .integer(Int64(retryingDevices)) }
        object["reasons"] = .array(reasons.map { .object($0) })
        return .object(object)
    }

    /// The field operations recording this state on the push.
    package var operations: [(FieldName, FieldOperation)] {
        [
            (StandardField.Push.deliveryNumber, .set(.integer(Int64(deliveryNumber)))),
            (StandardField.Push.status, .set(.integer(status.rawValue))),
            (StandardField.Push.error, error.map { .set($0) } ?? .delete),
        ]
    }

    /// The operations marking a push failed as a whole, with `{"reason": reason}` as its error.
    package static func failureOperations(reason: String) -> [(FieldName, FieldOperation)] {
        [
            (StandardField.Push.status, .set(.integer(PushStatus.failed.rawValue))),
            (StandardField.Push.error, .set(["reason": .string(reason)])),
        ]
    }

    /// Adds an entry of this attempt while fewer than ``maximumReasonCount`` are listed.
    private mutating func addReason(installationId: String, deviceType: String?, reason: String) {
        guard attemptReasons.count < PushDeliveryRecord.maximumReasonCount else { return }
        var entry: JSONObject = ["installationId": .string(installationId)]
        if let deviceType { entry[StandardField.Installation.deviceType] = .string(deviceType) }
        entry["reason"] = .string(reason)
        attemptReasons.append(entry)
    }
}
