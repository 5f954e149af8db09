import Foundation
import KumoSeams
import KumoServer
import NIOCore
import Testing

/// Bytes that crashed MultipartKit 4.7.1 (a byte of 0x80 or more in a part's header name, found by the multipart fuzz
/// target: `Fuzz/Crashes/multipart`) are refused as a malformed body, at any cut of the stream; UTF-8 in header values
/// (file names) still passes.
@Suite struct MultipartHeaderGuardTests {
    static let boundary = "_NCMBProjectBoundary"

    /// Feeds `body` in two pieces cut at `split`; the error the reader threw, or `nil`.
    static func refusal(_ body: [UInt8], split: Int) -> KumoError? {
        let reader = MultipartUploadReader(boundary: boundary)
        do {
            for piece in [body[..<split], body[split...]] { try reader.consume(ByteBuffer(bytes: piece)) }
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: [
        Array("--\(boundary)\r\n".utf8) + [0x80],
        Array("--\(boundary)\r\nContent-Dispositio".utf8) + [0xC3, 0xA9] + Array(": x\r\n\r\n".utf8),
        Array("preamble\r\n--\(boundary)\r\nContent-Type: text/plain\r\n".utf8) + [0xFF] + Array(": x\r\n".utf8),
        Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"acl\"\r\n\r\n{}\r\n--\(boundary)\r\n".utf8) + [0xE2, 0x82, 0xAC],
    ])
    func aNonASCIIHeaderNameIsAMalformedBodyAtEveryCut(body: [UInt8]) {
        for split in 0...body.count {
            #expect(Self.refusal(body, split: split)?.message == "file is invalid format.", "split at \(split)")
        }
    }

    @Test func utf8InAHeaderValueStillPasses() throws {
        let body = Array(
            ("--\(Self.boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"日本語.txt\"\r\n"
                + "Content-Type: text/plain\r\n\r\nこんにちは\r\n--\(Self.boundary)--\r\n").utf8)
        for split in 0...body.count {
            let reader = MultipartUploadReader(boundary: Self.boundary)
            var file: [UInt8] = []
            for piece in [body[..<split], body[split...]] {
                try reader.consume(ByteBuffer(bytes: piece))
                file += reader.takeFileBytes()
            }
            try reader.finish()
            #expect(String(decoding: file, as: UTF8.self) == "こんにちは", "split at \(split)")
        }
    }

    /// The fuzzer's saved inputs (first line: the Content-Type; then the body) are refused, never crash.
    @Test func theFuzzersCrashInputsAreRefused() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../Fuzz/Crashes/multipart")
            .standardizedFileURL
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        try #require(!names.isEmpty)
        for name in names {
            let data = try [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))
            guard let newline = data.firstIndex(of: 10),
                let boundary = MultipartUploadReader.boundary(contentType: String(decoding: data[..<newline], as: UTF8.self))
            else { continue }
            let reader = MultipartUploadReader(boundary: boundary)
            #expect(throws: KumoError.self, "\(name)") { try reader.consume(ByteBuffer(bytes: data[(newline + 1)...])) }
        }
    }
}
