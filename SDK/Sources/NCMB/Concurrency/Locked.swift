import Foundation

/// A value guarded by an `NSLock`: the SDK's box for small synchronous shared state (docs/style.md#concurrency).
///
/// `Mutex` from the Synchronization module would do the same, but it needs newer OS versions than the SDK supports.
package final class Locked<Value: Sendable>: @unchecked Sendable {
    // @unchecked: `value` is read and written only while `lock` is held, and `Value` is itself Sendable.
    private let lock = NSLock()
    private var value: Value

    /// Creates a box holding `value`.
    package init(_ value: Value) { self.value = value }

    /// Runs `body` with exclusive access to the value and returns what it returns.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    /// A copy of the current value.
    package var current: Value { withLock { $0 } }
}
