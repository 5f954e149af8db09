import NIOConcurrencyHelpers

/// The request-body bytes the server holds at once (docs/decisions/0069-memory-budget.md): a body reserves its bytes
/// before they are read (its `Content-Length`, or chunk by chunk) and gives them back once its response is ready. A
/// body that does not fit answers 503 E503001 with `Retry-After: 1` instead of being read.
///
/// Peak memory follows the bytes in flight: a JSON body costs a few times its size while it is parsed, checked and
/// written, so bounding the bytes in flight bounds the memory of all the bodies at once.
package final class BodyBudget: Sendable {
    /// The most bytes held at once.
    package let capacity: Int
    private let reserved = NIOLockedValueBox(0)

    /// Creates a budget of `capacity` bytes.
    package init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    /// Reserves `count` bytes; `false` when they do not fit now.
    package func reserve(_ count: Int) -> Bool {
        guard count > 0 else { return true }
        return reserved.withLockedValue { reserved in
            guard reserved + count <= capacity else { return false }
            reserved += count
            return true
        }
    }

    /// Gives back bytes reserved earlier.
    package func release(_ count: Int) {
        guard count > 0 else { return }
        reserved.withLockedValue { $0 = max(0, $0 - count) }
    }

    /// The bytes reserved now.
    package var inFlight: Int { reserved.withLockedValue { $0 } }
}
