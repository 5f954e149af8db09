/// Some requests of a batch failed: which ones, and what the server answered for each.
///
/// The other requests of the batch were applied, and their objects updated, as when each is sent alone.
///
/// - Note: A Kumo addition, thrown by ``NCMBObject/saveAll(_:atomically:)`` and ``NCMBObject/deleteAll(_:atomically:)``.
public struct NCMBBatchError: Error, Equatable, Sendable, CustomStringConvertible {
    /// One failed request: the position of its object in the array given, and the server's error for it.
    public struct Failure: Equatable, Sendable {
        /// The position of the object in the array given to the batch call.
        public let index: Int
        /// The error the server answered for this object, as it would have alone.
        public let error: NCMBApiError

        /// Creates a failure.
        public init(index: Int, error: NCMBApiError) {
            self.index = index
            self.error = error
        }
    }

    /// The failed requests, in the order of the array given.
    public let failures: [Failure]

    /// Creates the error of a batch whose `failures` failed.
    public init(failures: [Failure]) {
        self.failures = failures
    }

    /// One line per failure, e.g. `2: E404001 No data available.`
    public var description: String {
        failures.map { "\($0.index): \($0.error)" }.joined(separator: "\n")
    }
}
