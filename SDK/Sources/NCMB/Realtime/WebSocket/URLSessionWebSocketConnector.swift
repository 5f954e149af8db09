#if canImport(Darwin)
    package import Foundation

    /// The SDK's WebSocket client on Apple platforms: `URLSessionWebSocketTask`, `ws` and `wss`
    /// (docs/decisions/0097-websocket-client-per-platform.md).
    package struct URLSessionWebSocketConnector: WebSocketConnector {
        /// The session the tasks run in.
        package let session: URLSession

        /// Creates a connector over `session`, by default `URLSession.shared`.
        package init(session: URLSession = .shared) {
            self.session = session
        }

        /// Starts a WebSocket task; a refused upgrade surfaces at the first send or receive.
        ///
        /// - Throws: ``WebSocketError/unsupportedScheme(_:)`` unless the URL is `ws` or `wss`.
        package func connect(_ request: WebSocketRequest) async throws -> any WebSocketConnection {
            guard let scheme = request.url.scheme?.lowercased(), scheme == "ws" || scheme == "wss" else {
                throw WebSocketError.unsupportedScheme(request.url.scheme ?? "")
            }
            var urlRequest = URLRequest(url: request.url, timeoutInterval: request.timeout)
            for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
            let task = session.webSocketTask(with: urlRequest)
            task.maximumMessageSize = request.maximumMessageSize
            task.resume()
            return URLSessionWebSocketConnection(task: task)
        }
    }

    /// A connection over one `URLSessionWebSocketTask`.
    final class URLSessionWebSocketConnection: WebSocketConnection, @unchecked Sendable {
        // @unchecked: the only stored property is the task, which URLSession makes safe to use from any thread.
        private let task: URLSessionWebSocketTask

        init(task: URLSessionWebSocketTask) {
            self.task = task
        }

        func send(text: String) async throws {
            do {
                try await task.send(.string(text))
            } catch {
                throw translated(error)
            }
        }

        func receive() async throws -> String {
            while true {
                let message: URLSessionWebSocketTask.Message
                do {
                    message = try await task.receive()
                } catch {
                    throw translated(error)
                }
                if case .string(let text) = message { return text }
            }
        }

        func ping() async throws {
            let task = self.task
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                task.sendPing { error in
                    if let error { continuation.resume(throwing: error) } else { continuation.resume() }
                }
            }
        }

        func close() {
            task.cancel(with: .normalClosure, reason: nil)
        }

        /// The error to report: a refused upgrade as its status, a closed connection as its close frame, anything else
        /// as URLSession reported it.
        private func translated(_ error: any Error) -> any Error {
            if let response = task.response as? HTTPURLResponse, response.statusCode != 101 {
                return WebSocketError.handshakeRejected(status: response.statusCode, body: [])
            }
            if task.closeCode != .invalid {
                let reason = task.closeReason.map { String(decoding: $0, as: UTF8.self) } ?? ""
                return WebSocketError.closed(code: UInt16(truncatingIfNeeded: task.closeCode.rawValue), reason: reason)
            }
            return error
        }
    }
#endif
