import Foundation
import KumoSeams
import KumoServer
import NCMBWire
import NIOCore
import Testing

/// The multipart scanner under the upload reader (docs/decisions/0113-uploads-scanned-in-bulk.md): bytes that crashed
/// MultipartKit 4.7.1, which Kumo used before (a byte of 0x80 or more in a part's header name, found by the multipart
/// fuzz target: `Fuzz/Crashes/multipart`), are refused as a malformed body at any cut of the stream; UTF-8 in header
/// values (file names) still passes; delimiters are found across buffers, and near-delimiters in a file are its bytes.
@Suite struct MultipartScannerTests {
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

    /// Reads `body` cut into pieces of `size` bytes; the file and the ACL, or the error.
    static func read(_ body: [UInt8], pieces size: Int) -> Result<(file: [UInt8], acl: [UInt8]?), KumoError> {
        let reader = MultipartUploadReader(boundary: boundary)
        var file: [UInt8] = []
        do {
            var start = 0
            while start < body.count {
                let end = min(start + size, body.count)
                try reader.consume(ByteBuffer(bytes: body[start..<end]))
                file += reader.takeFileBytes()
                start = end
            }
            try reader.finish()
            return .success((file, reader.aclText))
        } catch {
            return .failure(error)
        }
    }

    @Test func nearDelimitersInTheFileAreItsBytesAtEveryPieceSize() throws {
        // Every prefix of the delimiter, and the delimiter's bytes without its CR LF, inside the file.
        let delimiter = "\r\n--\(Self.boundary)"
        // (By bytes: `"\r\n"` is one `Character`, so a prefix by characters would hold the whole delimiter.)
        let data =
            (1..<delimiter.utf8.count).map { String(decoding: delimiter.utf8.prefix($0), as: UTF8.self) + "x" }.joined()
            + "--\(Self.boundary)\r\r\n\r\n-"
        let body = Array(
            ("preamble\r\n--\(Self.boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"f\"\r\n\r\n\(data)"
                + "\r\n--\(Self.boundary)\r\nContent-Disposition: form-data; name=\"acl\"\r\n\r\n{}"
                + "\r\n--\(Self.boundary)--\r\nepilogue \r\n--\(Self.boundary)\r\n\u{80}").utf8)
        for size in 1...80 {
            let read = try Self.read(body, pieces: size).get()
            #expect(read.file == Array(data.utf8), "pieces of \(size)")
            #expect(read.acl == Array("{}".utf8), "pieces of \(size)")
        }
    }

    @Test(arguments: [
        // No CR LF after the first boundary.
        "--\(boundary)Content-Type: x\r\n\r\nfile\r\n--\(boundary)--",
        // A header line without a colon, or with an empty name.
        "--\(boundary)\r\nContent-Disposition form-data\r\n\r\nfile\r\n--\(boundary)--",
        "--\(boundary)\r\n: value\r\n\r\nfile\r\n--\(boundary)--",
        // Anything but CR LF or -- after a delimiter.
        "--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"\r\n\r\nfile\r\n--\(boundary)xx",
    ])
    func malformedBodiesAreRefused(body: String) {
        for size in [1, 7, body.utf8.count] {
            guard case .failure(let error) = Self.read(Array(body.utf8), pieces: size) else {
                Issue.record("accepted in pieces of \(size)")
                continue
            }
            #expect(error.code == .invalidFormat, "pieces of \(size)")
        }
    }

    @Test func partHeadersOverTheirLimitAreRefusedBeforeTheyEnd() {
        let long = "--\(Self.boundary)\r\nX-Padding: " + String(repeating: "a", count: MultipartScanner.maximumHeaderBytes)
        let reader = MultipartUploadReader(boundary: Self.boundary)

        let error = #expect(throws: KumoError.self) { try reader.consume(ByteBuffer(string: long)) }
        #expect(error?.code == .invalidFormat)
    }
}
