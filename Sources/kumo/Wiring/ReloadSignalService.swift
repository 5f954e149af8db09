import KumoServer
import KumoTransport
import Logging
import ServiceLifecycle
import UnixSignals

/// Answers `SIGHUP` (docs/operations.md#tls): with HTTPS, reads the certificate and key again, so that new connections
/// get the new credentials while open ones go on; a reload that fails is logged and the credentials in use stay.
/// Without HTTPS there is nothing to reload, and the signal is only logged: it never ends the server (its default
/// action would), so `systemctl reload` is always safe.
struct ReloadSignalService: Service {
    /// The HTTPS credentials, or `nil` for plain HTTP.
    let credentials: TLSCredentials?
    let logger: Logger

    func run() async throws {
        let signals = await UnixSignalsSequence(trapping: .sighup)
        for await _ in signals.cancelOnGracefulShutdown() {
            guard let credentials else {
                logger.notice("SIGHUP received: nothing to reload (no TLS)")
                continue
            }
            do {
                try credentials.reload()
                logger.notice(
                    "TLS credentials reloaded",
                    metadata: ["certificateChain": "\(credentials.certificateChainPath)", "reloads": "\(credentials.reloadCount)"])
            } catch {
                logger.error("TLS credentials not reloaded; the previous ones stay in use", metadata: ["error": "\(error.description)"])
            }
        }
    }
}
