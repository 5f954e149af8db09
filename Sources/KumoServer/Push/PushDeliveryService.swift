package import KumoStorage
package import ServiceLifecycle

/// Works the durable push queue (`PushJobStore`): claims due jobs, resolves each push's segment through the query
/// engine (installations matching `searchCondition` and `target`), sends per device with bounded concurrency through
/// `ServerEnvironment.pushSender`, records `deliveryPlanNumber`/`deliveryNumber`/`status`/`error` on the push, deactivates
/// dead devices, and retries other failures with backoff. Expired pushes are not sent.
///
/// `kumo serve` runs it as a service (polling every ``pollInterval``); tests call ``deliverDuePushes()`` after moving
/// the injected clock.
///
/// STUB (issue 5 contract): the delivery helper implements it, keeping these signatures.
package struct PushDeliveryService: Service {
    let environment: ServerEnvironment
    /// How often the queue is polled when running as a service.
    package var pollInterval: Duration

    /// Creates the service.
    package init(environment: ServerEnvironment, pollInterval: Duration = .seconds(1)) {
        self.environment = environment
        self.pollInterval = pollInterval
    }

    /// Claims and works every job due now (by `environment.clock`); returns how many jobs were worked.
    @discardableResult
    package func deliverDuePushes() async throws -> Int {
        0
    }

    /// Polls until graceful shutdown.
    package func run() async throws {
        while !Task.isCancelled && !Task.isShuttingDownGracefully {
            _ = try? await deliverDuePushes()
            try? await Task.sleep(for: pollInterval)
        }
    }
}
