import Hummingbird
import HummingbirdTesting
import KumoOperations
import Logging
import Metrics
import NIOCore
import Testing

/// The Prometheus export and its listener (docs/operations.md#metrics).
@Suite struct MetricsExportTests {
    @Test func everyKindOfMetricIsRenderedInTheTextFormat() {
        let export = MetricsExport()
        Counter(label: "kumo_test_events_total", dimensions: [("kind", "a")], factory: export.factory).increment(by: 3)
        Timer(label: "kumo_test_duration_seconds", factory: export.factory).record(duration: .milliseconds(3))
        Recorder(label: "kumo_test_batch_units", factory: export.factory).record(5)
        Meter(label: "kumo_test_open", factory: export.factory).increment()
        let text = export.render()

        #expect(text.contains("# TYPE kumo_test_events_total counter\nkumo_test_events_total{kind=\"a\"} 3"), "\(text)")
        #expect(text.contains("# TYPE kumo_test_duration_seconds histogram"), "\(text)")
        #expect(text.contains("kumo_test_duration_seconds_bucket{le=\"0.005\"} 1"), "\(text)")
        #expect(text.contains("kumo_test_duration_seconds_bucket{le=\"0.002\"} 0"), "\(text)")
        #expect(text.contains("kumo_test_batch_units_bucket{le=\"8.0\"} 1"), "\(text)")
        #expect(text.contains("kumo_test_open 1"), "\(text)")
    }

    @Test(.enabled(if: isLinux, "the process gauges read /proc")) func theProcessGaugesAreReadAtEachScrape() throws {
        let text = MetricsExport().render()
        let resident = try #require(Self.value(of: "process_resident_memory_bytes", in: text))
        let descriptors = try #require(Self.value(of: "process_open_fds", in: text))
        let started = try #require(Self.value(of: "process_start_time_seconds", in: text))

        #expect(resident > 1_000_000)
        #expect(descriptors > 2)
        #expect(started > 1_700_000_000)
        #expect(Self.value(of: "process_max_fds", in: text).map { $0 >= descriptors } == true)
        #expect(Self.value(of: "process_cpu_seconds_total", in: text).map { $0 > 0 } == true)
    }

    @Test func theListenerServesMetricsAndNothingElse() async throws {
        let export = MetricsExport()
        Counter(label: "kumo_test_scraped_total", factory: export.factory).increment()
        var logger = Logger(label: "kumo.test")
        logger.logLevel = .critical
        let listener = buildMetricsListener(export: export, host: "127.0.0.1", port: 0, logger: logger)
        try await listener.test(.live) { client in
            let metrics = try await client.execute(uri: "/metrics", method: .get)
            let other = try await client.execute(uri: "/2013-09-01/classes/Food", method: .get)

            #expect(metrics.status == .ok)
            #expect(metrics.headers[.contentType] == "text/plain; version=0.0.4; charset=utf-8")
            #expect(String(buffer: metrics.body).contains("kumo_test_scraped_total 1"))
            #expect(other.status == .notFound)
        }
    }

    /// The value of an unlabelled sample.
    static func value(of name: String, in text: String) -> Double? {
        text.split(separator: "\n").first { $0.hasPrefix(name + " ") }.flatMap { Double($0.split(separator: " ")[1]) }
    }
}

#if os(Linux)
    let isLinux = true
#else
    let isLinux = false
#endif
