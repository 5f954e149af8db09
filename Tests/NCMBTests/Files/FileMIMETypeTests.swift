import Foundation
import NCMB
import NCMBWire
import Testing

/// The MIME type an upload's `file` part declares, from the name's extension.
@Suite struct FileMIMETypeTests {
    let transport = RecordingTransport()

    /// The `Content-Type` line of the `file` part sent for `fileName`.
    func sentType(_ fileName: String) async throws -> String? {
        let file = NCMBContext.bound(to: transport) { NCMBFile(fileName: fileName) }
        transport.expect(.files(.upload(fileName: fileName)), reply: .json(201, FileReplies.uploaded))
        try await file.save(data: Data())
        let body = String(decoding: try #require(transport.requests.last).body, as: UTF8.self)
        return body.split(separator: "\r\n").first { $0.hasPrefix("Content-Type: ") }.map { String($0.dropFirst(14)) }
    }

    @Test(arguments: [
        ("photo.png", "image/png"), ("photo.JPG", "image/jpeg"), ("notes.txt", "text/plain"),
        ("data.json", "application/json"), ("page.html", "text/html"), ("document.pdf", "application/pdf"),
        ("movie.mp4", "video/mp4"),
    ])
    func aKnownExtensionGivesItsType(fileName: String, type: String) async throws {
        #expect(try await sentType(fileName) == type)
    }

    @Test(arguments: ["takanokun", "archive.unknownextension", ".hidden", "trailing."])
    func anUnknownOrMissingExtensionGivesOctetStream(fileName: String) async throws {
        #expect(try await sentType(fileName) == "application/octet-stream")
    }
}
