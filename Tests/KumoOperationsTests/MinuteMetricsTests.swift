import KumoOperations
import Metrics
import NIOConcurrencyHelpers
import Testing

/// The dashboard's per-minute ring and the swift-metrics factory that feeds it (docs/operations.md#the-dashboards-metrics-ring).
/// Time is given explicitly (a test clock for the factory): nothing here waits.
@Suite struct MinuteMetricsTests {
    /// 2026-01-01T00:00:00Z, a minute boundary.
    static let start: Int64 = 1_767_225_600_000

    static func at(minute: Int64, second: Int64 = 0) -> Int64 { start + minute * 60_000 + second * 1000 }

    @Test func requestsErrorsAndPushesAreCountedInTheMinuteTheyHappen() {
        let ring = MinuteMetrics()
        ring.countRequest(statusClass: 2, at: Self.at(minute: 0, second: 1))
        ring.countRequest(statusClass: 4, at: Self.at(minute: 0, second: 59))
        ring.countRequest(statusClass: 5, count: 2, at: Self.at(minute: 2))
        ring.countPush(delivered: true, count: 3, at: Self.at(minute: 2, second: 30))
        ring.countPush(delivered: false, at: Self.at(minute: 2, second: 31))

        let points = ring.points(minutes: 4, endingAt: Self.at(minute: 2, second: 45))

        #expect(points.map(\.minuteStart) == [-1, 0, 1, 2].map { Self.at(minute: $0) })
        #expect(points.map(\.requests) == [0, 2, 0, 2])
        #expect(points.map(\.errors4xx) == [0, 1, 0, 0])
        #expect(points.map(\.errors5xx) == [0, 0, 0, 2])
        #expect(points.map(\.pushDelivered) == [0, 0, 0, 3])
        #expect(points.map(\.pushFailed) == [0, 0, 0, 1])
        #expect(points.allSatisfy { $0.p50Milliseconds == nil && $0.p99Milliseconds == nil })
    }

    @Test func percentilesComeFromTheMinutesLatencyHistogram() throws {
        let ring = MinuteMetrics()
        for milliseconds in 1...100 {
            ring.recordLatency(nanoseconds: Int64(milliseconds) * 1_000_000, at: Self.at(minute: 5, second: Int64(milliseconds % 60)))
        }
        ring.recordLatency(nanoseconds: 900_000_000, at: Self.at(minute: 6))

        let points = ring.points(minutes: 2, endingAt: Self.at(minute: 6))
        let p50 = try #require(points[0].p50Milliseconds)
        let p99 = try #require(points[0].p99Milliseconds)

        // The 50th of 100 latencies is 50 ms, the 99th 99 ms: each reported as its bucket, within 7.5 %.
        #expect(p50 == LatencyBuckets.representativeMilliseconds(LatencyBuckets.index(nanoseconds: 50_000_000)))
        #expect(p99 == LatencyBuckets.representativeMilliseconds(LatencyBuckets.index(nanoseconds: 99_000_000)))
        #expect(abs(p50 - 50) / 50 < 0.075)
        #expect(abs(p99 - 99) / 99 < 0.075)
        #expect(points[1].p50Milliseconds == points[1].p99Milliseconds)
        #expect(abs((points[1].p50Milliseconds ?? 0) - 900) / 900 < 0.075)
    }

    @Test func theBucketsCoverEveryLatency() {
        #expect(LatencyBuckets.index(nanoseconds: 0) == 0)
        #expect(LatencyBuckets.index(nanoseconds: -5) == 0)
        #expect(LatencyBuckets.index(nanoseconds: 50_000) == 0)
        #expect(LatencyBuckets.index(nanoseconds: 50_001) == 1)
        #expect(LatencyBuckets.index(nanoseconds: Int64.max) == LatencyBuckets.count - 1)
        let indexes = stride(from: 60_000, to: 60_000_000_000, by: 7_919_111).map { LatencyBuckets.index(nanoseconds: Int64($0)) }
        #expect(indexes == indexes.sorted())
        #expect(LatencyBuckets.percentile(0.5, of: Array(repeating: 0, count: LatencyBuckets.count)) == nil)
    }

