import Foundation
import KumoTestSupport
import NCMB
import Testing

/// Upload and download progress of `NCMBFile`: in process (the transport's default reports), and with
/// ``URLSessionTransport`` against a server listening on a socket, which reports as the bytes travel.
@Suite struct SDKProgressTests {
    /// 1 MiB of varied bytes.
    static let payload = Data((0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31) })

    /// The progress reports of one transfer.
    final class Reports: Sendable {
        let all = Locked<[NCMBTransferProgress]>([])
        var handler: NCMBProgressHandler { { report in self.all.withLock { $0.append(report) } } }
        func of(_ direction: NCMBTransferProgress.Direction) -> [NCMBTransferProgress] {
            all.current.filter { $0.direction == direction }
        }
    }

    @Test func inProcessTransfersReportTheirCompleteSizes() async throws {
        try await withSDK { _ in
            let uploads = Reports()
            let downloads = Reports()

            try await NCMBFile(fileName: "big.bin").save(data: Self.payload, progress: uploads.handler)
            let fetched = try await NCMBFile(fileName: "big.bin").fetch(progress: downloads.handler)

            #expect(fetched == Self.payload)
            let sent = try #require(uploads.of(.upload).last)
            #expect(sent.completedBytes == sent.totalBytes)
            #expect(sent.completedBytes > Int64(Self.payload.count))
            #expect(downloads.of(.download).last == NCMBTransferProgress(direction: .download, completedBytes: 1 << 20, totalBytes: 1 << 20))
        }
    }

    @Test func urlSessionReportsTheBytesAsTheyTravelOverASocket() async throws {
        try await SDKRealtimeServer.with { server in
            var context = server.context()
            context.transport = URLSessionTransport()
            let uploads = Reports()
            let downloads = Reports()

            try await server.using(context) {
                try await NCMBFile(fileName: "big.bin").save(data: Self.payload, progress: uploads.handler)
                let fetched = try await NCMBFile(fileName: "big.bin").fetch(progress: downloads.handler)
                #expect(fetched == Self.payload)
            }

            let sent = uploads.of(.upload)
            #expect(!sent.isEmpty)
            #expect(sent.map(\.completedBytes) == sent.map(\.completedBytes).sorted())
            let lastSent = try #require(sent.last)
            #expect(lastSent.completedBytes == lastSent.totalBytes)
            #expect(lastSent.completedBytes > Int64(Self.payload.count))
            let received = downloads.of(.download)
            #expect(received.map(\.completedBytes) == received.map(\.completedBytes).sorted())
            #expect(received.last?.completedBytes == 1 << 20)
        }
    }

    @Test func urlSessionStillAnswersErrorsWithProgress() async throws {
        try await SDKRealtimeServer.with { server in
            var context = server.context()
            context.transport = URLSessionTransport()

            let error = await #expect(throws: NCMBApiError.self) {
                try await server.using(context) { try await NCMBFile(fileName: "missing.bin").fetch(progress: { _ in }) }
            }

            #expect(error?.errorCode == .noDataAvailable)
        }
    }
}
