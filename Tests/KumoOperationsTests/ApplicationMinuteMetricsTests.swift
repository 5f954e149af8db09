import KumoOperations
import Testing

/// The Overview's series per application (docs/decisions/0158-per-application-overview.md): each application's own
/// minutes, and a bounded number of applications. Time is given explicitly: nothing here waits.
@Suite struct ApplicationMinuteMetricsTests {
    static func at(minute: Int64, second: Int64 = 0) -> Int64 { MinuteMetricsTests.at(minute: minute, second: second) }

    static func points(_ series: ApplicationMinuteMetrics.Series) -> [MinuteMetrics.Point]? {
        if case .tracked(let points) = series { return points }
        return nil
    }

    @Test func eachApplicationHasItsOwnRequestsErrorsAndLatency() throws {
        let metrics = ApplicationMinuteMetrics()
        metrics.recordRequest(applicationId: "ramen", statusClass: 2, nanoseconds: 2_000_000, at: Self.at(minute: 0, second: 5))
        metrics.recordRequest(applicationId: "ramen", statusClass: 4, nanoseconds: 2_000_000, at: Self.at(minute: 1))
        metrics.recordRequest(applicationId: "soba", statusClass: 5, nanoseconds: 400_000_000, at: Self.at(minute: 1, second: 30))

        let ramen = try #require(Self.points(metrics.series(applicationId: "ramen", minutes: 2, endingAt: Self.at(minute: 1, second: 59))))
        let soba = try #require(Self.points(metrics.series(applicationId: "soba", minutes: 2, endingAt: Self.at(minute: 1, second: 59))))

        #expect(ramen.map(\.minuteStart) == [0, 1].map { Self.at(minute: $0) })
        #expect(ramen.map(\.requests) == [1, 1] && ramen.map(\.errors4xx) == [0, 1] && ramen.map(\.errors5xx) == [0, 0])
        #expect(soba.map(\.requests) == [0, 1] && soba.map(\.errors5xx) == [0, 1] && soba.map(\.errors4xx) == [0, 0])
        let ramenP99 = try #require(ramen[0].p99Milliseconds)
        let sobaP99 = try #require(soba[1].p99Milliseconds)
        #expect(abs(ramenP99 - 2) / 2 < 0.075 && abs(sobaP99 - 400) / 400 < 0.075)
        #expect(soba[0].p50Milliseconds == nil)
        #expect(ramen.allSatisfy { $0.pushDelivered == 0 && $0.pushFailed == 0 })
    }

    @Test func anApplicationWithoutRequestsHasZeroMinutesWhileThereIsRoom() throws {
        let metrics = ApplicationMinuteMetrics(capacity: 10, maximumApplications: 2)

        let points = try #require(Self.points(metrics.series(applicationId: "quiet", minutes: 60, endingAt: Self.at(minute: 3))))

        #expect(points.count == 10 && points.allSatisfy { $0.requests == 0 && $0.p99Milliseconds == nil })
        #expect(points.last?.minuteStart == Self.at(minute: 3))
        #expect(metrics.trackedApplications.isEmpty)
    }

    @Test func aboveTheCapANewApplicationIsNotRecordedUntilAnotherWasIdleForTheWholeSpan() throws {
        let metrics = ApplicationMinuteMetrics(capacity: 10, maximumApplications: 2)
        metrics.recordRequest(applicationId: "a", statusClass: 2, nanoseconds: 1_000_000, at: Self.at(minute: 0))
        metrics.recordRequest(applicationId: "b", statusClass: 2, nanoseconds: 1_000_000, at: Self.at(minute: 5))
        metrics.recordRequest(applicationId: "c", statusClass: 2, nanoseconds: 1_000_000, at: Self.at(minute: 6))
        metrics.recordRequest(applicationId: "c", statusClass: 2, nanoseconds: 1_000_000, at: Self.at(minute: 9))

        // Full, and every application was used within the last 10 minutes: c is not recorded, a and b keep their numbers.
        #expect(metrics.series(applicationId: "c", minutes: 10, endingAt: Self.at(minute: 9)) == .untracked)
        #expect(metrics.trackedApplications == ["a", "b"])
        #expect(Self.points(metrics.series(applicationId: "a", minutes: 10, endingAt: Self.at(minute: 9)))?.first?.requests == 1)

        // At minute 10, a's only minute (0) has left the span: c takes a's ring, emptied.
        metrics.recordRequest(applicationId: "c", statusClass: 4, nanoseconds: 1_000_000, at: Self.at(minute: 10))
        metrics.recordRequest(applicationId: "a", statusClass: 2, nanoseconds: 1_000_000, at: Self.at(minute: 10))

        #expect(metrics.trackedApplications == ["c", "b"])
        let c = try #require(Self.points(metrics.series(applicationId: "c", minutes: 10, endingAt: Self.at(minute: 10))))
        #expect(c.map(\.requests).reduce(0, +) == 1 && c.last?.errors4xx == 1)
        #expect(metrics.series(applicationId: "a", minutes: 10, endingAt: Self.at(minute: 10)) == .untracked)
        let b = try #require(Self.points(metrics.series(applicationId: "b", minutes: 10, endingAt: Self.at(minute: 10))))
        #expect(b.map(\.requests).reduce(0, +) == 1)
    }

    @Test func manyApplicationsNeverTrackMoreThanTheCap() {
        let metrics = ApplicationMinuteMetrics(capacity: 60, maximumApplications: 4)
        for index in 0..<1000 {
            metrics.recordRequest(applicationId: "app\(index)", statusClass: 2, nanoseconds: 1_000, at: Self.at(minute: Int64(index % 30)))
        }

        #expect(metrics.trackedApplications == ["app0", "app1", "app2", "app3"])
        #expect(metrics.series(applicationId: "app999", minutes: 60, endingAt: Self.at(minute: 30)) == .untracked)
    }

    @Test func theInstanceRingCarriesTheApplicationsSeriesOfTheSameSpan() {
        let ring = MinuteMetrics(capacity: 30, maximumApplications: 3)

        #expect(ring.applications.capacity == 30 && ring.applications.maximumApplications == 3)
        #expect(MinuteMetrics().applications.maximumApplications == ApplicationMinuteMetrics.defaultMaximumApplications)
    }
}
