import Foundation

/// A value behind a lock, for state that several tasks read and change (KumoStorage does not depend on NIO's locks).
final class LockedValue<Value>: @unchecked Sendable {
    // Unchecked: every access to `value` holds `lock`.
    private var value: Value
    private let lock = NSLock()

    init(_ value: Value) { self.value = value }

    /// Runs `body` with exclusive access to the value.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
