import Foundation
import KumoDashboard
import Logging
import ServiceLifecycle

/// Writes this instance's heartbeat row (``InstanceHeartbeats``) once the API listener knows its port and then every
/// ``InstanceHeartbeats/intervalMilliseconds`` until graceful shutdown, when it deletes the row; a failed heartbeat is
/// logged and the next one retries. After the first row is written it prints `Heartbeat: instance ID at ADDRESS` on
/// standard output (docs/decisions/0149-instances-on-the-overview.md).
struct InstanceHeartbeatService: Service {
    let heartbeats: InstanceHeartbeats
    let logger: Logger
    /// The address, `host:port`, yielded once by the listener's start.
    let addresses: AsyncStream<String>

    /// The address an instance listening on `host` and `port` shows: the machine's name for a wildcard host.
    static func address(host: String, port: Int) -> String {
        let shown = host == "0.0.0.0" || host == "::" ? ProcessInfo.processInfo.hostName : host
        return shown.contains(":") ? "[\(shown)]:\(port)" : "\(shown):\(port)"
    }

    func run() async throws {
        let addresses = addresses
        guard let address = await cancelWhenGracefulShutdown({ await addresses.first { _ in true } }) else { return }
        var announced = false
        await PeriodicWork.repeatUntilShutdown(
            every: .milliseconds(InstanceHeartbeats.intervalMilliseconds), logger: logger,
            failure: "Writing this instance's heartbeat failed"
        ) {
            try await heartbeats.beat(address: address)
            if !announced {
                announced = true
                FileHandle.standardOutput.write(Data("Heartbeat: instance \(heartbeats.instanceId) at \(address), every 10 s\n".utf8))
            }
        }
        do {
            try await heartbeats.remove()
        } catch {
            logger.warning("Removing this instance's heartbeat failed", metadata: ["error": "\(String(describing: error))"])
        }
    }
}
