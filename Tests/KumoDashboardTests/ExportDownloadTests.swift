import Foundation
import HTTPTypes
import HummingbirdTesting
import KumoDashboard
import KumoImportJobs
import KumoTestSupport
import NCMBWire
import NIOCore
import NIOPosix
import Testing

/// The export's folder and place over real HTTP (docs/decisions/0088-dashboard-export-as-a-streamed-tar.md): a download
/// holds one of the two places until its stream ends, and a client that leaves in the middle leaves no folder behind.
@Suite struct ExportDownloadTests {
    static let export = "/dashboard/api/apps/test/export"
    /// A file far larger than the socket buffers between the server and a client that reads nothing, so that the
    /// server's stream waits in the middle of the archive for as long as the client stays.
    static let largeFile = [UInt8](repeating: 0x6B, count: 12 * 1024 * 1024)

    /// A live dashboard whose application holds ``largeFile``, with a signed-in session and the exports.
    static func with(_ body: @escaping @Sendable (DashboardHarness, DashboardClientSession, ExportDownloads, Int) async throws -> Void)
        async throws
    {
        try await DashboardHarness.with(
            isLive: true,
            environment: { environment, server in environment.operations.workDirectory = server.directory.appendingPathComponent("work") }
        ) { harness, session in
            try await session.signIn()
            let uploaded = try await session.upload("/dashboard/api/apps/test/files/large.bin", bytes: largeFile, contentType: "text/plain")
            try #require(uploaded.status == .created, "\(uploaded.text)")
            let exports = try #require(harness.environment.operations.exports)
            try await body(harness, session, exports, try #require(session.client.port))
        }
    }

    /// The entries left under `work/exports`.
    static func leftovers(_ harness: DashboardHarness) throws -> [String] {
        let folder = harness.server.directory.appendingPathComponent("work/exports").path
        guard FileManager.default.fileExists(atPath: folder) else { return [] }
        return try FileManager.default.contentsOfDirectory(atPath: folder)
    }

    /// The export request with the session's cookies, as a browser sends it.
    static func request(_ session: DashboardClientSession) -> String {
        let cookie = session.cookies.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
        return "GET \(export) HTTP/1.1\r\nHost: localhost\r\nCookie: \(cookie)\r\n\r\n"
    }

    /// A connection to the dashboard with a small receive buffer.
    static func connect(port: Int) async throws -> NIOAsyncChannel<ByteBuffer, ByteBuffer> {
        try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelOption(.socketOption(.so_rcvbuf), value: 4096)
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture { try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel) }
            }
    }

    /// Sends the export request and reads until the response's head and the first block of the archive have arrived;
    /// returns the status line. The rest stays unread.
    static func startDownload(
        _ session: DashboardClientSession, inbound: NIOAsyncChannelInboundStream<ByteBuffer>,
        outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>
    ) async throws -> String {
        try await outbound.write(ByteBuffer(string: request(session)))
        var received: [UInt8] = []
        var iterator = inbound.makeAsyncIterator()
        while let chunk = try await iterator.next() {
            received += chunk.readableBytesView
            if let end = received.firstRange(of: Array("\r\n\r\n".utf8)), received.count >= end.upperBound + 512 { break }
        }
        return String(decoding: received.prefix { $0 != UInt8(ascii: "\r") }, as: UTF8.self)
    }

    // MARK: Tests

    @Test func aClientThatLeavesInTheMiddleOfTheDownloadLeavesNoFolderAndNoPlaceTaken() async throws {
        try await Self.with { harness, session, exports, port in
            let channel = try await Self.connect(port: port)
            let (status, inProgressWhileOpen, foldersWhileOpen) = try await channel.executeThenClose { inbound, outbound in
                let status = try await Self.startDownload(session, inbound: inbound, outbound: outbound)
                return (status, exports.inProgress, try Self.leftovers(harness).count)
            }  // the client leaves here, most of the 12 MiB unread

            await exports.idle()

            #expect(status == "HTTP/1.1 200 OK")
            #expect(inProgressWhileOpen == 1 && foldersWhileOpen == 1)
            #expect(exports.inProgress == 0)
            #expect(try Self.leftovers(harness) == [])
        }
    }

    @Test func twoDownloadsInProgressHoldBothPlacesUntilTheirClientsLeave() async throws {
        try await Self.with { harness, session, exports, port in
            let (first, second) = (try await Self.connect(port: port), try await Self.connect(port: port))
            let (statuses, refused) = try await first.executeThenClose { firstInbound, firstOutbound in
                let firstStatus = try await Self.startDownload(session, inbound: firstInbound, outbound: firstOutbound)
                return try await second.executeThenClose { secondInbound, secondOutbound in
                    let secondStatus = try await Self.startDownload(session, inbound: secondInbound, outbound: secondOutbound)
                    return ([firstStatus, secondStatus], try await session.send(.get, Self.export))
                }
            }  // both clients leave here

            await exports.idle()
            let afterwards = try await session.send(.get, Self.export)
            await exports.idle()

            #expect(statuses == ["HTTP/1.1 200 OK", "HTTP/1.1 200 OK"])
            #expect(refused.status == .tooManyRequests && refused.json?.objectValue?["code"] == "busy")
            #expect(afterwards.status == .ok && afterwards.bytes.count > Self.largeFile.count)
            #expect(try Self.leftovers(harness) == [])
        }
    }
}
