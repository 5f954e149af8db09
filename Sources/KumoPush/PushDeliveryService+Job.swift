import KumoSeams
import KumoStorage
import Logging
import Metrics
import NCMBWire

/// One delivery job: load the push, check expiry, resolve the devices, send, record, retry or finish.
extension PushDeliveryService {
    /// Works one claimed job. Throws only storage errors (the job then stays leased and is worked again later).
    func work(_ job: PushJob) async throws {
        let jobs = storage.pushJobs
        guard let application = try await storage.applications.application(applicationId: job.applicationId),
            let push = try await loadPush(job)
        else { return try await jobs.complete(job) }
        let isFirstAttempt = job.pendingInstallationIds == nil
        // The push parsed once, by the rules its body passed: a stored push that does not parse is not sent.
        let request: PushRequest
        do {
            request = try PushRequest(storedFields: push.fields)
        } catch {
            try await updatePush(job, PushDeliveryRecord.failureOperations(reason: error.reason))
            return try await jobs.complete(job)
        }

        if let expiry = request.expirationDate(createDate: push.createDate), expiry <= clock.now() {
            if isFirstAttempt {
                try await updatePush(job, PushDeliveryRecord.failureOperations(reason: PushDeliveryRecord.expiredReason))
            } else {
                var record = PushDeliveryRecord(recordedOn: push)
                let pending = job.pendingInstallationIds ?? []
                record.beginAttempt(installationIds: Set(pending))
                var log = PushOutcomeLog(attempt: job.attempts + 1, time: clock.now())
                for installationId in pending {
                    let reason = PushDeliveryRecord.expiredReason
                    record.recordFailure(installationId: installationId, deviceType: nil, reason: reason)
                    log.add(installationId: installationId, deviceType: nil, .failed, code: "expired", reason: reason)
                }
                try await recordOutcomes(log, job: job)
                try await updatePush(job, record.operations)
            }
            return try await jobs.complete(job)
        }

        // The sender's access, never more: docs/decisions/0062-push-delivery-with-the-sender-access.md.
        let sender = AccessContext(pushSender: push.fields[StandardField.Push.sender])
        let devices: [PushDevice]
        if let pending = job.pendingInstallationIds {
            devices = try await PushSegment.devices(
                installationIds: pending, platforms: request.targetPlatforms, applicationId: job.applicationId, access: sender,
                objects: storage.objects)
        } else {
            devices = try await PushSegment.devices(
                matching: PushSegment.condition(of: request), applicationId: job.applicationId, access: sender,
                objects: storage.objects)
            try await updatePush(
                job,
                [
                    (StandardField.Push.deliveryPlanNumber, .set(.integer(Int64(devices.count)))),
                    (StandardField.Push.status, .set(.integer(PushStatus.delivering.rawValue))),
                ])
        }

        var record = PushDeliveryRecord(recordedOn: push)
        let attemptedIds = Set(job.pendingInstallationIds ?? devices.map(\.installationId))
        record.beginAttempt(installationIds: attemptedIds)
        let attempt = job.attempts + 1
        var log = PushOutcomeLog(attempt: attempt, time: clock.now())
        let reachableIds = Set(devices.map(\.installationId))
        for installationId in job.pendingInstallationIds ?? [] where !reachableIds.contains(installationId) {
            let reason = "the installation was deleted, deactivated or moved off the target before its retry"
            record.recordFailure(installationId: installationId, deviceType: nil, reason: reason)
            log.add(installationId: installationId, deviceType: nil, .failed, code: "installationGone", reason: reason)
        }

        let notification = PushNotification(request, pushId: push.objectId, createDate: push.createDate)
        let outcomes = await send(notification, to: devices, settings: application.settings.push)
        let mayRetry = attempt < PushDeliveryService.maximumAttempts
        var retryIds: [String] = []
        for (device, outcome) in outcomes {
            countDelivery(platform: device.deviceType, outcome: outcome, willRetry: mayRetry)
            let (installationId, deviceType, code) = (device.installationId, device.deviceType, outcome.reasonCode)
            switch outcome {
            case .delivered:
                record.recordDelivered()
                log.add(installationId: installationId, deviceType: deviceType, .delivered, code: nil, reason: nil)
            case .deviceGone(let reason, _):
                await deactivate(device, reason: reason, job: job)
                let text = "\(reason) (installation deactivated)"
                record.recordFailure(installationId: installationId, deviceType: deviceType, reason: text)
                log.add(installationId: installationId, deviceType: deviceType, .failed, code: code, reason: text)
            case .failed(let reason, isRetryable: true, _) where mayRetry:
                retryIds.append(installationId)
                record.recordRetry(installationId: installationId, deviceType: deviceType, reason: reason)
                log.add(installationId: installationId, deviceType: deviceType, .retrying, code: code, reason: reason)
            case .failed(let reason, isRetryable: true, _):
                let text = "\(reason) (gave up after \(attempt) attempts)"
                record.recordFailure(installationId: installationId, deviceType: deviceType, reason: text)
                log.add(installationId: installationId, deviceType: deviceType, .failed, code: code, reason: text)
            case .failed(let reason, isRetryable: false, _):
                record.recordFailure(installationId: installationId, deviceType: deviceType, reason: reason)
                log.add(installationId: installationId, deviceType: deviceType, .failed, code: code, reason: reason)
            }
        }

        try await recordOutcomes(log, job: job)
        try await updatePush(job, record.operations)
        guard !retryIds.isEmpty else { return try await jobs.complete(job) }
        var next = job
        next.attempts = attempt
        next.pendingInstallationIds = retryIds
        let dueAt = clock.now().millisecondsSince1970 + PushDeliveryService.retryDelay(afterAttempt: attempt)
        try await jobs.reschedule(next, dueAt: WireDate(millisecondsSince1970: dueAt))
    }

