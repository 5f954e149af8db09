import HTTPTypes
import HummingbirdWebSocket
import Logging
import NIOCore

/// One WebSocket connection's life on the server (docs/wire/realtime.md).
extension RealtimeServer {
    /// Serves one WebSocket until it closes: a reader of the client's messages, the authentication deadline and the
    /// session clock feed the connection's queue; the processor handles it.
    func serve(
        upgrade: HTTPRequest, channel: any Channel, inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter, logger: Logger
    ) async {
        let connection = RealtimeConnection(identifier: hub.nextIdentifier(), hub: hub, channel: channel)
        let processor = RealtimeProcessor(
            connection: connection, hub: hub, gate: gate, outbound: outbound, upgrade: upgrade, logger: logger)
        let configuration = configuration
        await withTaskGroup(of: Void.self) { connectionTasks in
            connectionTasks.addTask {
                do {
                    for try await message in inbound.messages(maxSize: configuration.maximumMessageBytes) {
                        switch message {
                        case .text(let text): connection.deliver(.message(text))
                        case .binary: connection.deliver(.binaryMessage)
                        }
                    }
                } catch {
                    logger.debug("realtime connection stopped reading", metadata: ["error": "\(error)"])
                }
                connection.queue.pushUrgent(.clientClosed)
            }
            await withTaskGroup(of: Void.self) { timers in
                timers.addTask {
                    try? await Task.sleep(for: configuration.authenticationTimeout)
                    if !Task.isCancelled { connection.deliver(.authenticationDeadline) }
                }
                timers.addTask {
                    while !Task.isCancelled {
                        try? await Task.sleep(for: configuration.pingInterval)
                        if !Task.isCancelled { connection.deliver(.tick) }
                    }
                }
                await processor.run()
                timers.cancelAll()
            }
            // The reader ends with the close handshake (the client answers the server's close frame); reading must not
            // be cancelled before, or the socket would close under the client's feet. A client that does not answer is
            // cut after the grace period.
            connectionTasks.addTask { try? await Task.sleep(for: RealtimeServer.closeGrace) }
            await connectionTasks.next()
            connectionTasks.cancelAll()
        }
    }
}
