import KumoPush
import KumoSeams
import KumoTestSupport
import MetricsTestKit
import NCMBWire
import Testing

/// `kumo_push_deliveries_total{platform,outcome}` (docs/operations.md#metrics): one count per device and attempt.
@Suite struct PushDeliveryMetricsTests {
    @Test func eachDeviceOutcomeIsCountedByPlatform() async throws {
        let sender = RecordingPushSender()
        sender.script(token: "token-gone", .deviceGone(reason: "Unregistered"))
        sender.script(token: "token-busy", .failed(reason: "429", isRetryable: true))
        sender.script(token: "token-bad", .failed(reason: "bad credentials", isRetryable: false))
        let queue = FakePushQueue(
            push: PushDeliveryServiceTests.immediate,
            installations: [
                ("i1", "ios", "token-ios"), ("i2", "android", "token-gone"), ("i3", "ios", "token-busy"), ("i4", "android", "token-bad"),
            ], sender: sender)
        let metrics = TestMetrics()
        let service = PushDeliveryService(storage: queue.storage, sender: sender, clock: queue.clock, logger: .quiet, metrics: metrics)

        try await service.deliverDuePushes()

        for (platform, outcome) in [("ios", "delivered"), ("android", "device_gone"), ("ios", "retried"), ("android", "failed")] {
            let counter = try metrics.expectCounter("kumo_push_deliveries_total", [("platform", platform), ("outcome", outcome)])
            #expect(counter.totalValue == 1, "\(platform) \(outcome)")
        }
        #expect(metrics.counterTotal(label: "kumo_push_deliveries_total") == 4)
    }
}
