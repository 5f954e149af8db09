import KumoPush
import KumoStorage
import KumoTestSupport
import Logging
import NCMBWire
import Testing

/// A push queue over storage fakes for the delivery service's unit tests: one application with APNs and FCM
/// credentials, one push object, installations, and the job store; every storage call is recorded.
///
/// The installation query is not evaluated (the query engine is tested elsewhere and the real stores are used by
/// `PushDeliveryIntegrationTests`): a find answers the installations in objectId order, restricted only by an
/// `objectId` `$gt` or `$in` clause, at most `limit` of them.
final class FakePushQueue: Sendable {
    static let applicationId = "FakeApplicationId"
    static let credentials = PushSettings(
        apns: APNsCredentials(keyId: "KEY0000001", teamId: "TEAM000001", privateKeyPEM: "apns-pem", topic: "com.example.app"),
        fcm: FCMCredentials(projectId: "project", clientEmail: "push@project.example", privateKeyPEM: "fcm-pem"))

    let application = LockedBox(
        HostedApplication(
            applicationId: applicationId, name: "fake", applicationKey: "key", clientKey: "client",
            settings: ApplicationSettings(push: credentials), createDate: TestClock.start))
    let push: LockedBox<StoredObject?>
    let installations = LockedBox<[StoredObject]>([])
    let claimable = LockedBox<[PushJob]>([])
    let completed = LockedBox<[PushJob]>([])
    let rescheduled = LockedBox<[Rescheduled]>([])
    let finds = LockedBox<[FindRequest]>([])
    let pushUpdates = LockedBox<[ObjectUpdate]>([])
    let installationUpdates = LockedBox<[ObjectUpdate]>([])
    /// Each `PushOutcomeStore.record` call's outcomes, in call order.
    let outcomeBatches = LockedBox<[[PushOutcome]]>([])
    let failsFinds = LockedBox(false)
    let clock = TestClock()
    let sender: RecordingPushSender

    /// A rescheduled job with its new due time.
    struct Rescheduled: Sendable, Hashable {
        var job: PushJob
        var dueAt: WireDate
    }

    /// A queue holding one job for `push` (due at its creation) and the given installations.
    init(push fields: JSONObject, installations: [(String, String, String)] = [], sender: RecordingPushSender = RecordingPushSender()) {
        self.push = LockedBox(
            StoredObject(
                objectId: "push0000000001", createDate: TestClock.start, updateDate: TestClock.start, acl: .publicReadWrite, fields: fields)
        )
        self.sender = sender
        self.installations.set(installations.map(FakePushQueue.installation))
        claimable.set([PushJob(applicationId: FakePushQueue.applicationId, pushId: "push0000000001", dueAt: TestClock.start)])
    }

    /// An installation `(objectId, deviceType, deviceToken)`.
    static func installation(_ device: (String, String, String)) -> StoredObject {
        StoredObject(
            objectId: device.0, createDate: TestClock.start, updateDate: TestClock.start, acl: .publicReadWrite,
            fields: ["deviceType": .string(device.1), "deviceToken": .string(device.2)])
    }

    /// The delivery service over this queue.
    var service: PushDeliveryService {
        PushDeliveryService(storage: storage, sender: sender, clock: clock, logger: .quiet)
    }

    /// Every recorded outcome, by installation (the latest of each).
    var outcomes: [String: PushOutcome] {
        outcomeBatches.get().joined().reduce(into: [:]) { $0[$1.installationId] = $1 }
    }

    /// The push's fields as stored now.
    var pushFields: JSONObject { push.get()?.fields ?? [:] }