    @Test func aMinuteComingRoundAgainEmptiesItsBucketAndLateSamplesAreDropped() {
        let ring = MinuteMetrics(capacity: 3)
        ring.countRequest(statusClass: 2, count: 7, at: Self.at(minute: 0))
        ring.recordLatency(nanoseconds: 1_000_000, at: Self.at(minute: 0))
        ring.countRequest(statusClass: 2, at: Self.at(minute: 3))
        ring.countRequest(statusClass: 2, count: 100, at: Self.at(minute: 0, second: 30))

        let points = ring.points(minutes: 10, endingAt: Self.at(minute: 3))

        #expect(points.count == 3)
        #expect(points.map(\.requests) == [0, 0, 1])
        #expect(points[2].p50Milliseconds == nil)
        #expect(ring.points(minutes: 0, endingAt: Self.at(minute: 3)).isEmpty)
        #expect(ring.points(minutes: 3, endingAt: Self.at(minute: 0)).map(\.requests) == [0, 0, 0])
    }

    @Test func theFactoryFeedsTheRingFromKumosMetricNames() {
        let clock = NIOLockedValueBox(Self.at(minute: 10))
        let factory = MinuteMetricsFactory(ring: MinuteMetrics(), now: { clock.withLockedValue { $0 } })
        func request(_ route: String, _ statusClass: String, milliseconds: Int64) {
            Counter(
                label: "kumo_http_requests_total", dimensions: [("route", route), ("method", "GET"), ("status_class", statusClass)],
                factory: factory
            ).increment()
            Timer(label: "kumo_http_request_duration_seconds", dimensions: [("route", route), ("method", "GET")], factory: factory)
                .record(duration: .milliseconds(milliseconds))
        }
        request("getObject", "2xx", milliseconds: 4)
        request("findObjects", "4xx", milliseconds: 4)
        request("dashboard", "5xx", milliseconds: 3000)
        clock.withLockedValue { $0 = Self.at(minute: 11) }
        request("createObject", "5xx", milliseconds: 40)
        for outcome in ["delivered", "delivered", "failed", "device_gone", "retried"] {
            Counter(label: "kumo_push_deliveries_total", dimensions: [("platform", "ios"), ("outcome", outcome)], factory: factory)
                .increment()
        }
        Counter(label: "kumo_ncmb_errors_total", dimensions: [("code", "E404001")], factory: factory).increment()
        Recorder(label: "kumo_storage_commit_units", factory: factory).record(3)
        Meter(label: "kumo_http_open_connections", factory: factory).increment()

        let points = factory.ring.points(minutes: 2, endingAt: Self.at(minute: 11))

        #expect(points.map(\.requests) == [2, 1])
        #expect(points.map(\.errors4xx) == [1, 0])
        #expect(points.map(\.errors5xx) == [0, 1])
        #expect(points[0].p99Milliseconds == LatencyBuckets.representativeMilliseconds(LatencyBuckets.index(nanoseconds: 4_000_000)))
        #expect(points.map(\.pushDelivered) == [0, 2])
        #expect(points.map(\.pushFailed) == [0, 2])
    }

    @Test func multiplexedWithThePrometheusExportBothSeeEveryRequest() {
        let export = MetricsExport()
        let ring = MinuteMetrics()
        let factory = MultiplexMetricsHandler(factories: [export.factory, MinuteMetricsFactory(ring: ring, now: { Self.at(minute: 1) })])
        Counter(
            label: "kumo_http_requests_total", dimensions: [("route", "getObject"), ("method", "GET"), ("status_class", "2xx")],
            factory: factory
        ).increment()

        #expect(ring.points(minutes: 1, endingAt: Self.at(minute: 1)).map(\.requests) == [1])
        #expect(export.render().contains(#"kumo_http_requests_total{route="getObject",method="GET",status_class="2xx"} 1"#))
    }
}
