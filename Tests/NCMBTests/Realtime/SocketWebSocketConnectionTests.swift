#if canImport(Glibc)
    import Foundation
    import Glibc
    import NCMB
    import Testing

    /// The Linux WebSocket client (``SocketWebSocketConnector``) against a scripted server over real TCP on 127.0.0.1.
    @Suite(.timeLimit(.minutes(1))) struct SocketWebSocketConnectionTests {
        let connector = SocketWebSocketConnector()

        /// A request to `server` with `headers`.
        func request(
            _ server: TestWebSocketServer, headers: [String: String] = [:], timeout: TimeInterval = realtimeTestWait,
            maximumMessageSize: Int = 1 << 20
        ) -> WebSocketRequest {
            WebSocketRequest(url: server.url, headers: headers, timeout: timeout, maximumMessageSize: maximumMessageSize)
        }

        /// How the server's script ended; fails the test when it did not run to its end.
        func expectScriptCompleted(_ server: TestWebSocketServer, sourceLocation: SourceLocation = #_sourceLocation) async throws {
            let outcome = try await server.outcome.element(at: 0)
            #expect(outcome == nil, sourceLocation: sourceLocation)
        }

        // MARK: Messages

        @Test func textTravelsBothWaysWithTheRequestHeadersAndMaskedClientFrames() async throws {
            let head = Locked("")
            let fromClient = Locked<WebSocketFrame?>(nil)
            let server = try TestWebSocketServer { peer in
                head.withLock { $0 = (try? peer.acceptUpgrade()) ?? "" }
                let frame = try peer.readFrame()
                fromClient.withLock { $0 = frame }
                try peer.send(WebSocketFrame(opcode: .text, payload: Array(#"{"op":"subscribed","requestId":1}"#.utf8)))
            }
            defer { server.stop() }

            let connection = try await connector.connect(request(server, headers: ["X-NCMB-Application-Key": "key"]))
            try await connection.send(text: #"{"op":"subscribe"}"#)
            let received = try await connection.receive()
            connection.close()
            try await expectScriptCompleted(server)

            #expect(received == #"{"op":"subscribed","requestId":1}"#)
            #expect(fromClient.current == WebSocketFrame(opcode: .text, payload: Array(#"{"op":"subscribe"}"#.utf8)))
            #expect(head.current.hasPrefix("GET /2013-09-01/realtime HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n"))
            #expect(head.current.contains("\r\nX-NCMB-Application-Key: key\r\n"))
        }

        @Test func framesSentWithTheUpgradeAnswerAreRead() async throws {
            let server = try TestWebSocketServer { peer in
                try peer.acceptUpgrade(extra: WebSocketFrame(opcode: .text, payload: Array("early".utf8)).encoded(maskingKey: nil))
                _ = try peer.readFrame()
            }
            defer { server.stop() }

            let connection = try await connector.connect(request(server))
            let received = try await connection.receive()
            connection.close()

            #expect(received == "early")
        }

        @Test func fragmentsAreJoinedAndAPingBetweenThemIsAnsweredWithItsPayload() async throws {
            let pong = Locked<WebSocketFrame?>(nil)
            let server = try TestWebSocketServer { peer in
                try peer.acceptUpgrade()
                try peer.send(WebSocketFrame(isFinal: false, opcode: .text, payload: Array("Hel".utf8)))
                try peer.send(WebSocketFrame(opcode: .ping, payload: [7, 8, 9]))
                try peer.send(WebSocketFrame(isFinal: true, opcode: .continuation, payload: Array("lo".utf8)))
                let frame = try peer.readFrame()
                pong.withLock { $0 = frame }
            }
            defer { server.stop() }

            let connection = try await connector.connect(request(server))
            let received = try await connection.receive()
            try await expectScriptCompleted(server)
            connection.close()

            #expect(received == "Hello")
            #expect(pong.current == WebSocketFrame(opcode: .pong, payload: [7, 8, 9]))
        }

        @Test func binaryMessagesAreSkipped() async throws {
            let server = try TestWebSocketServer { peer in
                try peer.acceptUpgrade()
                try peer.send(WebSocketFrame(opcode: .binary, payload: [0, 1, 2]))
                try peer.send(WebSocketFrame(opcode: .text, payload: Array("text".utf8)))
                _ = try peer.readFrame()
            }
            defer { server.stop() }

            let connection = try await connector.connect(request(server))
            let received = try await connection.receive()
            connection.close()

            #expect(received == "text")
        }

        @Test func aPingReturnsWhenItsPongArrives() async throws {
            let server = try TestWebSocketServer { peer in
                try peer.acceptUpgrade()
                let ping = try peer.readFrame()
                guard ping.opcode == .ping else { throw WebSocketError.protocolViolation("expected a ping, got \(ping)") }
                try peer.send(WebSocketFrame(opcode: .pong, payload: [9]))
                try peer.send(WebSocketFrame(opcode: .pong, payload: ping.payload))
                _ = try peer.readFrame()
            }
            defer { server.stop() }

            let connection = try await connector.connect(request(server))
            try await connection.ping()
            connection.close()

            try await expectScriptCompleted(server)
        }

        // MARK: Closing

        @Test func aCloseFromTheServerIsEchoedAndEndsReceiving() async throws {
            let echo = Locked<WebSocketFrame?>(nil)
            let server = try TestWebSocketServer { peer in
                try peer.acceptUpgrade()
                try peer.send(WebSocketFrame(opcode: .close, payload: WebSocketFrame.closePayload(code: 1001, reason: "bye")))
                let frame = try peer.readFrame()
                echo.withLock { $0 = frame }
            }
            defer { server.stop() }

            let connection = try await connector.connect(request(server))
            let error = await #expect(throws: WebSocketError.self) { try await connection.receive() }
            try await expectScriptCompleted(server)

            #expect(error == .closed(code: 1001, reason: "bye"))
            #expect(echo.current == WebSocketFrame(opcode: .close, payload: WebSocketFrame.closePayload(code: 1001)))
        }

        @Test func closeSendsANormalClosureAndEndsReceivingAtOnce() async throws {
            let closing = Locked<WebSocketFrame?>(nil)
            let server = try TestWebSocketServer { peer in
                try peer.acceptUpgrade()
                let frame = try peer.readFrame()
                closing.withLock { $0 = frame }
                try peer.send(WebSocketFrame(opcode: .close, payload: frame.payload))
            }
            defer { server.stop() }

            let connection = try await connector.connect(request(server))
            connection.close()
            let error = await #expect(throws: WebSocketError.self) { try await connection.receive() }
            try await expectScriptCompleted(server)

            #expect(error == .closed(code: 1000, reason: "closed by the client"))
            #expect(closing.current == WebSocketFrame(opcode: .close, payload: WebSocketFrame.closePayload(code: 1000)))
            await #expect(throws: WebSocketError.self) { try await connection.send(text: "after close") }
        }

        @Test func aServerThatIgnoresTheCloseIsDisconnected() async throws {
            let server = try TestWebSocketServer { peer in
                try peer.acceptUpgrade()
                _ = try peer.readFrame()
                guard peer.readsEndOfStream() else { throw WebSocketError.protocolViolation("the client did not disconnect") }
            }
            defer { server.stop() }

            let connection = try await connector.connect(request(server))
            connection.close()

            try await expectScriptCompleted(server)
        }

        @Test func aLostConnectionEndsReceivingAndFailsAPendingPing() async throws {
            let server = try TestWebSocketServer { peer in
                try peer.acceptUpgrade()
                _ = try peer.readFrame()
            }
            defer { server.stop() }

            let connection = try await connector.connect(request(server))
            let pingError = await #expect(throws: WebSocketError.self) { try await connection.ping() }
            let receiveError = await #expect(throws: WebSocketError.self) { try await connection.receive() }

            #expect(pingError == .closed(code: nil, reason: "connection closed"))
            #expect(receiveError == .closed(code: nil, reason: "connection closed"))
        }

        // MARK: Protocol violations

        @Test func aMaskedFrameFromTheServerClosesWithProtocolError() async throws {
            let closing = Locked<WebSocketFrame?>(nil)
            let server = try TestWebSocketServer { peer in
                try peer.acceptUpgrade()
                try peer.write(WebSocketFrame(opcode: .text, payload: [0x61]).encoded(maskingKey: 0x0102_0304))
                let frame = try peer.readFrame()
                closing.withLock { $0 = frame }
            }
            defer { server.stop() }

            let connection = try await connector.connect(request(server))
            let error = await #expect(throws: WebSocketError.self) { try await connection.receive() }
            try await expectScriptCompleted(server)

            #expect(error == .protocolViolation("masked frame from the server"))
            #expect(closing.current == WebSocketFrame(opcode: .close, payload: WebSocketFrame.closePayload(code: 1002)))
        }

        @Test func anOversizedMessageClosesWithMessageTooBigBeforeItsPayloadIsRead() async throws {
            let closing = Locked<WebSocketFrame?>(nil)
            let server = try TestWebSocketServer { peer in
                try peer.acceptUpgrade()
                // The header of a 1 GiB frame, and no payload: the client refuses it from the header.
                try peer.write([0x81, 127, 0, 0, 0, 0, 0x40, 0, 0, 0])
                let frame = try peer.readFrame()
                closing.withLock { $0 = frame }
            }
            defer { server.stop() }

            let connection = try await connector.connect(request(server, maximumMessageSize: 1024))
            let error = await #expect(throws: WebSocketError.self) { try await connection.receive() }
            try await expectScriptCompleted(server)

            #expect(error == .messageTooLarge)
            #expect(closing.current == WebSocketFrame(opcode: .close, payload: WebSocketFrame.closePayload(code: 1009)))
        }

        @Test func invalidUTF8ClosesWithInconsistentData() async throws {
            let closing = Locked<WebSocketFrame?>(nil)
            let server = try TestWebSocketServer { peer in
                try peer.acceptUpgrade()
                try peer.send(WebSocketFrame(opcode: .text, payload: [0xC3, 0x28]))
                let frame = try peer.readFrame()
                closing.withLock { $0 = frame }
            }
            defer { server.stop() }

            let connection = try await connector.connect(request(server))
            _ = await #expect(throws: WebSocketError.self) { try await connection.receive() }
            try await expectScriptCompleted(server)

            #expect(closing.current == WebSocketFrame(opcode: .close, payload: WebSocketFrame.closePayload(code: 1007)))
        }

        // MARK: Opening

        @Test func aRefusedUpgradeReportsItsStatusAndBody() async throws {
            let body = #"{"code":"E401001","error":"Authentication error by header incorrect."}"#
            let server = try TestWebSocketServer { peer in
                _ = try peer.readRequestHead()
                try peer.write(
                    Array(
                        "HTTP/1.1 401 Unauthorized\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
                            .utf8))
            }
            defer { server.stop() }

            let error = await #expect(throws: WebSocketError.self) { try await connector.connect(request(server)) }

            #expect(error == .handshakeRejected(status: 401, body: Array(body.utf8)))
        }

        @Test func aWrongAcceptValueIsRefused() async throws {
            let server = try TestWebSocketServer { peer in try peer.acceptUpgrade(accept: "AAAAAAAAAAAAAAAAAAAAAAAAAAA=") }
            defer { server.stop() }

            let error = await #expect(throws: WebSocketError.self) { try await connector.connect(request(server)) }

            #expect(error == .invalidHandshake("wrong Sec-WebSocket-Accept"))
        }

        @Test func wssIsRefusedOnLinux() async throws {
            let url = try #require(URL(string: "wss://127.0.0.1:1/2013-09-01/realtime"))

            let error = await #expect(throws: WebSocketError.self) {
                try await connector.connect(WebSocketRequest(url: url, headers: [:], timeout: 1, maximumMessageSize: 1024))
            }

            #expect(error == .unsupportedScheme("wss"))
        }

        @Test func aPortWithoutAServerFailsToConnect() async throws {
            // A socket bound but not listening: connections to its port are refused, and no other test can take it.
            let bound = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            defer { close(bound) }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(bound, $0, length) } }
            _ = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(bound, $0, &length) }
            }
            let url = try #require(URL(string: "ws://127.0.0.1:\(UInt16(bigEndian: address.sin_port))/2013-09-01/realtime"))

            let error = await #expect(throws: WebSocketError.self) {
                try await connector.connect(WebSocketRequest(url: url, headers: [:], timeout: realtimeTestWait, maximumMessageSize: 1024))
            }

            #expect(error == .connectionFailed(ECONNREFUSED))
        }

        @Test func anUpgradeThatIsNeverAnsweredTimesOut() async throws {
            let server = try TestWebSocketServer { peer in
                _ = try peer.readRequestHead()
                _ = peer.readsEndOfStream()
            }
            defer { server.stop() }

            let error = await #expect(throws: WebSocketError.self) { try await connector.connect(request(server, timeout: 0.5)) }

            #expect(error == .timedOut)
        }

        @Test func cancellingTheTaskAbortsAConnectionBeingOpened() async throws {
            let headRead = AsyncLog<Bool>()
            let server = try TestWebSocketServer { peer in
                _ = try peer.readRequestHead()
                headRead.append(true)
                _ = peer.readsEndOfStream()
            }
            defer { server.stop() }
            let connector = self.connector
            let request = request(server, timeout: 120)

            let attempt = Task { try await connector.connect(request) }
            _ = try await headRead.first(1)
            attempt.cancel()
            let result = await attempt.result

            guard case .failure = result else {
                Issue.record("the connection opened after cancellation")
                return
            }
        }
    }
#endif
