#if canImport(Glibc)
    import Dispatch
    import Foundation
    import Glibc

    /// An open client WebSocket over a POSIX socket (RFC 6455): one thread reads and answers control frames, callers
    /// write under a lock.
    ///
    /// The reader thread owns the descriptor and closes it when the connection ends, after taking the write lock, so no
    /// write ever reaches a descriptor number the process has reused. Frames and messages are bounded by the request's
    /// maximum message size, and at most ``inboxCapacity`` messages wait for `receive()`.
    final class SocketWebSocketConnection: WebSocketConnection, @unchecked Sendable {
        // @unchecked: `descriptor` is immutable; its use is ordered by `writeLock` and `state` as described above.

        /// The most messages read ahead of `receive()`.
        static let inboxCapacity = 16
        /// How long a close started by the client waits for the server's close frame before the socket is shut down.
        static let closeTimeout: TimeInterval = 1

        /// What the reader, the writers and `close()` share.
        private struct State: Sendable {
            /// Whether the descriptor is still open (the reader closes it at the end).
            var isDescriptorOpen = true
            /// Whether a close frame was sent: no data frame may follow it.
            var isCloseSent = false
            /// Why the connection ended, once it did.
            var ending: WebSocketError?
            /// The pings waiting for their pong, by the number in their payload.
            var pings: [UInt64: CheckedContinuation<Void, any Error>] = [:]
            /// The number of the last ping sent.
            var lastPing: UInt64 = 0
        }

        private let descriptor: Int32
        private let maximumMessageSize: Int
        private let writeLock = NSLock()
        private let state = Locked(State())
        private let inbox = WebSocketInbox(capacity: SocketWebSocketConnection.inboxCapacity)

        /// Takes over a connected socket whose upgrade succeeded and starts its reader thread.
        ///
        /// - Parameters:
        ///   - sendTimeout: Seconds a write may wait for room in the send buffer before the connection is taken for lost:
        ///     a send blocks its caller at most this long. Reads wait without limit (the reader has its own thread).
        ///   - receivedBytes: Bytes that arrived after the upgrade's answer: the first frames.
        init(descriptor: Int32, maximumMessageSize: Int, sendTimeout: TimeInterval, receivedBytes: [UInt8]) {
            self.descriptor = descriptor
            self.maximumMessageSize = maximumMessageSize
            SocketIO.setTimeouts(descriptor, send: sendTimeout, receive: 0)
            Thread { [self] in readLoop(receivedBytes) }.start()
        }

        func send(text: String) async throws {
            guard !state.withLock({ $0.isCloseSent }) else { throw WebSocketError.closed(code: nil, reason: "closed by the client") }
            try write(WebSocketFrame(opcode: .text, payload: Array(text.utf8)))
        }

        func receive() async throws -> String {
            try await inbox.take()
        }

        func ping() async throws {
            let number = state.withLock { state in
                state.lastPing += 1
                return state.lastPing
            }
            try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                    let ending = state.withLock { state -> WebSocketError? in
                        if let ending = state.ending { return ending }
                        state.pings[number] = continuation
                        return nil
                    }
                    if let ending {
                        continuation.resume(throwing: ending)
                        return
                    }
                    if Task.isCancelled { resolvePing(number, with: CancellationError()) }
                    do {
                        try write(WebSocketFrame(opcode: .ping, payload: SocketWebSocketConnection.bytes(of: number)))
                    } catch {
                        resolvePing(number, with: error)
                    }
                }
            } onCancel: {
                resolvePing(number, with: CancellationError())
            }
        }

        func close() {
            inbox.abort(WebSocketError.closed(code: 1000, reason: "closed by the client"))
            // A close frame only if it can go out at once: close() never waits for a writer or a full send buffer.
            if writeLock.try() {
                defer { writeLock.unlock() }
                if sendCloseFrameLocked(code: 1000, flags: Int32(MSG_DONTWAIT)) {
                    DispatchQueue.global().asyncAfter(deadline: .now() + SocketWebSocketConnection.closeTimeout) { [self] in
                        shutDown()
                    }
                    return
                }
            }
            shutDown()
        }

        // MARK: Reading

        /// Reads frames until the connection ends: answers pings, resolves pongs, assembles messages into the inbox,
        /// echoes the server's close frame, then closes the descriptor.
        private func readLoop(_ receivedBytes: [UInt8]) {
            var parser = WebSocketFrameParser(maximumFrameSize: maximumMessageSize)
            var assembler = WebSocketMessageAssembler(maximumMessageSize: maximumMessageSize)
            parser.append(receivedBytes)
            var ending: WebSocketError
            reading: while true {
                do {
                    while let frame = try parser.nextFrame() {
                        if let end = try handle(frame, assembler: &assembler) {
                            ending = end
                            break reading
                        }
                    }
                } catch {
                    sendCloseFrame(code: SocketWebSocketConnection.closeCode(for: error))
                    ending = error
                    break reading
                }
                do {
                    guard let chunk = try SocketIO.read(descriptor, upTo: 64 * 1024) else {
                        ending = .closed(code: nil, reason: "connection closed")
                        break reading
                    }
                    parser.append(chunk)
                } catch {
                    ending = error
                    break reading
                }
            }
            finish(ending)
        }

        /// Handles one frame; returns the ending when the frame ends the connection.
        private func handle(_ frame: WebSocketFrame, assembler: inout WebSocketMessageAssembler) throws(WebSocketError) -> WebSocketError? {
            switch frame.opcode {
            case .ping:
                try? write(WebSocketFrame(opcode: .pong, payload: frame.payload))
            case .pong:
                if frame.payload.count == 8 {
                    resolvePing(frame.payload.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }, with: nil)
                }
            case .close:
                let status = try WebSocketMessageAssembler.closeStatus(of: frame.payload)
                sendCloseFrame(code: status.code ?? 1000)
                return .closed(code: status.code, reason: status.reason)
            case .text, .binary, .continuation:
                if case .text(let text) = try assembler.append(frame), !inbox.put(text) {
                    return .closed(code: 1000, reason: "closed by the client")
                }
            }
            return nil
        }

        /// Ends the connection: fails the waiting pings and `receive()`, then closes the descriptor.
        private func finish(_ ending: WebSocketError) {
            inbox.finish(ending)
            let pings = state.withLock { state in
                state.ending = ending
                defer { state.pings = [:] }
                return state.pings
            }
            for ping in pings.values { ping.resume(throwing: ending) }
            writeLock.lock()
            state.withLock { $0.isDescriptorOpen = false }
            _ = Glibc.close(descriptor)
            writeLock.unlock()
        }

        // MARK: Writing

        /// Masks and writes one frame.
        ///
        /// - Throws: ``WebSocketError/closed(code:reason:)`` when the connection is closed; the errors of
        ///   `SocketIO.writeAll`.
        private func write(_ frame: WebSocketFrame, flags: Int32 = 0) throws(WebSocketError) {
            let bytes = frame.encoded(maskingKey: UInt32.random(in: .min ... .max))
            writeLock.lock()
            defer { writeLock.unlock() }
            guard state.withLock({ $0.isDescriptorOpen }) else { throw .closed(code: nil, reason: "connection closed") }
            do {
                try SocketIO.writeAll(descriptor, bytes, flags: flags)
            } catch {
                // A frame cut short leaves the stream unreadable: the connection is over.
                _ = shutdown(descriptor, Int32(SHUT_RDWR))
                throw error
            }
        }

        /// Sends a close frame with `code` unless one was sent already.
        private func sendCloseFrame(code: UInt16) {
            writeLock.lock()
            defer { writeLock.unlock() }
            _ = sendCloseFrameLocked(code: code, flags: 0)
        }

        /// Sends a close frame with `code` unless one was sent already; the caller holds `writeLock`.
        ///
        /// - Returns: Whether this call sent the frame.
        private func sendCloseFrameLocked(code: UInt16, flags: Int32) -> Bool {
            let shouldSend = state.withLock { state in
                guard state.isDescriptorOpen, !state.isCloseSent else { return false }
                state.isCloseSent = true
                return true
            }
            guard shouldSend else { return false }
            let frame = WebSocketFrame(opcode: .close, payload: WebSocketFrame.closePayload(code: code))
            do {
                try SocketIO.writeAll(descriptor, frame.encoded(maskingKey: UInt32.random(in: .min ... .max)), flags: flags)
                return true
            } catch {
                return false
            }
        }

        /// Shuts the socket down so the reader's blocking read returns; the reader then closes it.
        private func shutDown() {
            state.withLock { state in
                if state.isDescriptorOpen { _ = shutdown(descriptor, Int32(SHUT_RDWR)) }
            }
        }

        // MARK: Pings

        /// Resumes the ping numbered `number`, if it still waits: with success for `nil`, else with `error`.
        private func resolvePing(_ number: UInt64, with error: (any Error)?) {
            guard let continuation = state.withLock({ $0.pings.removeValue(forKey: number) }) else { return }
            if let error { continuation.resume(throwing: error) } else { continuation.resume() }
        }

        /// The eight bytes of a ping's number, most significant first.
        private static func bytes(of number: UInt64) -> [UInt8] {
            (0..<8).map { UInt8((number >> (UInt64(7 - $0) * 8)) & 0xFF) }
        }

        /// The close status for a failure of the peer (RFC 6455, section 7.4.1).
        private static func closeCode(for error: WebSocketError) -> UInt16 {
            switch error {
            case .messageTooLarge: 1009
            case .protocolViolation(let reason) where reason.contains("UTF-8"): 1007
            default: 1002
            }
        }
    }
#endif
