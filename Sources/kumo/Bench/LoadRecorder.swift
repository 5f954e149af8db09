import Histogram

/// Latencies and outcomes of one measured window, recorded by one thread (the generator's event loop or one task).
///
/// Latencies are kept in microseconds in an HDR histogram with three significant digits, up to one minute.
struct LoadRecorder: Sendable {
    /// The latency distribution of the completed requests.
    private(set) var histogram = Histogram<UInt64>(highestTrackableValue: 60_000_000, numberOfSignificantValueDigits: .three)
    /// Requests that completed with the expected status.
    private(set) var succeeded = 0
    /// Requests that completed with another status or failed at the transport.
    private(set) var failed = 0
    /// The first unexpected status seen, for the report.
    private(set) var firstUnexpectedStatus: UInt?

    /// Records one completed request.
    mutating func record(latencyNanoseconds: UInt64, isExpected: Bool, status: UInt) {
        if isExpected {
            succeeded += 1
        } else {
            failed += 1
            if firstUnexpectedStatus == nil { firstUnexpectedStatus = status }
        }
        _ = histogram.record(max(1, latencyNanoseconds / 1000))
    }

    /// Records one request that failed without a response.
    mutating func recordTransportFailure() {
        failed += 1
    }

    /// Adds another recorder's counts and latencies.
    mutating func merge(_ other: LoadRecorder) {
        histogram.add(other.histogram)
        succeeded += other.succeeded
        failed += other.failed
        if firstUnexpectedStatus == nil { firstUnexpectedStatus = other.firstUnexpectedStatus }
    }

    /// The summary of the window.
    func summary(seconds: Double) -> LoadSummary {
        func milliseconds(_ percentile: Double) -> Double {
            histogram.totalCount == 0 ? 0 : Double(histogram.valueAtPercentile(percentile)) / 1000
        }
        return LoadSummary(
            succeeded: succeeded, failed: failed, firstUnexpectedStatus: firstUnexpectedStatus, seconds: seconds,
            p50Milliseconds: milliseconds(50), p90Milliseconds: milliseconds(90), p99Milliseconds: milliseconds(99),
            maximumMilliseconds: histogram.totalCount == 0 ? 0 : Double(histogram.max) / 1000)
    }
}

/// Throughput and latency percentiles of one measured window.
struct LoadSummary: Sendable {
    /// Requests answered with the expected status.
    var succeeded: Int
    /// Requests answered otherwise, or not at all.
    var failed: Int
    /// The first unexpected status, when there was one.
    var firstUnexpectedStatus: UInt?
    /// The length of the window.
    var seconds: Double
    /// Median latency.
    var p50Milliseconds: Double
    /// 90th percentile latency.
    var p90Milliseconds: Double
    /// 99th percentile latency.
    var p99Milliseconds: Double
    /// Largest latency.
    var maximumMilliseconds: Double

    /// Successful requests per second over the window.
    var requestsPerSecond: Double { seconds > 0 ? Double(succeeded) / seconds : 0 }
}
