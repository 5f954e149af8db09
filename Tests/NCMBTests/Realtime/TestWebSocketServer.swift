#if canImport(Glibc)
    import Foundation
    import Glibc
    import NCMB

    /// A one-connection WebSocket server on 127.0.0.1 for the tests of the Linux client: it accepts one connection on a
    /// thread and runs the test's script against it, with blocking reads bounded by ``realtimeTestWait``.
    final class TestWebSocketServer: Sendable {
        /// The port it listens on.
        let port: Int
        private let listener: Int32
        /// Whether the listening socket is open: the accepting thread closes it, under this lock, after its one
        /// `accept`, so `stop()` never touches a descriptor number the process has reused.
        private let isListening = Locked(true)
        /// How the script ended: `nil` when it ran to its end, else why it stopped.
        let outcome = AsyncLog<String?>()

        /// Listens, and runs `script` on the first connection.
        init(script: @escaping @Sendable (TestWebSocketPeer) throws -> Void) throws {
            let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = 0
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) }
            }
            guard bound == 0, listen(listener, 4) == 0 else {
                close(listener)
                throw WebSocketError.connectionFailed(errno)
            }
            _ = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
            }
            self.listener = listener
            self.port = Int(UInt16(bigEndian: address.sin_port))
            let outcome = self.outcome
            let isListening = self.isListening
            Thread {
                let connection = accept(listener, nil, nil)
                isListening.withLock { isListening in
                    isListening = false
                    close(listener)
                }
                guard connection >= 0 else {
                    outcome.append("accept failed")
                    return
                }
                let peer = TestWebSocketPeer(descriptor: connection)
                do {
                    try script(peer)
                    outcome.append(nil)
                } catch {
                    outcome.append("\(error)")
                }
                close(connection)
            }.start()
        }

        /// The `ws` URL of the realtime route on this server.
        var url: URL {
            URL(string: "ws://127.0.0.1:\(port)/2013-09-01/realtime") ?? URL(fileURLWithPath: "/")
        }

        /// Stops listening, if it still does (a connection being served goes on).
        func stop() {
            isListening.withLock { isListening in
                if isListening { shutdown(listener, Int32(SHUT_RDWR)) }
            }
        }
    }

    /// The server's side of one connection, driven by a test script on the server's thread.
    final class TestWebSocketPeer: @unchecked Sendable {
        // @unchecked: used only by the server thread that runs the script.
        private let descriptor: Int32
        private var received: [UInt8] = []
        private var parser = WebSocketFrameParser(maximumFrameSize: 1 << 20, expectsMaskedFrames: true)

        init(descriptor: Int32) {
            self.descriptor = descriptor
            var timeout = timeval(tv_sec: Int(realtimeTestWait), tv_usec: 0)
            _ = setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        }

        /// Reads the upgrade request's head and returns it as text.
        func readRequestHead() throws -> String {
            while HTTPResponseHead.length(in: received) == nil { try readMore() }
            let length = HTTPResponseHead.length(in: received) ?? 0
            let head = String(decoding: received[..<length], as: UTF8.self)
            received.removeFirst(length)
            parser.append(received)
            received = []
            return head
        }

        /// Reads the upgrade request and answers 101 with the right accept value, then `extra` bytes in the same write.
        @discardableResult
        func acceptUpgrade(accept: String? = nil, extra: [UInt8] = []) throws -> String {
            let head = try readRequestHead()
            let key =
                head.components(separatedBy: "\r\n").first { $0.lowercased().hasPrefix("sec-websocket-key:") }
                .map { String($0.dropFirst("sec-websocket-key:".count)).trimmingCharacters(in: .whitespaces) } ?? ""
            let answer =
                "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                + "Sec-WebSocket-Accept: \(accept ?? WebSocketHandshake.acceptValue(for: key))\r\n\r\n"
            try write(Array(answer.utf8) + extra)
            return head
        }

        /// Writes raw bytes.
        func write(_ bytes: [UInt8]) throws {
            var offset = 0
            while offset < bytes.count {
                let written = bytes.withUnsafeBytes {
                    Glibc.send(descriptor, $0.baseAddress.map { $0 + offset }, bytes.count - offset, Int32(MSG_NOSIGNAL))
                }
                guard written > 0 else { throw WebSocketError.closed(code: nil, reason: "server write failed") }
                offset += written
            }
        }

        /// Sends a frame as a server does: unmasked.
        func send(_ frame: WebSocketFrame) throws {
            try write(frame.encoded(maskingKey: nil))
        }

        /// The next frame from the client, which must be masked.
        func readFrame() throws -> WebSocketFrame {
            while true {
                if let frame = try parser.nextFrame() { return frame }
                try readMore()
                parser.append(received)
                received = []
            }
        }

        /// Whether the client closed the connection: the next read finds its end.
        func readsEndOfStream() -> Bool {
            var byte: UInt8 = 0
            return recv(descriptor, &byte, 1, 0) == 0
        }

        private func readMore() throws {
            var buffer = [UInt8](repeating: 0, count: 65_536)
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { throw WebSocketError.closed(code: nil, reason: "the client closed or the read timed out") }
            received.append(contentsOf: buffer[..<count])
        }
    }
#endif
