/// A `Duration` in the units Kumo logs, stores and passes on: one conversion instead of a sum over
/// `components.seconds` and `components.attoseconds` at every place that needs milliseconds, nanoseconds or seconds.
///
/// Here because every server module imports `NCMBWire` (it is the lowest module they share); `package`, so the SDK's
/// public API does not change.
@available(iOS 16, tvOS 16, watchOS 9, *)
extension Duration {
    /// The whole milliseconds, rounded toward zero (durations written as integers, timeouts, retention periods).
    package var wholeMilliseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }

    /// The whole nanoseconds, rounded toward zero (histograms recorded in nanoseconds).
    package var wholeNanoseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }

    /// The milliseconds with their fraction (latencies in log lines).
    package var fractionalMilliseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }

    /// The seconds with their fraction (rates, elapsed times).
    package var fractionalSeconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
