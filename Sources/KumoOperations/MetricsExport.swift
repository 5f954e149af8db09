package import Metrics
import Prometheus

/// The metrics of one `kumo serve` process in Prometheus text format (docs/operations.md#metrics).
///
/// Everything in Kumo records through swift-metrics; `kumo serve` bootstraps the metrics system with ``factory``, so every
/// counter, timer and recorder lands in this export's registry, and ``render()`` writes them out with the process's own
/// gauges (memory, descriptors, CPU time) read at that moment. Tests make an export of their own and hand its factory to
/// the server they start, so what they assert on is never shared with another test.
package final class MetricsExport: Sendable {
    private let registry: PrometheusCollectorRegistry
    private let process: ProcessMetrics
    /// The swift-metrics factory that records into this export.
    package let factory: any MetricsFactory

    /// Latency buckets of every timer, in seconds: 0.5 ms to 10 s.
    package static let durationBuckets: [Duration] = [
        .microseconds(500), .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10), .milliseconds(25),
        .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2.5),
        .seconds(5), .seconds(10),
    ]

    /// Buckets of value recorders: the units of one storage commit (1 to 256).
    package static let valueBuckets: [Double] = [1, 2, 4, 8, 16, 32, 64, 128, 256]

    /// Creates an empty export.
    package init() {
        let registry = PrometheusCollectorRegistry()
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.defaultDurationHistogramBuckets = Self.durationBuckets
        factory.defaultValueHistogramBuckets = Self.valueBuckets
        self.registry = registry
        self.factory = factory
        self.process = ProcessMetrics(registry: registry)
    }

    /// The exposition text (format version 0.0.4), with the process gauges read now.
    package func render() -> String {
        process.update()
        var buffer: [UInt8] = []
        buffer.reserveCapacity(16 * 1024)
        registry.emit(into: &buffer)
        return String(decoding: buffer, as: UTF8.self)
    }

    /// The `Content-Type` of ``render()``'s text.
    package static let contentType = "text/plain; version=0.0.4; charset=utf-8"
}
