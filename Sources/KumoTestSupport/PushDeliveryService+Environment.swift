package import KumoPush
package import KumoServer

extension PushDeliveryService {
    /// The delivery service over a test server's environment: its storage, push sender, clock and logger.
    package init(environment: ServerEnvironment) {
        self.init(storage: environment.storage, sender: environment.pushSender, clock: environment.clock, logger: environment.logger)
    }
}
