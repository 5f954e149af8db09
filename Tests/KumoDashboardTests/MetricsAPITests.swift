import Foundation
import HTTPTypes
import HummingbirdTesting
import KumoDashboard
import KumoOperations
import KumoSeams
import KumoServer
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// `GET /dashboard/api/metrics` (docs/dashboard.md#overview-metrics): the per-minute ring, fed by the server's own
/// metrics through ``MinuteMetricsFactory`` and read at the test clock's time.
@Suite struct MetricsAPITests {
    static func object(_ response: TestResponse) -> JSONObject { response.json?.objectValue ?? [:] }

    @Test func thePointsAreTheMinutesOfTheRingUpToNow() async throws {
        let ring = MinuteMetrics()
        try await DashboardHarness.with(environment: { environment, _ in environment.operations.metrics = ring }) { harness, session in
            let now = harness.server.clock.now().millisecondsSince1970
            ring.countRequest(statusClass: 2, count: 10, at: now - 120_000)
            ring.countRequest(statusClass: 4, count: 2, at: now - 120_000)
            ring.countRequest(statusClass: 5, at: now)
            ring.recordLatency(nanoseconds: 3_000_000, at: now)
            ring.countPush(delivered: true, count: 4, at: now)
            ring.countPush(delivered: false, at: now)
            try await session.signIn()

            let response = try await session.send(.get, "/dashboard/api/metrics?minutes=3")
            let defaultWindow = try await session.send(.get, "/dashboard/api/metrics")

            #expect(response.status == .ok)
            #expect(Self.object(response)["minutes"] == 3)
            let values = try #require(Self.object(response)["points"]?.arrayValue)
            let points = values.compactMap(\.objectValue)
            #expect(points.map { $0["requests"] } == [12, 0, 1])
            #expect(points.map { $0["errors4xx"] } == [2, 0, 0])
            #expect(points.map { $0["errors5xx"] } == [0, 0, 1])
            #expect(points.map { $0["pushDelivered"] } == [0, 0, 4] && points.map { $0["pushFailed"] } == [0, 0, 1])
            #expect(points[0]["p50Milliseconds"] == .null)
            let p99 = try #require(
                points[2]["p99Milliseconds"].flatMap { value -> Double? in
                    if case .double(let number) = value { return number }
                    return value.integerValue.map(Double.init)
                })
            #expect(abs(p99 - 3) / 3 < 0.075)
            let minuteStart = now / 60_000 * 60_000
            #expect(points[2]["time"] == .string(WireDate(millisecondsSince1970: minuteStart).formatted))
            #expect(Self.object(defaultWindow)["points"]?.arrayValue?.count == 60)
        }
    }

    @Test func requestsToTheNCMBAPIAreCountedThroughTheMetricsFactory() async throws {
        let ring = MinuteMetrics()
        let clock = TestClock()
        let factory = MinuteMetricsFactory(ring: ring, now: { clock.now().millisecondsSince1970 })
        try await DashboardHarness.with(
            server: { $0.metrics = ServerMetrics(factory: factory) },
            environment: { environment, _ in environment.operations.metrics = ring }
        ) { harness, session in
            try await harness.server.test { requester in
                _ = try await requester.send(.post, "/2013-09-01/classes/Chat", body: #"{"text":"hi"}"#)
                _ = try await requester.send(.get, "/2013-09-01/classes/Chat/nope")
            }
            try await session.signIn()

            let response = try await session.send(.get, "/dashboard/api/metrics?minutes=1")

            let point = try #require(Self.object(response)["points"]?.arrayValue?.first?.objectValue)
            #expect(point["requests"] == 2 && point["errors4xx"] == 1 && point["errors5xx"] == 0)
            #expect(point["p50Milliseconds"] != .null)
        }
    }

    @Test func everyInstanceWithARecentHeartbeatIsListedWithItsTotalsAndTheAnsweringOneIsMarked() async throws {
        let ring = MinuteMetrics()
        try await DashboardHarness.with(environment: { environment, _ in
            environment.operations.metrics = ring
            environment.operations.heartbeats = InstanceHeartbeats(
                store: environment.storage.admins, metrics: ring, clock: environment.clock, identifiers: RandomIdentifierGenerator())
        }) { harness, session in
            let clock = harness.server.clock
            let storage = harness.server.storage
            let now = clock.now().millisecondsSince1970
            ring.countRequest(statusClass: 2, count: 10, at: now - 120_000)
            ring.countRequest(statusClass: 5, count: 2, at: now)
            ring.countPush(delivered: true, count: 3, at: now)
            let answering = try #require(harness.environment.operations.heartbeats)
            let stopped = InstanceHeartbeats(
                store: storage.admins, metrics: MinuteMetrics(), clock: clock, identifiers: RandomIdentifierGenerator())
            try await stopped.beat(address: "10.0.0.13:8080")
            try await stopped.remove()
            try await answering.beat(address: "10.0.0.11:8080")
            clock.advance(milliseconds: 1000)
            let other = InstanceHeartbeats(
                store: storage.admins, metrics: MinuteMetrics(), clock: clock, identifiers: RandomIdentifierGenerator())
            try await other.beat(address: "10.0.0.12:8080")
            try await session.signIn()

            let both = Self.object(try await session.send(.get, "/dashboard/api/metrics"))
            clock.advance(milliseconds: InstanceHeartbeats.expiryMilliseconds)
            try await other.beat(address: "10.0.0.12:8080")
            let afterSilence = Self.object(try await session.send(.get, "/dashboard/api/metrics"))

            #expect(both["instance"] == .string(answering.instanceId))
            let instances = try #require(both["instances"]?.arrayValue).compactMap(\.objectValue)
            #expect(instances.map { $0["address"] } == ["10.0.0.11:8080", "10.0.0.12:8080"])
            #expect(instances.map { $0["current"] } == [true, false])
            #expect(instances[0]["requests"] == 12 && instances[0]["errors5xx"] == 2 && instances[0]["pushDelivered"] == 3)
            #expect(instances[1]["requests"] == 0 && instances[1]["p99Milliseconds"] == .null)
            #expect(instances[1]["startDate"] == .string(WireDate(millisecondsSince1970: now + 1000).formatted))
            // The answering instance wrote no heartbeat for the expiry: it is left out (and its row deleted).
            #expect(afterSilence["instances"]?.arrayValue?.compactMap { $0.objectValue?["address"] } == ["10.0.0.12:8080"])
        }
    }

    @Test func aBadWindowIsRefusedAndASessionIsNeeded() async throws {
        try await DashboardHarness.with { _, session in
            let anonymous = try await session.send(.get, "/dashboard/api/metrics")
            try await session.signIn()
            let unwired = try await session.send(.get, "/dashboard/api/metrics?minutes=5")

            #expect(anonymous.status == .unauthorized)
            for minutes in ["0", "1441", "abc", "-1"] {
                let response = try await session.send(.get, "/dashboard/api/metrics?minutes=\(minutes)")
                #expect(response.status == .badRequest && Self.object(response)["field"] == "minutes", "\(minutes)")
            }
            #expect(Self.object(unwired)["points"] == [])
            #expect(Self.object(unwired)["instances"] == [] && Self.object(unwired)["instance"] == .null)
        }
    }
}
