package import KumoSeams
package import KumoStorage
package import Logging
package import Metrics
import NCMBWire
package import ServiceLifecycle

/// Works the durable push queue (`PushJobStore`): claims due jobs, resolves each push's segment through the query
/// engine (installations matching `searchCondition` and `target`), sends per device with bounded concurrency through
/// its `PushNotificationSender`, records `deliveryPlanNumber`/`deliveryNumber`/`status`/`error` on the push, deactivates
/// dead devices, and retries other failures with backoff. Expired pushes are not sent.
///
/// `kumo serve` runs it as a service (polling every ``pollInterval``); tests call ``deliverDuePushes()`` after moving
/// the injected clock.
///
/// Delivery is at least once: a worker that dies (or hits a storage error) after sending leaves its job leased, and
/// the job is worked again, resending, once the lease (``leaseMilliseconds``) has run out.
package struct PushDeliveryService: Service {
    let storage: any StorageBackend
    let sender: any PushNotificationSender
    let clock: any WallClock
    let logger: Logger
    /// Where `kumo_push_deliveries_total{platform,outcome}` goes (docs/operations.md#metrics).
    let metrics: any MetricsFactory
    /// How often the queue is polled when running as a service.
    package var pollInterval: Duration
    /// How long per-device outcomes are kept (docs/decisions/0082-per-device-push-outcomes.md). Defaults to 30 days.
    package var outcomeRetention: Duration

    /// Jobs claimed per poll.
    package static let claimLimit = 16
    /// How long a claimed job stays reserved to this worker: 5 minutes.
    package static let leaseMilliseconds: Int64 = 5 * 60_000
    /// Attempts made at a device before a retryable failure is given up on.
    package static let maximumAttempts = 5
    /// Sends in flight at once for one push.
    package static let maximumConcurrentSends = 8
    /// How often a running service prunes per-device outcomes older than ``outcomeRetention``: hourly.
    package static let outcomePruneIntervalMilliseconds: Int64 = 3_600_000
    /// The most outcomes one pruning statement deletes (the service repeats until none is left).
    package static let outcomePruneBatch = 10_000
    /// The wait before retry n (n = attempts made so far, from 1): 30 s, 2 min, 10 min, 30 min, then 1 hour.
    package static let retryDelaysMilliseconds: [Int64] = [30_000, 120_000, 600_000, 1_800_000, 3_600_000]

    /// Creates the service.
    ///
    /// - Parameters:
    ///   - storage: where the push queue, the pushes and the installations are (`ServerEnvironment.storage`).
    ///   - sender: the platform clients (`ServerEnvironment.pushSender`).
    ///   - clock: what "due" and "expired" are measured against (`ServerEnvironment.clock`).
    ///   - logger: where failed jobs and polls are logged.
    ///   - pollInterval: how often the queue is polled when running as a service.
    ///   - outcomeRetention: how long per-device outcomes are kept (`kumo serve --push-outcome-days`).
    ///   - metrics: where delivery counts go; the process's bootstrapped metrics system by default.
    package init(
        storage: any StorageBackend, sender: any PushNotificationSender, clock: any WallClock, logger: Logger,
        pollInterval: Duration = .seconds(1), outcomeRetention: Duration = .seconds(30 * 86_400),
        metrics: any MetricsFactory = MetricsSystem.factory
    ) {
        self.outcomeRetention = outcomeRetention
        self.metrics = metrics
        self.storage = storage
        self.sender = sender
        self.clock = clock
        self.logger = logger
        self.pollInterval = pollInterval
    }

    /// Claims and works every job due now (by `clock`); returns how many jobs were worked.
    ///
    /// A job whose work fails on a storage error is logged and left leased, so it is worked again after its lease.
    /// - Throws: The storage error of the claim itself.
    @discardableResult
    package func deliverDuePushes() async throws -> Int {
        let now = clock.now()
        let leaseUntil = WireDate(millisecondsSince1970: now.millisecondsSince1970 + PushDeliveryService.leaseMilliseconds)
        let jobs = try await storage.pushJobs.claimDue(
            now: now, leaseUntil: leaseUntil, limit: PushDeliveryService.claimLimit)
        for job in jobs {
            do {
                try await work(job)
            } catch {
                logger.error(
                    "Push delivery failed; the job is retried after its lease",
                    metadata: [
                        "applicationId": "\(job.applicationId)", "pushId": "\(job.pushId)", "error": "\(String(describing: error))",
                    ])
            }
        }
        return jobs.count
    }

    /// Polls until graceful shutdown, pruning old per-device outcomes every ``outcomePruneIntervalMilliseconds``.
    package func run() async throws {
        var nextPrune = clock.now().millisecondsSince1970
        while !Task.isCancelled && !Task.isShuttingDownGracefully {
            do {
                try await deliverDuePushes()
            } catch {
                logger.warning("Push queue poll failed", metadata: ["error": "\(String(describing: error))"])
            }
            if clock.now().millisecondsSince1970 >= nextPrune {
                nextPrune = clock.now().millisecondsSince1970 + PushDeliveryService.outcomePruneIntervalMilliseconds
                do {
                    try await pruneOutcomes()
                } catch {
                    logger.warning("Pruning push outcomes failed", metadata: ["error": "\(String(describing: error))"])
                }
            }
            try? await Task.sleep(for: pollInterval)
        }
    }

    /// The wait before the retry that follows attempt number `attempt` (1 for the first attempt).
    package static func retryDelay(afterAttempt attempt: Int) -> Int64 {
        retryDelaysMilliseconds[min(max(attempt, 1), retryDelaysMilliseconds.count) - 1]
    }
}
