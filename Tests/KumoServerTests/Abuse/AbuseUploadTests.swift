import Foundation
import HTTPTypes
import HummingbirdTesting
import KumoServer
import KumoStorage
import KumoTestSupport
import NCMBWire
import NIOCore
import Testing

/// An upload in flight holds nothing but its own connection (issue 28, item 9; docs/decisions/0113-uploads-scanned-in-bulk.md):
/// small requests are answered while it waits for the rest of its body, its bytes arrive intact, and an upload refused
/// mid-stream ends its connection instead of being read to its end. Ordering of events over real sockets, no timing.
@Suite(.timeLimit(.minutes(2))) struct AbuseUploadTests {
    /// Bytes that look random (a linear congruential generator), so that near-delimiters and CR LF occur by chance.
    static func noise(_ count: Int) -> [UInt8] {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        return (0..<count).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 56)
        }
    }

    /// The head of a signed multipart upload of `fileName` (with its blank line).
    static func uploadHead(_ application: TestApplication, fileName: String, form: MultipartForm, extra: String) -> String {
        application.signedHead(method: "POST", path: "/2013-09-01/files/\(fileName)")
            .replacingOccurrences(of: "Content-Type: application/json", with: "Content-Type: \(form.contentType)") + extra + "\r\n"
    }

    @Test func smallRequestsAreAnsweredWhileAnUploadWaitsForTheRestOfItsBody() async throws {
        try await TestApplication.with { application in
            try await application.testLive { port, client in
                let data = Self.noise(8 << 20)
                let form = MultipartForm(fileName: "big.bin", mimeType: "application/octet-stream", data: data, acl: nil)
                let body = form.encodedBytes()
                let head = Self.uploadHead(application, fileName: "big.bin", form: form, extra: "Content-Length: \(body.count)\r\n")
                let channel = try await RawConnection.connect(port: port)
                try await channel.executeThenClose { inbound, outbound in
                    var iterator = inbound.makeAsyncIterator()
                    try await outbound.write(ByteBuffer(string: head))
                    try await outbound.write(ByteBuffer(bytes: body[..<(body.count / 2)]))
                    // The upload is in flight: half of its body sent, the rest held back until the others are answered.
                    let health = try await client.send(.get, "/health", signed: false)
                    let created = try await client.send(.post, "/2013-09-01/classes/Beside", body: #"{"a":1}"#)
                    let found = try await client.send(.get, "/2013-09-01/classes/Beside")
                    try await outbound.write(ByteBuffer(bytes: body[(body.count / 2)...]))
                    let uploaded = try await RawConnection.readResponse(&iterator)

                    #expect(health.status == .ok)
                    #expect(created.status == .created)
                    #expect(found.json?.objectValue?["results"]?.arrayValue?.count == 1)
                    #expect(uploaded?.status == 201, "\(uploaded.map { String(decoding: $0.body, as: UTF8.self) } ?? "no answer")")
                }
                let downloaded = try await client.send(.get, "/2013-09-01/files/big.bin")
                #expect(downloaded.status == .ok)
                #expect(downloaded.bytes == data, "the bytes arrive intact")
            }
        }
    }

    @Test func anUploadOverTheFileLimitIsRefusedAndTheRestIsNeverRead() async throws {
        var settings = ApplicationSettings()
        settings.maximumFileSize = 1 << 20
        try await TestApplication.with(settings: settings) { application in
            try await application.testLive { port, _ in
                let form = MultipartForm(fileName: "huge.bin", mimeType: "application/octet-stream", data: Self.noise(4 << 20), acl: nil)
                let body = form.encodedBytes()
                let chunked =
                    Self.uploadHead(application, fileName: "huge.bin", form: form, extra: "Transfer-Encoding: chunked\r\n")
                    + String(body.count, radix: 16) + "\r\n"
                let after = "\r\n0\r\n\r\n" + application.signedHead(method: "GET", path: "/2013-09-01/classes/Beside") + "\r\n"
                let responses = try await RawConnection.responses(Array(chunked.utf8) + body + Array(after.utf8), port: port)

                #expect(responses.map(\.status) == [413], "nothing after the refusal is answered")
                #expect(responses.first?.errorCode == "E413001")
                #expect(responses.first?.header("connection") == "close")
                let files = try await application.storage.objects.find(
                    FindRequest(applicationId: application.application.applicationId, className: .file, parameters: QueryParameters()),
                    access: .bypass)
                #expect(files.objects.isEmpty)
            }
        }
    }
}
