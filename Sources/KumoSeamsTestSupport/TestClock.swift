import KumoSeams
package import NCMBWire
import NIOConcurrencyHelpers

/// A clock pinned to 2009-02-13T23:31:30.000Z that moves only when a test advances it.
package final class TestClock: WallClock {
    private let current: NIOLockedValueBox<WireDate>

    /// The fixed start: 2009-02-13T23:31:30.000Z.
    package static let start = WireDate(millisecondsSince1970: 1_234_567_890_000)

    /// Creates a clock at `start`.
    package init(_ start: WireDate = TestClock.start) { current = NIOLockedValueBox(start) }

    package func now() -> WireDate { current.withLockedValue { $0 } }

    /// Moves the clock forward.
    package func advance(milliseconds: Int64) {
        current.withLockedValue { $0 = WireDate(millisecondsSince1970: $0.millisecondsSince1970 + milliseconds) }
    }
}

/// Identifiers `0000000000000001`, `0000000000000002`, … so tests can name the objects they create.
package final class IncrementingIdentifiers: IdentifierGenerator {
    private let counter = NIOLockedValueBox(0)

    /// Creates a generator starting at 1.
    package init() {}

    package func objectId() -> String {
        let next = counter.withLockedValue { value -> Int in
            value += 1
            return value
        }
        let digits = String(next)
        return String(repeating: "0", count: max(0, 16 - digits.count)) + digits
    }

    package func randomString(length: Int, alphabet: [Character]) -> String {
        let seed = objectId()
        return String(repeating: "0", count: max(0, length - seed.count)) + String(seed.suffix(length))
    }
}
