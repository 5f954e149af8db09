import HTTPTypes
import HummingbirdTesting
import KumoDashboard
import KumoOperations
import KumoServer
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// `GET /dashboard/api/metrics?application=` (docs/dashboard.md#overview-metrics,
/// docs/decisions/0158-per-application-overview.md): one application's requests, errors and latency on this instance, as
/// the server records them where it resolved the request's application.
@Suite struct MetricsPerApplicationAPITests {
    /// What `kumo serve` wires (its conformance lives in `kumo`): the server's seam over the per-application series.
    struct Recorder: ApplicationRequestMetrics {
        let metrics: ApplicationMinuteMetrics

        func recordRequest(applicationId: String, statusClass: Int, nanoseconds: Int64, at milliseconds: Int64) {
            metrics.recordRequest(applicationId: applicationId, statusClass: statusClass, nanoseconds: nanoseconds, at: milliseconds)
        }
    }

    static let other = HostedApplication(
        applicationId: "OtherApplicationId", name: "soba", applicationKey: String(repeating: "a", count: 64),
        clientKey: String(repeating: "b", count: 64), createDate: WireDate(millisecondsSince1970: 0))

    static func points(_ response: TestResponse) -> [JSONObject] {
        (MetricsAPITests.object(response)["points"]?.arrayValue ?? []).compactMap(\.objectValue)
    }

    @Test func eachApplicationsRequestsAreItsOwnAndTheInstanceCountsThemAll() async throws {
        let ring = MinuteMetrics()
        try await DashboardHarness.with(
            server: { $0.applicationMetrics = Recorder(metrics: ring.applications) },
            environment: { environment, _ in environment.operations.metrics = ring }
        ) { harness, session in
            try await harness.server.storage.applications.create(Self.other)
            try await harness.server.test { requester in
                _ = try await requester.send(.post, "/2013-09-01/classes/Chat", body: #"{"text":"hi"}"#)
                _ = try await requester.send(.get, "/2013-09-01/classes/Chat/nope")
                _ = try await requester.send(.get, "/2013-09-01/classes/Chat")
                let sent = try await requester.send(
                    .get, "/2013-09-01/classes/Shop", applicationKey: Self.other.applicationKey, clientKey: Self.other.clientKey)
                #expect(sent.status == .ok)
                // An unknown application key resolves no application: recorded for none.
                _ = try await requester.send(.get, "/2013-09-01/classes/Shop", applicationKey: String(repeating: "z", count: 64))
            }
            try await session.signIn()

            let test = try await session.send(.get, "/dashboard/api/metrics?minutes=1&application=test")
            let soba = try await session.send(.get, "/dashboard/api/metrics?minutes=5&application=soba")

            #expect(test.status == .ok && soba.status == .ok)
            let testPoint = try #require(Self.points(test).last)
            #expect(testPoint["requests"] == 3 && testPoint["errors4xx"] == 1 && testPoint["errors5xx"] == 0)
            #expect(testPoint["p50Milliseconds"] != .null && testPoint["pushDelivered"] == nil)
            #expect(Self.points(soba).count == 5)
            #expect(Self.points(soba).map { $0["requests"] } == [0, 0, 0, 0, 1])
            let application = try #require(MetricsAPITests.object(soba)["application"]?.objectValue)
            #expect(application["name"] == "soba" && application["applicationId"] == "OtherApplicationId")
            #expect(application["tracked"] == true && application["maximumTracked"] == 16)
            #expect(ring.applications.trackedApplications == ["TestApplicationId", "OtherApplicationId"])
        }
    }

    @Test func anApplicationAboveTheCapIsSaidToBeUntracked() async throws {
        let ring = MinuteMetrics(maximumApplications: 1)
        try await DashboardHarness.with(environment: { environment, _ in environment.operations.metrics = ring }) { harness, session in
            try await harness.server.storage.applications.create(Self.other)
            ring.applications.recordRequest(
                applicationId: "TestApplicationId", statusClass: 2, nanoseconds: 1_000_000,
                at: harness.server.clock.now().millisecondsSince1970)
            try await session.signIn()

            let soba = try await session.send(.get, "/dashboard/api/metrics?application=soba")

            #expect(soba.status == .ok)
            #expect(MetricsAPITests.object(soba)["application"]?.objectValue?["tracked"] == false)
            #expect(Self.points(soba).isEmpty)
        }
    }

    @Test func anUnknownApplicationIsNotFoundAndASessionIsNeeded() async throws {
        try await DashboardHarness.with(environment: { environment, _ in environment.operations.metrics = MinuteMetrics() }) { _, session in
            let anonymous = try await session.send(.get, "/dashboard/api/metrics?application=test")
            try await session.signIn()
            let unknown = try await session.send(.get, "/dashboard/api/metrics?application=nope")
            let badWindow = try await session.send(.get, "/dashboard/api/metrics?application=test&minutes=0")

            #expect(anonymous.status == .unauthorized)
            #expect(unknown.status == .notFound && MetricsAPITests.object(unknown)["code"] == "notFound")
            #expect(badWindow.status == .badRequest && MetricsAPITests.object(badWindow)["field"] == "minutes")
        }
    }
}
