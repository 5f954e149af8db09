import HTTPTypes
import KumoServer
import KumoStorage
import KumoTestSupport
import NCMBWire
import NIOCore
import Testing

/// Connections that hold the server without progress are closed, and the number of connections is bounded (issue 13,
/// finding 3; docs/decisions/0066-connection-hygiene.md). Real sockets with short configured clocks; each test waits for
/// the server's close event, never for time, and asserts no duration.
@Suite(.timeLimit(.minutes(2))) struct ConnectionHygieneTests {
    /// Runs `body` on a live server with the given clocks (seconds).
    static func withServer(
        idle: Double = 60, header: Double = 60, body bodyTimeout: Double = 60, maximumConnections: Int = 4096,
        _ body: @escaping @Sendable (TestApplication, Int) async throws -> Void
    ) async throws {
        try await TestApplication.with(configure: { configuration in
            configuration.idleTimeoutSeconds = idle
            configuration.headerTimeoutSeconds = header
            configuration.bodyTimeoutSeconds = bodyTimeout
            configuration.maximumConnections = maximumConnections
        }) { application in
            try await application.testLive { port, client in
                // Hummingbird's test client connects as the server starts; with a connection maximum, one request
                // through it settles its connection first, so the count of open ones is known. (Not with short clocks:
                // the idle clock could close that connection before its request.)
                if maximumConnections < 4096 { _ = try await client.send(.get, "/health", signed: false) }
                try await body(application, port)
            }
        }
    }

    @Test func anIdleConnectionIsClosedWithoutAnAnswer() async throws {
        try await Self.withServer(idle: 0.2) { _, port in
            let received = try await RawConnection.exchange([], port: port)
            #expect(received.isEmpty)
        }
    }

    @Test func aConnectionIsClosedWhenItsHeadNeverCompletes() async throws {
        try await Self.withServer(header: 0.2) { _, port in
            let received = try await RawConnection.exchange(Array("GET /2013-09-01/classes/T HTTP/1.1\r\nHost: loc".utf8), port: port)
            #expect(received.isEmpty)
        }
    }

    @Test func aStalledBodyIsAnsweredWithNCMBJSONAndClosed() async throws {
        try await Self.withServer(body: 0.2) { application, port in
            let head = application.signedHead(method: "POST", path: "/2013-09-01/classes/Stalled") + "Content-Length: 10\r\n\r\n{\""
            let responses = try await RawConnection.responses(Array(head.utf8), port: port)
            #expect(responses.map(\.status) == [400])
            #expect(responses.first?.errorCode == "E400000")
            #expect(responses.first?.header("connection") == "close")
            let stored = try await application.storage.objects.find(
                FindRequest(applicationId: application.application.applicationId, className: try ClassName(validating: "Stalled"),
                    parameters: QueryParameters()), access: .bypass)
            #expect(stored.objects.isEmpty, "nothing written")
        }
    }

    @Test func aConnectionKeptAliveIsServedAgainBeforeItsIdleClockRunsOut() async throws {
        try await Self.withServer(idle: 30) { _, port in
            let channel = try await RawConnection.connect(port: port)
            try await channel.executeThenClose { inbound, outbound in
                var iterator = inbound.makeAsyncIterator()
                for _ in 0..<3 {
                    try await outbound.write(ByteBuffer(string: "GET /health HTTP/1.1\r\nHost: localhost\r\n\r\n"))
                    let response = try await RawConnection.readResponse(&iterator)
                    #expect(response?.status == 200)
                }
            }
        }
    }

    @Test func connectionsPastTheMaximumAreClosedWhileTheOthersAreServed() async throws {
        // Two: the test client's connection and the one this test holds; a third is refused.
        try await Self.withServer(maximumConnections: 2) { _, port in
            let health = "GET /health HTTP/1.1\r\nHost: localhost\r\n\r\n"
            let channel = try await RawConnection.connect(port: port)
            try await channel.executeThenClose { inbound, outbound in
                var iterator = inbound.makeAsyncIterator()
                try await outbound.write(ByteBuffer(string: health))
                #expect(try await RawConnection.readResponse(&iterator)?.status == 200, "the first connection is served")

                let refused = try await RawConnection.exchange(Array(health.utf8), port: port)
                #expect(refused.isEmpty, "the second is closed unanswered")

                try await outbound.write(ByteBuffer(string: health))
                #expect(try await RawConnection.readResponse(&iterator)?.status == 200, "the first is still served")
            }
        }
    }
}
