import Foundation

/// The WebSocket client of the platform the SDK was built for (docs/decisions/0097-websocket-client-per-platform.md).
enum PlatformWebSocket {
    /// `URLSessionWebSocketTask` on Apple platforms, the SDK's own POSIX client on Linux (`ws` only), and on any other
    /// platform a connector that refuses every URL.
    static var connector: any WebSocketConnector {
        #if canImport(Darwin)
            URLSessionWebSocketConnector()
        #elseif canImport(Glibc)
            SocketWebSocketConnector()
        #else
            UnavailableWebSocketConnector()
        #endif
    }
}

/// The connector of platforms without a WebSocket client: every connection fails with
/// ``WebSocketError/unsupportedScheme(_:)``.
struct UnavailableWebSocketConnector: WebSocketConnector {
    func connect(_ request: WebSocketRequest) async throws -> any WebSocketConnection {
        throw WebSocketError.unsupportedScheme(request.url.scheme ?? "")
    }
}
