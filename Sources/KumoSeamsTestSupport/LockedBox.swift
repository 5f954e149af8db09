import NIOConcurrencyHelpers

/// A value shared between a test and the fakes it drives, guarded by a lock.
package final class LockedBox<Value: Sendable>: Sendable {
    private let storage: NIOLockedValueBox<Value>

    /// Creates a box holding `value`.
    package init(_ value: Value) { storage = NIOLockedValueBox(value) }

    /// The current value.
    package func get() -> Value { storage.withLockedValue { $0 } }

    /// Replaces the value.
    package func set(_ value: Value) { storage.withLockedValue { $0 = value } }

    /// Changes the value in place.
    package func mutate(_ change: (inout Value) -> Void) { storage.withLockedValue { change(&$0) } }
}
