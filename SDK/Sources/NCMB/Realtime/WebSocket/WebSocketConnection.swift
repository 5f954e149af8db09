package import Foundation

/// An open WebSocket connection as a realtime subscription uses it: text messages both ways, pings, and close.
///
/// The seam between subscriptions and the platform's WebSocket client (`URLSessionWebSocketTask` on Apple platforms,
/// ``SocketWebSocketConnector`` on Linux, docs/decisions/0097-websocket-client-per-platform.md); tests give a fake.
package protocol WebSocketConnection: Sendable {
    /// Sends one text message.
    ///
    /// - Throws: A ``WebSocketError`` when the connection is closed or fails.
    func send(text: String) async throws

    /// The next text message; binary messages are skipped.
    ///
    /// - Throws: ``WebSocketError/closed(code:reason:)`` when the connection ends, any other ``WebSocketError`` when it
    ///   fails; after ``close()``, an error promptly.
    func receive() async throws -> String

    /// Sends a ping and returns when its pong arrives.
    ///
    /// - Throws: A ``WebSocketError`` when the connection ends first; `CancellationError` when the calling task is
    ///   cancelled.
    func ping() async throws

    /// Starts the closing handshake (status 1000) and releases the connection; pending and later calls throw. Never
    /// blocks; calling it again does nothing.
    func close()
}

/// Opens WebSocket connections.
package protocol WebSocketConnector: Sendable {
    /// Opens a connection: the upgrade request is sent and, where the client allows it, its answer checked.
    ///
    /// - Throws: ``WebSocketError/unsupportedScheme(_:)`` for a scheme the platform's client does not speak,
    ///   ``WebSocketError/handshakeRejected(status:body:)`` when the server refuses the upgrade, other
    ///   ``WebSocketError``s for network failures.
    func connect(_ request: WebSocketRequest) async throws -> any WebSocketConnection
}

/// What a connector needs to open a connection.
package struct WebSocketRequest: Sendable, Equatable {
    /// The `ws` or `wss` URL.
    package var url: URL
    /// The headers of the upgrade request (the NCMB signature headers).
    package var headers: [String: String]
    /// How long opening the connection may take, in seconds.
    package var timeout: TimeInterval
    /// The largest message accepted from the server, in bytes.
    package var maximumMessageSize: Int

    /// Creates a request.
    package init(url: URL, headers: [String: String], timeout: TimeInterval, maximumMessageSize: Int) {
        self.url = url
        self.headers = headers
        self.timeout = timeout
        self.maximumMessageSize = maximumMessageSize
    }
}
