import HTTPTypes
import HummingbirdWebSocket
import KumoSeams
import KumoStorage
import Logging
import NCMBWire
import NIOCore
import NIOWebSocket

/// The processing task of one connection: authentication, then client messages, committed changes and timers, in
/// the order they were queued (docs/wire/realtime.md).
struct RealtimeProcessor {
    let connection: RealtimeConnection
    let hub: RealtimeHub
    let gate: any RealtimeGate
    let outbound: WebSocketOutboundWriter
    /// The upgrade request: a `connect` message is verified as this request signed with the message's values.
    let upgrade: HTTPRequest
    let logger: Logger
    let session = RealtimeSession()

    /// Why the connection is being closed by the server.
    struct Closing: Error {
        /// The WebSocket close code.
        var code: WebSocketErrorCode
        /// `kumo_realtime_disconnects_total`'s reason; `nil` when it was counted already.
        var reason: String?
    }

    /// Handles everything queued until the connection closes, then lets go of its subscriptions and its place in the
    /// hub.
    func run() async {
        do {
            if upgrade.headerFields[RealtimeProcessor.applicationKeyHeader] != nil {
                try await authenticate(RealtimeHandshake(upgrade))
            }
            while let item = await connection.queue.next() {
                try await handle(item)
            }
        } catch is SessionEnded {
            hub.metrics.disconnected(reason: "session_ended")
            try? await send(RealtimeReply.error(RealtimeProcessor.sessionEndedError))
            try? await outbound.close(.policyViolation, reason: nil)
        } catch let closing as Closing {
            if let reason = closing.reason { hub.metrics.disconnected(reason: reason) }
            try? await outbound.close(closing.code, reason: nil)
        } catch {
            // The client is gone (a write failed), or the connection was cut.
            logger.debug("realtime connection ended", metadata: ["error": "\(error)"])
        }
        connection.queue.finish()
        for subscription in session.subscriptions.values { hub.registry.remove(subscription.token) }
        hub.release(session.subscriptions.count)
        session.subscriptions.removeAll()
        hub.remove(connection)
    }

    static let applicationKeyHeader = HTTPField.Name("X-NCMB-Application-Key")!

    private func handle(_ item: RealtimeQueue.Item) async throws {
        switch item {
        case .message(let text):
            try await handleMessage(text)
        case .binaryMessage:
            try await send(RealtimeReply.error(KumoError(.invalidJson)))
        case .matched(let matched):
            try await handle(matched)
        case .sessionEnded:
            throw SessionEnded()
        case .interrupted:
            // Changes may be lost: every subscription ends with an error, and clients subscribe again.
            let ended = session.subscriptions.values.sorted { $0.requestId < $1.requestId }
            for subscription in ended { hub.registry.remove(subscription.token) }
            hub.release(ended.count)
            session.subscriptions.removeAll()
            session.roles = nil
            for subscription in ended {
                try await send(RealtimeReply.error(RealtimeProcessor.interruptedError, requestId: subscription.requestId))
            }
        case .authenticationDeadline:
            guard session.caller == nil else { return }
            try await fail(
                KumoError(.authenticationErrorByHeaderIncorrect, underlying: "authentication timed out"), reason: "authentication")
        case .tick:
            try checkSessionExpiry()
        case .slowConsumer:
            try await send(RealtimeReply.error(RealtimeProcessor.slowConsumerError))
            throw Closing(code: .unknown(1013), reason: nil)
        case .clientClosed:
            hub.metrics.disconnected(reason: "client")
            throw CancellationError()
        }
    }

    // MARK: Errors the protocol defines (docs/wire/realtime.md#errors)

    /// The feed may have lost changes; the subscription has ended.
    static let interruptedError = KumoError(
        .serviceUnavailable, message: "Realtime events may have been lost; subscribe again.")
    /// The connection did not read its events fast enough.
    static let slowConsumerError = KumoError(.passedLimit, message: "The connection did not keep up with its events.")
    /// The subscription's `where` worked longer than its budget on one change (docs/wire/realtime.md#matching).
    static let overBudgetError = KumoError(.passedLimit, message: "The subscription's where took too long to evaluate.")
    /// The session of the connection ended.
    static let sessionEndedError = KumoError(.authenticationErrorByHeaderIncorrect, message: "The session ended.")

    /// Sends an error of the connection and closes it with 1008 (policy violation).
    func fail(_ error: KumoError, reason: String) async throws -> Never {
        try await send(RealtimeReply.error(error))
        throw Closing(code: .policyViolation, reason: reason)
    }

    /// Writes one text message, in frames of the configured size at most.
    func send(_ text: String) async throws {
        try await outbound.writeTextMessage(text)
    }

    // MARK: Authentication

    /// Authenticates with the upgrade request or a `connect` message's values, then joins the hub.
    func authenticate(_ handshake: RealtimeHandshake) async throws {
        let caller: RealtimeCaller
        do {
            caller = try await gate.authenticate(handshake)
        } catch {
            let kumoError = KumoError.from(error)
            guard kumoError.code.status < 500 else {
                try await send(RealtimeReply.error(kumoError))
                throw Closing(code: .unexpectedServerError, reason: "error")
            }
            try await fail(kumoError, reason: "authentication")
        }
        guard hub.admit(connection, caller: caller) else {
            try await send(RealtimeReply.error(KumoError(.passedLimit, message: "Too many realtime connections for this application.")))
            throw Closing(code: .unknown(1013), reason: "connection_limit")
        }
        session.caller = caller
        try await send(RealtimeReply.connected)
    }

    /// Throws the session-end error when the caller's session has expired.
    func checkSessionExpiry() throws {
        guard let expiresAt = session.caller?.sessionExpiresAt else { return }
        if gate.clock.now() >= expiresAt { throw SessionEnded() }
    }

    /// The caller's session ended; handled where it is thrown from.
    struct SessionEnded: Error {}
}

extension RealtimeHandshake {
    /// The handshake of an upgrade request: its `Host`, target and headers.
    init(_ head: HTTPRequest) {
        self.init(
            authority: head.authority, target: head.path ?? "/",
            headers: head.headerFields.map { Header(name: $0.name.rawName, value: $0.value) })
    }
}