    /// The push of `job` read with bypass access, or `nil` when it was deleted.
    func loadPush(_ job: PushJob) async throws -> StoredObject? {
        do {
            return try await storage.objects.object(pushKey(job), include: [], access: .bypass)
        } catch StorageError.notFound {
            return nil
        }
    }

    /// Applies `operations` to the push of `job`; a push deleted meanwhile is not an error.
    func updatePush(_ job: PushJob, _ operations: [(FieldName, FieldOperation)]) async throws {
        let update = ObjectUpdate(key: pushKey(job), updateDate: clock.now(), operations: operations)
        do {
            _ = try await storage.objects.update(update, access: .bypass)
        } catch StorageError.notFound {
            return
        }
    }

    /// Marks the installation of `device` as unreachable (`pushDeactivatedAt`, `pushDeactivationReason`), so later
    /// segments leave it out until a client registers a new `deviceToken`. Failures are logged, not thrown: the
    /// notification has already been sent to the other devices.
    func deactivate(_ device: PushDevice, reason: String, job: PushJob) async {
        let key = ObjectKey(applicationId: job.applicationId, className: .installation, objectId: device.installationId)
        let now = clock.now()
        let update = ObjectUpdate(
            key: key, updateDate: now,
            operations: [
                (StandardField.Installation.pushDeactivatedAt, .set(TypedValue.dateJSON(now))),
                (StandardField.Installation.pushDeactivationReason, .set(.string(reason))),
            ])
        do {
            _ = try await storage.objects.update(update, access: .bypass)
        } catch StorageError.notFound {
            return
        } catch {
            logger.warning(
                "Could not deactivate an installation",
                metadata: ["installationId": "\(device.installationId)", "error": "\(String(describing: error))"])
        }
    }

    /// The storage key of the push of `job`.
    func pushKey(_ job: PushJob) -> ObjectKey {
        ObjectKey(applicationId: job.applicationId, className: .push, objectId: job.pushId)
    }
}

extension PushDeliveryService {
    /// `kumo_push_deliveries_total{platform,outcome}`: `delivered`, `device_gone`, `retried` or `failed` per device.
    func countDelivery(platform: String, outcome: PushSendOutcome, willRetry: Bool) {
        let name: String
        switch outcome {
        case .delivered: name = "delivered"
        case .deviceGone: name = "device_gone"
        case .failed(_, let isRetryable, _): name = isRetryable && willRetry ? "retried" : "failed"
        }
        Counter(label: "kumo_push_deliveries_total", dimensions: [("platform", platform), ("outcome", name)], factory: metrics)
            .increment()
    }
}
