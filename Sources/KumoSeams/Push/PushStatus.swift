/// The `status` of a push object (docs/wire/endpoints/push.md): an integer NCMB does not document (its fixtures show 0,
/// 2 and 4). These are Kumo's meanings, documented in the README; the push API writes ``scheduled`` on create and
/// allows `PUT` only in that state, the delivery service writes the others.
package enum PushStatus: Int64, Sendable, Hashable, CaseIterable {
    /// Registered and waiting for its delivery time; the only state in which a `PUT` is accepted.
    case scheduled = 0
    /// Being sent, or waiting for a retry of some devices.
    case delivering = 1
    /// Sent to every device of its segment (also when the segment was empty).
    case delivered = 2
    /// Sent to some devices; others failed.
    case partlyFailed = 3
    /// Sent to no device: every device failed, or the push expired or its segment could not be resolved.
    case failed = 4
}
