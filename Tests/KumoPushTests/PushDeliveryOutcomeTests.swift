import KumoPush
import KumoSeams
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// Per-device outcomes written by `PushDeliveryService` (docs/decisions/0082-per-device-push-outcomes.md): every device
/// of an attempt with its outcome, a stable reason code and a readable reason, in one batch per delivery page; pruned
/// by age.
@Suite struct PushDeliveryOutcomeTests {
    static let immediate: JSONObject = ["immediateDeliveryFlag": true, "message": "m", "error": nil]

    @Test func eachDeviceIsRecordedWithItsOutcomeAndReasonCode() async throws {
        let devices = [("i1", "ios", "token-1"), ("i2", "ios", "token-2"), ("i3", "android", "token-3"), ("i4", "android", "token-4")]
        let queue = FakePushQueue(push: Self.immediate, installations: devices)
        queue.sender.script(
            token: "token-2", .deviceGone(reason: "APNs: 400 BadDeviceToken (the device token is not valid)", code: "BadDeviceToken"))
        queue.sender.script(token: "token-3", .failed(reason: "FCM: 503 UNAVAILABLE", isRetryable: true, code: "UNAVAILABLE"))
        queue.sender.script(token: "token-4", .failed(reason: "something odd", isRetryable: false))

        try await queue.service.deliverDuePushes()

        let outcomes = queue.outcomes
        let time = TestClock.start
        #expect(queue.outcomeBatches.get().count == 1)
        #expect(outcomes["i1"] == PushOutcome(installationId: "i1", deviceType: "ios", kind: .delivered, attempt: 1, time: time))
        #expect(
            outcomes["i2"]
                == PushOutcome(
                    installationId: "i2", deviceType: "ios", kind: .failed, reasonCode: "BadDeviceToken",
                    reason: "APNs: 400 BadDeviceToken (the device token is not valid) (installation deactivated)", attempt: 1,
                    time: time))
        #expect(outcomes["i3"]?.kind == .retrying && outcomes["i3"]?.reasonCode == "UNAVAILABLE")
        #expect(outcomes["i4"]?.kind == .failed && outcomes["i4"]?.reasonCode == "failed" && outcomes["i4"]?.reason == "something odd")
    }

    @Test func aDeviceWithoutCredentialsForItsPlatformIsRecordedAsNoCredentials() async throws {
        let queue = FakePushQueue(push: Self.immediate, installations: [("i1", "ios", "token-1")])
        queue.application.mutate { $0.settings.push.apns = nil }

        try await queue.service.deliverDuePushes()

        #expect(queue.outcomes["i1"]?.kind == .failed && queue.outcomes["i1"]?.reasonCode == "noCredentials")
        #expect(queue.sender.sends.isEmpty)
    }

    @Test func aRetryReplacesTheRetryingOutcomeWithItsAttemptNumber() async throws {
        let queue = FakePushQueue(push: Self.immediate, installations: [("i1", "ios", "token-1")])
        queue.sender.script(token: "token-1", .failed(reason: "APNs: 503 ServiceUnavailable", isRetryable: true), .delivered)
        try await queue.service.deliverDuePushes()
        let rescheduled = try #require(queue.rescheduled.get().first)
        queue.clock.advance(milliseconds: 30_000)
        queue.claimable.set([rescheduled.job])

        try await queue.service.deliverDuePushes()

        let batches = queue.outcomeBatches.get()
        #expect(batches.map { $0.map(\.kind) } == [[.retrying], [.delivered]])
        #expect(batches.last?.first?.attempt == 2)
        #expect(batches.last?.first?.time == WireDate(millisecondsSince1970: TestClock.start.millisecondsSince1970 + 30_000))
    }

    @Test func pendingDevicesOfAPushThatExpiredBeforeItsRetryAreRecordedAsExpired() async throws {
        var fields = Self.immediate
        fields["deliveryExpirationTime"] = "1 hour"
        let queue = FakePushQueue(push: fields, installations: [("i2", "ios", "token-2")])
        queue.clock.advance(milliseconds: 3_600_000)
        queue.claimable.set([
            PushJob(
                applicationId: FakePushQueue.applicationId, pushId: "push0000000001", dueAt: TestClock.start, attempts: 1,
                pendingInstallationIds: ["i2", "gone"])
        ])

        try await queue.service.deliverDuePushes()

        #expect(queue.outcomes["i2"]?.reasonCode == "expired" && queue.outcomes["i2"]?.attempt == 2)
        #expect(queue.outcomes["gone"]?.reasonCode == "expired" && queue.outcomes["gone"]?.deviceType == "")
    }

    @Test func anInstallationGoneBeforeItsRetryIsRecorded() async throws {
        let queue = FakePushQueue(push: Self.immediate, installations: [("i1", "ios", "token-1")])
        queue.claimable.set([
            PushJob(
                applicationId: FakePushQueue.applicationId, pushId: "push0000000001", dueAt: TestClock.start, attempts: 1,
                pendingInstallationIds: ["i1", "deleted"])
        ])

        try await queue.service.deliverDuePushes()

        #expect(queue.outcomes["deleted"]?.reasonCode == "installationGone" && queue.outcomes["deleted"]?.kind == .failed)
        #expect(queue.outcomes["i1"]?.kind == .delivered)
    }

    @Test func outcomesAreWrittenInOneBatchPerDeliveryPage() async throws {
        let devices = (1...(PushSegment.pageSize + 1)).map { (PushDeliveryServiceTests.padded($0, 5), "android", "token\($0)") }
        let queue = FakePushQueue(push: Self.immediate, installations: devices)

        try await queue.service.deliverDuePushes()

        #expect(queue.outcomeBatches.get().map(\.count) == [PushSegment.pageSize, 1])
        #expect(queue.outcomes.count == devices.count)
    }

    @Test func aFailureToRecordOutcomesLeavesTheJobLeasedForAnotherTry() async throws {
        let queue = FakePushQueue(push: Self.immediate, installations: [("i1", "ios", "token-1")])
        var storage = queue.storage
        storage.pushOutcomeStore.onRecord = { _, _, _ in throw StorageError.unavailable("disk gone") }
        let service = PushDeliveryService(storage: storage, sender: queue.sender, clock: queue.clock, logger: .quiet)

        try await service.deliverDuePushes()

        #expect(queue.completed.get().isEmpty && queue.rescheduled.get().isEmpty)
    }

    @Test func pruningDeletesOutcomesOlderThanTheRetentionInBatches() async throws {
        let cutoffs = LockedBox<[WireDate]>([])
        let answers = LockedBox([PushDeliveryService.outcomePruneBatch, 3])
        var storage = FailingStorage()
        storage.pushOutcomeStore.onPrune = { date, limit in
            #expect(limit == PushDeliveryService.outcomePruneBatch)
            cutoffs.mutate { $0.append(date) }
            var answer = 0
            answers.mutate { answer = $0.removeFirst() }
            return answer
        }
        let clock = TestClock()
        let service = PushDeliveryService(
            storage: storage, sender: RecordingPushSender(failsOnUnscriptedDevices: true), clock: clock, logger: .quiet,
            outcomeRetention: .seconds(2 * 86_400))

        let deleted = try await service.pruneOutcomes()

        let cutoff = WireDate(millisecondsSince1970: TestClock.start.millisecondsSince1970 - 2 * 86_400_000)
        #expect(deleted == PushDeliveryService.outcomePruneBatch + 3)
        #expect(cutoffs.get() == [cutoff, cutoff])
    }
}