    /// The storage: every call the service is expected to make is answered, with `.bypass` access checked.
    var storage: FailingStorage {
        var storage = FailingStorage()
        storage.applicationStore.onApplicationById = { [application] id in id == FakePushQueue.applicationId ? application.get() : nil }
        storage.pushJobStore.onClaimDue = { [claimable] _, _, limit in
            let jobs = Array(claimable.get().prefix(limit))
            claimable.set([])
            return jobs
        }
        storage.pushJobStore.onComplete = { [completed] job in completed.mutate { $0.append(job) } }
        storage.pushJobStore.onReschedule = { [rescheduled] job, dueAt in
            rescheduled.mutate { $0.append(Rescheduled(job: job, dueAt: dueAt)) }
        }
        storage.pushOutcomeStore.onRecord = { [outcomeBatches] outcomes, applicationId, pushId in
            #expect(applicationId == FakePushQueue.applicationId && pushId == "push0000000001")
            outcomeBatches.mutate { $0.append(outcomes) }
        }
        storage.objectStore.onObject = { [push] key, access in
            #expect(access == .bypass)
            guard key.className == .push, let object = push.get(), object.objectId == key.objectId else { throw StorageError.notFound }
            return object
        }
        storage.objectStore.onFind = { [push, finds, installations, failsFinds] request, access in
            // Installations are read with the push's sender's access (docs/decisions/0062-push-delivery-with-the-sender-access.md).
            #expect(access == AccessContext(pushSender: push.get()?.fields[StandardField.Push.sender]))
            #expect(request.className == .installation)
            finds.mutate { $0.append(request) }
            if failsFinds.get() { throw StorageError.unavailable("disk gone") }
            return FoundObjects(objects: FakePushQueue.answer(request, from: installations.get()))
        }
        storage.objectStore.onUpdate = { [push, pushUpdates, installationUpdates, installations] update, access in
            #expect(access == .bypass)
            if update.key.className == .push {
                pushUpdates.mutate { $0.append(update) }
                guard var object = push.get() else { throw StorageError.notFound }
                object.fields = FakePushQueue.applying(update.operations, to: object.fields)
                push.set(object)
                return object
            }
            installationUpdates.mutate { $0.append(update) }
            var stored = installations.get()
            guard let index = stored.firstIndex(where: { $0.objectId == update.key.objectId }) else { throw StorageError.notFound }
            stored[index].fields = FakePushQueue.applying(update.operations, to: stored[index].fields)
            installations.set(stored)
            return stored[index]
        }
        return storage
    }

    /// Installations in objectId order, restricted by an objectId `$gt` / `$in` clause, at most `limit`.
    static func answer(_ request: FindRequest, from installations: [StoredObject]) -> [StoredObject] {
        var objects = installations.sorted { $0.objectId < $1.objectId }
        for case .field(let field, let conditions) in request.parameters.whereQuery.clauses where field == FieldName.objectId.path {
            for condition in conditions {
                switch condition {
                case .greaterThan(.string(let last)): objects = objects.filter { $0.objectId > last }
                case .containedIn(let ids): objects = objects.filter { ids.contains(.string($0.objectId)) }
                default: break
                }
            }
        }
        return Array(objects.prefix(request.parameters.effectiveLimit))
    }

    /// `set` stores the value, `delete` stores null (as the engines do).
    static func applying(_ operations: [(FieldName, FieldOperation)], to fields: JSONObject) -> JSONObject {
        var fields = fields
        for (field, operation) in operations {
            switch operation {
            case .set(let value): fields[field.rawValue] = value
            default: fields[field.rawValue] = .null
            }
        }
        return fields
    }
}

/// The fake itself behaves as the delivery tests assume.
@Suite struct PushDeliveryFakeQueueTests {
    @Test func answersPagesAfterTheLastObjectId() {
        let installations = (1...5).map { FakePushQueue.installation(("i\($0)", "ios", "t\($0)")) }
        let request = FindRequest(
            applicationId: "a", className: .installation,
            parameters: QueryParameters(whereQuery: WhereQuery([.field(.objectId, [.greaterThan("i2")])]), limit: 2))

        #expect(FakePushQueue.answer(request, from: installations).map(\.objectId) == ["i3", "i4"])
    }
}
