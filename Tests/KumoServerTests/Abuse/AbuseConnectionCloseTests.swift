import KumoServer
import KumoStorage
import KumoTestSupport
import NCMBWire
import NIOCore
import Testing

/// `Connection: close` is said and done (issue 29; docs/decisions/0114-connection-close-said-and-done.md): every response
/// after which Kumo closes the connection says `Connection: close`, and every response that says it is followed by the
/// close; nothing sent after it on the connection is answered. Real sockets: each case reads until the server closes,
/// which is the synchronisation (no sleeps, no timing).
@Suite(.timeLimit(.minutes(2))) struct AbuseConnectionCloseTests {
    static let path = "/2013-09-01/classes/Closing"

    /// A signed create of `{"n":<n>}` with the extra header lines `extra` (each ending in CRLF).
    static func create(_ application: TestApplication, _ n: Int, extra: String = "") -> String {
        let body = #"{"n":\#(n)}"#
        return application.signedHead(method: "POST", path: path) + "Content-Length: \(body.utf8.count)\r\n\(extra)\r\n\(body)"
    }

    private func stored(_ application: TestApplication) async throws -> [Int64] {
        try await application.storage.objects.find(
            FindRequest(applicationId: application.application.applicationId, className: try ClassName(validating: "Closing"),
                parameters: QueryParameters()), access: .bypass
        ).objects.compactMap { $0.fields["n"]?.integerValue }.sorted()
    }

    @Test(arguments: ["close", "Close", "keep-alive, CLOSE", "upgrade,close"])
    func aClientThatAsksIsAnsweredWithConnectionCloseAndTheClose(connection: String) async throws {
        try await TestApplication.with { application in
            try await application.testLive { port, _ in
                // A second request follows on the same connection: it must not be answered, nor written.
                let bytes = Self.create(application, 1, extra: "Connection: \(connection)\r\n") + Self.create(application, 2)
                let responses = try await RawConnection.responses(Array(bytes.utf8), port: port)

                #expect(responses.map(\.status) == [201])
                #expect(responses.first?.header("connection") == "close")
                #expect(try await stored(application) == [1])
            }
        }
    }

    @Test func aConnectionKeptAliveSaysNothingAndServesTheNextRequest() async throws {
        try await TestApplication.with { application in
            try await application.testLive { port, _ in
                let channel = try await RawConnection.connect(port: port)
                try await channel.executeThenClose { inbound, outbound in
                    var iterator = inbound.makeAsyncIterator()
                    try await outbound.write(ByteBuffer(string: Self.create(application, 1)))
                    let first = try await RawConnection.readResponse(&iterator)
                    try await outbound.write(ByteBuffer(string: Self.create(application, 2, extra: "Connection: close\r\n")))
                    let second = try await RawConnection.readResponse(&iterator)
                    let afterClose = try await iterator.next()

                    #expect(first?.status == 201)
                    #expect(first?.header("connection") == nil)
                    #expect(second?.status == 201)
                    #expect(second?.header("connection") == "close")
                    #expect(afterClose == nil, "the server closed after the response that said so")
                }
                #expect(try await stored(application) == [1, 2])
            }
        }
    }

    @Test func aBodyOverTheLimitIsAnsweredWithConnectionCloseAndTheClose() async throws {
        try await TestApplication.with(configure: { $0.maximumBodySize = 1024 }) { application in
            try await application.testLive { port, _ in
                let large = #"{"n":3,"pad":""# + String(repeating: "x", count: 4096) + #""}"#
                let declared = application.signedHead(method: "POST", path: Self.path) + "Content-Length: \(large.utf8.count)\r\n\r\n" + large
                let chunked =
                    application.signedHead(method: "POST", path: Self.path) + "Transfer-Encoding: chunked\r\n\r\n"
                    + String(large.utf8.count, radix: 16) + "\r\n" + large + "\r\n0\r\n\r\n"
                for bytes in [declared, chunked] {
                    let responses = try await RawConnection.responses(Array((bytes + Self.create(application, 4)).utf8), port: port)

                    #expect(responses.map(\.status) == [413])
                    #expect(responses.first?.errorCode == "E413002")
                    #expect(responses.first?.header("connection") == "close")
                }
                #expect(try await stored(application).isEmpty)
            }
        }
    }

    @Test func aBrokenBodyIsAnsweredWithConnectionCloseAndTheClose() async throws {
        try await TestApplication.with { application in
            try await application.testLive { port, _ in
                let broken = application.signedHead(method: "POST", path: Self.path) + "Transfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n"
                let responses = try await RawConnection.responses(Array((broken + Self.create(application, 5)).utf8), port: port)

                #expect(responses.map(\.status) == [400])
                #expect(responses.first?.errorCode == "E400000")
                #expect(responses.first?.header("connection") == "close")
                #expect(try await stored(application).isEmpty)
            }
        }
    }
}
