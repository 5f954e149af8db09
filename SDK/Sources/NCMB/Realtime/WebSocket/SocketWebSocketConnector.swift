#if canImport(Glibc)
    import Foundation
    import Glibc

    /// The SDK's WebSocket client on Linux: RFC 6455 over a POSIX socket, `ws` only
    /// (docs/decisions/0097-websocket-client-per-platform.md).
    ///
    /// FoundationNetworking's `URLSessionWebSocketTask` needs a libcurl built with WebSocket support, which the Linux
    /// distributions' libcurl is not. Opening a connection (name lookup, TCP connect, upgrade) runs on a thread of its
    /// own, bounded by the request's timeout; each open connection then reads on one thread (``SocketWebSocketConnection``).
    package struct SocketWebSocketConnector: WebSocketConnector {
        /// Creates the connector.
        package init() {}

        /// Opens a `ws` connection.
        ///
        /// - Throws: ``WebSocketError/unsupportedScheme(_:)`` for `wss` and any scheme but `ws`;
        ///   ``WebSocketError/connectionFailed(_:)``, ``WebSocketError/timedOut``,
        ///   ``WebSocketError/handshakeRejected(status:body:)`` or ``WebSocketError/invalidHandshake(_:)``.
        package func connect(_ request: WebSocketRequest) async throws -> any WebSocketConnection {
            guard let scheme = request.url.scheme?.lowercased(), scheme == "ws" else {
                throw WebSocketError.unsupportedScheme(request.url.scheme ?? "")
            }
            let opening = SocketOpening(request: request)
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    Thread { continuation.resume(with: Result { try opening.open() }) }.start()
                }
            } onCancel: {
                opening.abort()
            }
        }
    }

    /// One connection being opened: the socket, until it is handed to a ``SocketWebSocketConnection`` or closed.
    private final class SocketOpening: Sendable {
        /// The most bytes of a refused upgrade's body that are read (its NCMB error JSON).
        static let maximumRejectionBody = 64 * 1024

        /// The socket being opened, and whether `abort()` was called.
        private struct State: Sendable {
            /// The socket while it is being opened; `nil` before, and after it is handed over or closed.
            var descriptor: Int32?
            /// Whether `abort()` was called: no socket is registered from then on.
            var isAborted = false
        }

        let request: WebSocketRequest
        private let state = Locked(State())

        init(request: WebSocketRequest) {
            self.request = request
        }

        /// Shuts the socket down, which makes the blocking call of `open()` fail at once.
        func abort() {
            state.withLock { state in
                state.isAborted = true
                if let descriptor = state.descriptor { _ = shutdown(descriptor, Int32(SHUT_RDWR)) }
            }
        }

        /// Makes `socket` the one `abort()` shuts down; `false` when `abort()` was already called.
        private func register(_ socket: Int32) -> Bool {
            state.withLock { state in
                guard !state.isAborted else { return false }
                state.descriptor = socket
                return true
            }
        }

        /// Forgets the socket: it is being closed or handed over.
        private func unregister() {
            state.withLock { $0.descriptor = nil }
        }

        /// Connects, sends the upgrade and reads its answer; blocks the calling thread.
        func open() throws -> any WebSocketConnection {
            guard let host = request.url.host, !host.isEmpty else { throw WebSocketError.invalidRequest("no host") }
            var nonce = [UInt8](repeating: 0, count: 16)
            for index in nonce.indices { nonce[index] = UInt8.random(in: 0...255) }
            let handshake = WebSocketHandshake(nonce: nonce)
            let requestBytes = try handshake.request(url: request.url, headers: request.headers)
            let socket = try connectSocket(host: host, port: request.url.port ?? 80)
            do {
                try SocketIO.writeAll(socket, requestBytes)
                var received: [UInt8] = []
                var headLength: Int?
                while headLength == nil {
                    guard received.count < WebSocketHandshake.maximumHeadSize else {
                        throw WebSocketError.invalidHandshake("response head longer than \(WebSocketHandshake.maximumHeadSize) bytes")
                    }
                    guard let chunk = try SocketIO.read(socket, upTo: WebSocketHandshake.maximumHeadSize) else {
                        throw WebSocketError.closed(code: nil, reason: "connection closed during the handshake")
                    }
                    received.append(contentsOf: chunk)
                    headLength = HTTPResponseHead.length(in: received)
                }
                let length = headLength ?? 0
                let head = try HTTPResponseHead(parsing: received[..<length])
                let rest = Array(received[length...])
                if head.status != 101 {
                    try handshake.validate(head, body: readBody(of: head, after: rest, from: socket))
                }
                try handshake.validate(head)
                let connection = SocketWebSocketConnection(
                    descriptor: socket, maximumMessageSize: request.maximumMessageSize, sendTimeout: request.timeout,
                    receivedBytes: rest)
                unregister()
                return connection
            } catch {
                unregister()
                _ = Glibc.close(socket)
                throw error
            }
        }

        /// The body of a refused upgrade: `Content-Length` bytes (at most ``maximumRejectionBody``), or what arrives
        /// before the server closes or the timeout.
        private func readBody(of head: HTTPResponseHead, after received: [UInt8], from socket: Int32) -> [UInt8] {
            let declared = head.value(of: "Content-Length").flatMap { Int($0) } ?? SocketOpening.maximumRejectionBody
            let wanted = min(max(0, declared), SocketOpening.maximumRejectionBody)
            var body = received
            while body.count < wanted, let chunk = try? SocketIO.read(socket, upTo: wanted - body.count) {
                body.append(contentsOf: chunk)
            }
            return Array(body.prefix(wanted))
        }

        /// A TCP socket connected to `host`, trying each address it resolves to, with the request's timeout on
        /// connecting, sending and receiving.
        private func connectSocket(host: String, port: Int) throws -> Int32 {
            var hints = addrinfo()
            hints.ai_family = AF_UNSPEC
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
            var addresses: UnsafeMutablePointer<addrinfo>?
            let bareHost = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
            guard getaddrinfo(bareHost, String(port), &hints, &addresses) == 0, let first = addresses else {
                throw WebSocketError.connectionFailed(EHOSTUNREACH)
            }
            defer { freeaddrinfo(first) }
            var lastError = ECONNREFUSED
            var current: UnsafeMutablePointer<addrinfo>? = first
            while let address = current {
                current = address.pointee.ai_next
                let socket = Glibc.socket(
                    address.pointee.ai_family, address.pointee.ai_socktype | Int32(SOCK_CLOEXEC.rawValue), address.pointee.ai_protocol)
                guard socket >= 0 else {
                    lastError = errno
                    continue
                }
                SocketIO.setTimeouts(socket, send: request.timeout, receive: request.timeout)
                var enabled: Int32 = 1
                _ = setsockopt(socket, Int32(IPPROTO_TCP), TCP_NODELAY, &enabled, socklen_t(MemoryLayout<Int32>.size))
                guard register(socket) else {
                    _ = Glibc.close(socket)
                    throw CancellationError()
                }
                if Glibc.connect(socket, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0 { return socket }
                lastError = errno
                unregister()
                _ = Glibc.close(socket)
            }
            throw lastError == EINPROGRESS || lastError == EAGAIN ? WebSocketError.timedOut : WebSocketError.connectionFailed(lastError)
        }
    }

    /// Blocking reads and writes on a socket, retrying interrupted calls.
    enum SocketIO {
        /// Sets the send timeout (`SO_SNDTIMEO`, which also bounds `connect`) and the receive timeout
        /// (`SO_RCVTIMEO`), in seconds; 0 or less means none.
        static func setTimeouts(_ socket: Int32, send: TimeInterval, receive: TimeInterval) {
            for (option, seconds) in [(SO_SNDTIMEO, send), (SO_RCVTIMEO, receive)] {
                let bounded = seconds.isFinite && seconds > 0 ? min(seconds, 86_400) : 0
                var value = timeval(tv_sec: Int(bounded), tv_usec: Int((bounded - bounded.rounded(.down)) * 1_000_000))
                _ = setsockopt(socket, SOL_SOCKET, option, &value, socklen_t(MemoryLayout<timeval>.size))
            }
        }

        /// Writes every byte, or throws.
        ///
        /// - Parameter flags: `send` flags besides `MSG_NOSIGNAL`, e.g. `MSG_DONTWAIT`.
        /// - Throws: ``WebSocketError/timedOut`` when the send timeout passes; ``WebSocketError/closed(code:reason:)``
        ///   for any other failure.
        static func writeAll(_ socket: Int32, _ bytes: [UInt8], flags: Int32 = 0) throws(WebSocketError) {
            var offset = 0
            while offset < bytes.count {
                let written = bytes.withUnsafeBytes { buffer in
                    send(socket, buffer.baseAddress.map { $0 + offset }, bytes.count - offset, Int32(MSG_NOSIGNAL) | flags)
                }
                if written > 0 {
                    offset += written
                } else if written < 0, errno == EINTR {
                    continue
                } else if written < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                    throw .timedOut
                } else {
                    throw .closed(code: nil, reason: "write failed (errno \(errno))")
                }
            }
        }

        /// Reads what is available, at most `count` bytes; `nil` at end of stream.
        ///
        /// - Throws: ``WebSocketError/timedOut`` when the receive timeout passes; ``WebSocketError/closed(code:reason:)``
        ///   for any other failure.
        static func read(_ socket: Int32, upTo count: Int) throws(WebSocketError) -> [UInt8]? {
            var buffer = [UInt8](repeating: 0, count: max(1, count))
            while true {
                let received = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
                if received > 0 { return Array(buffer[..<received]) }
                if received == 0 { return nil }
                if errno == EINTR { continue }
                if errno == EAGAIN || errno == EWOULDBLOCK { throw .timedOut }
                throw .closed(code: nil, reason: "read failed (errno \(errno))")
            }
        }
    }
#endif
