import KumoPush
import KumoSeams
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// Retries of `PushDeliveryService`: retryable failures are rescheduled with only the failed devices after a backoff,
/// the push's counts accumulate, and a device is given up on after five attempts (docs/wire/endpoints/push.md).
@Suite struct PushDeliveryRetryTests {
    static let immediate: JSONObject = ["immediateDeliveryFlag": true, "message": "m", "error": nil]
    static let devices = [("i1", "ios", "token-1"), ("i2", "ios", "token-2"), ("i3", "android", "token-3")]

    @Test func reschedulesOnlyTheDevicesThatFailedRetryably() async throws {
        let queue = FakePushQueue(push: Self.immediate, installations: Self.devices)
        queue.sender.script(token: "token-2", .failed(reason: "503 ServiceUnavailable", isRetryable: true))

        try await queue.service.deliverDuePushes()

        let rescheduled = try #require(queue.rescheduled.get().first)
        #expect(rescheduled.job.attempts == 1)
        #expect(rescheduled.job.pendingInstallationIds == ["i2"])
        #expect(rescheduled.dueAt == WireDate(millisecondsSince1970: TestClock.start.millisecondsSince1970 + 30_000))
        #expect(queue.completed.get().isEmpty)
        #expect(queue.pushFields["deliveryNumber"] == 2)
        #expect(queue.pushFields["status"] == .integer(PushStatus.delivering.rawValue))
        #expect(
            queue.pushFields["error"]
                == [
                    "failedDevices": 0, "retryingDevices": 1,
                    "reasons": [["installationId": "i2", "deviceType": "ios", "reason": "503 ServiceUnavailable (will retry)"]],
                ])
    }

    @Test func aRetrySendsToThePendingDevicesAndAccumulates() async throws {
        let queue = FakePushQueue(push: Self.immediate, installations: Self.devices)
        queue.sender.script(token: "token-2", .failed(reason: "503 ServiceUnavailable", isRetryable: true), .delivered)
        try await queue.service.deliverDuePushes()
        let rescheduled = try #require(queue.rescheduled.get().first)
        queue.sender.clearSends()
        queue.clock.advance(milliseconds: 30_000)
        queue.claimable.set([rescheduled.job])

        try await queue.service.deliverDuePushes()

        #expect(queue.sender.sentTokens == ["token-2"])
        #expect(queue.finds.get().last?.parameters.whereQuery.clauses.first == .field(.objectId, [.containedIn(["i2"])]))
        #expect(queue.pushFields["deliveryPlanNumber"] == 3)
        #expect(queue.pushFields["deliveryNumber"] == 3)
        #expect(queue.pushFields["status"] == .integer(PushStatus.delivered.rawValue))
        #expect(queue.pushFields["error"] == .null)
        #expect(queue.completed.get().count == 1)
    }

    @Test(arguments: [(1, Int64(30_000)), (2, 120_000), (3, 600_000), (4, 1_800_000)])
    func backsOffLongerAfterEachAttempt(attempt: Int, delay: Int64) {
        #expect(PushDeliveryService.retryDelay(afterAttempt: attempt) == delay)
    }

    @Test func givesUpAfterTheFifthAttempt() async throws {
        let queue = FakePushQueue(push: Self.immediate, installations: Self.devices)
        queue.push.mutate { $0?.fields["deliveryNumber"] = 2 }
        queue.claimable.set([
            PushJob(
                applicationId: FakePushQueue.applicationId, pushId: "push0000000001", dueAt: TestClock.start, attempts: 4,
                pendingInstallationIds: ["i2"])
        ])
        queue.sender.script(token: "token-2", .failed(reason: "timed out", isRetryable: true))

        try await queue.service.deliverDuePushes()

        #expect(queue.rescheduled.get().isEmpty)
        #expect(queue.completed.get().count == 1)
        #expect(queue.pushFields["status"] == .integer(PushStatus.partlyFailed.rawValue))
        #expect(
            queue.pushFields["error"]
                == [
                    "failedDevices": 1,
                    "reasons": [["installationId": "i2", "deviceType": "ios", "reason": "timed out (gave up after 5 attempts)"]],
                ])
    }

    @Test func recordsPendingDevicesThatVanishedBeforeTheirRetry() async throws {
        let queue = FakePushQueue(push: Self.immediate, installations: [("i1", "ios", "token-1")])
        queue.claimable.set([
            PushJob(
                applicationId: FakePushQueue.applicationId, pushId: "push0000000001", dueAt: TestClock.start, attempts: 1,
                pendingInstallationIds: ["gone"])
        ])

        try await queue.service.deliverDuePushes()

        #expect(queue.sender.sends.isEmpty)
        #expect(queue.pushFields["status"] == .integer(PushStatus.failed.rawValue))
        #expect(queue.pushFields["error"]?.objectValue?["failedDevices"] == 1)
    }

    @Test func failsThePendingDevicesOfAPushThatExpiredBeforeItsRetry() async throws {
        var fields = Self.immediate
        fields["deliveryExpirationTime"] = "1 hour"
        fields["deliveryNumber"] = 2
        fields["error"] = ["failedDevices": 0, "retryingDevices": 1, "reasons": [["installationId": "i2", "reason": "x (will retry)"]]]
        let queue = FakePushQueue(push: fields, installations: Self.devices)
        queue.clock.advance(milliseconds: 3_600_000)
        queue.claimable.set([
            PushJob(
                applicationId: FakePushQueue.applicationId, pushId: "push0000000001", dueAt: TestClock.start, attempts: 1,
                pendingInstallationIds: ["i2"])
        ])

        try await queue.service.deliverDuePushes()

        #expect(queue.sender.sends.isEmpty)
        #expect(queue.pushFields["status"] == .integer(PushStatus.partlyFailed.rawValue))
        #expect(
            queue.pushFields["error"]
                == ["failedDevices": 1, "reasons": [["installationId": "i2", "reason": "expired before delivery"]]])
        #expect(queue.completed.get().count == 1)
    }
}
