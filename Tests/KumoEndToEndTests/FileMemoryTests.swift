import AsyncHTTPClient
import Foundation
import NCMBWire
import NIOCore
import NIOHTTP1
import Testing

/// A 100 MB file through a real `kumo serve` (docs/architecture.md#tests): uploaded and downloaded as streams on both
/// sides, while the server's resident memory (`VmHWM`, `VmRSS` from `/proc/<pid>/status`) must grow by less than 32 MB,
/// so uploads and downloads never hold a file in memory (docs/wire/endpoints/files.md,
/// docs/decisions/0012-names-and-sizes.md). Linux only (`/proc`).
@Suite(.serialized) struct FileMemoryTests {
    /// The file size: 100 MB (under the default limit of 100 MiB).
    static let fileSize = 100_000_000
    /// The allowed growth of the server's peak resident memory.
    static let allowedGrowth = 32 * 1024 * 1024
    static let boundary = "KumoMemoryTestBoundary7f3a9c21e5d04b68"
    static let path = "/2013-09-01/files/memory.bin"

    /// One MiB of varied bytes; the file repeats it, each copy stamped with its index in its first 8 bytes.
    static let block: [UInt8] = (0..<(1 << 20)).map { UInt8(truncatingIfNeeded: ($0 &* 2_654_435_761) >> 13) }

    /// The bytes of the file from `offset`, `count` of them.
    static func fileBytes(offset: Int, count: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count)
        var position = offset
        while bytes.count < count {
            let blockIndex = position >> 20
            let inBlock = position & ((1 << 20) - 1)
            let take = min(count - bytes.count, (1 << 20) - inBlock)
            var stamped = block[inBlock..<(inBlock + take)]
            if inBlock < 8 {
                var copy = Array(stamped)
                withUnsafeBytes(of: UInt64(blockIndex).littleEndian) { stamp in
                    for index in inBlock..<min(8, inBlock + take) { copy[index - inBlock] = stamp[index] }
                }
                stamped = copy[...]
            }
            bytes += stamped
            position += take
        }
        return bytes
    }

    /// The multipart body, generated in 256 KiB buffers.
    struct UploadBody: AsyncSequence, Sendable {
        typealias Element = ByteBuffer
        static let head = Array(
            "--\(FileMemoryTests.boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"memory.bin\"\r\nContent-Type: application/octet-stream\r\n\r\n"
                .utf8)
        static let tail = Array("\r\n--\(FileMemoryTests.boundary)--\r\n".utf8)
        static var length: Int { head.count + FileMemoryTests.fileSize + tail.count }

        struct AsyncIterator: AsyncIteratorProtocol {
            var offset = -1
            mutating func next() async -> ByteBuffer? {
                if offset == -1 {
                    offset = 0
                    return ByteBuffer(bytes: UploadBody.head)
                }
                if offset == FileMemoryTests.fileSize {
                    offset += 1
                    return ByteBuffer(bytes: UploadBody.tail)
                }
                guard offset < FileMemoryTests.fileSize else { return nil }
                let count = Swift.min(256 * 1024, FileMemoryTests.fileSize - offset)
                defer { offset += count }
                return ByteBuffer(bytes: FileMemoryTests.fileBytes(offset: offset, count: count))
            }
        }

        func makeAsyncIterator() -> AsyncIterator { AsyncIterator() }
    }

    /// `VmHWM` and `VmRSS` of a process, in bytes.
    static func memory(pid: Int32) throws -> (peak: Int, resident: Int) {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        func kilobytes(_ key: String) -> Int {
            let line = status.split(separator: "\n").first { $0.hasPrefix(key + ":") } ?? ""
            return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1024
        }
        return (kilobytes("VmHWM"), kilobytes("VmRSS"))
    }

    /// The pid of the `kumo serve` child serving `dataDirectory` (KumoProcess keeps its `Process` private).
    static func serverPid(dataDirectory: String) throws -> Int32 {
        for entry in try FileManager.default.contentsOfDirectory(atPath: "/proc") {
            guard let pid = Int32(entry),
                let commandLine = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline")
            else { continue }
            let arguments = commandLine.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            if arguments.contains("serve") && arguments.contains(dataDirectory) { return pid }
        }
        throw KumoProcessError.didNotStart("no kumo serve process for \(dataDirectory)")
    }

    static func signedRequest(_ kumo: KumoProcess, _ method: HTTPMethod, _ path: String) -> HTTPClientRequest {
        let timestamp = WireDate(millisecondsSince1970: Int64(Date().timeIntervalSince1970 * 1000)).formatted
        var request = HTTPClientRequest(url: "http://127.0.0.1:\(kumo.port)\(path)")
        request.method = method
        request.headers.add(name: NCMBHeaderName.applicationKey, value: kumo.applicationKey)
        request.headers.add(name: NCMBHeaderName.timestamp, value: timestamp)
        request.headers.add(
            name: NCMBHeaderName.signature,
            value: RequestSignature.signature(
                method: method.rawValue, host: "127.0.0.1", path: path, rawQuery: nil, applicationKey: kumo.applicationKey,
                clientKey: kumo.clientKey, timestamp: timestamp))
        return request
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/status")))
    func aHundredMegabyteUploadAndDownloadKeepServerMemoryBounded() async throws {
        let kumo = try KumoProcess()
        defer { kumo.removeData() }
        try kumo.createApplication()
        try kumo.start()
        defer { kumo.stop() }
        let pid = try Self.serverPid(dataDirectory: kumo.dataDirectory.path)
        // Warm up: the first requests load the application, the SQLite pages and the blob directory.
        _ = try await kumo.send(.GET, "/2013-09-01/files")
        let before = try Self.memory(pid: pid)

        var upload = Self.signedRequest(kumo, .POST, Self.path)
        upload.headers.add(name: "Content-Type", value: "multipart/form-data; boundary=\(Self.boundary)")
        upload.body = .stream(UploadBody(), length: .known(Int64(UploadBody.length)))
        let uploadStarted = Date()
        let uploaded = try await HTTPClient.shared.execute(upload, timeout: .seconds(600))
        let uploadAnswer = try await uploaded.body.collect(upTo: 64 * 1024)
        let uploadSeconds = Date().timeIntervalSince(uploadStarted)
        let afterUpload = try Self.memory(pid: pid)

        let downloadStarted = Date()
        let downloaded = try await HTTPClient.shared.execute(Self.signedRequest(kumo, .GET, Self.path), timeout: .seconds(600))
        var received = 0
        var identical = true
        for try await buffer in downloaded.body {
            let expected = Self.fileBytes(offset: received, count: buffer.readableBytes)
            identical = identical && buffer.withUnsafeReadableBytes { bytes in
                expected.withUnsafeBytes { expectedBytes in
                    guard let left = expectedBytes.baseAddress, let right = bytes.baseAddress else { return bytes.isEmpty }
                    return expectedBytes.count == bytes.count && memcmp(left, right, bytes.count) == 0
                }
            }
            received += buffer.readableBytes
        }
        let downloadSeconds = Date().timeIntervalSince(downloadStarted)
        let after = try Self.memory(pid: pid)

        let megabytes = { (bytes: Int) in String(format: "%.1f MB", Double(bytes) / 1_048_576) }
        print(
            """
            FileMemoryTests: 100 MB file, server pid \(pid)
              before:       VmHWM \(megabytes(before.peak)), VmRSS \(megabytes(before.resident))
              after upload: VmHWM \(megabytes(afterUpload.peak)), VmRSS \(megabytes(afterUpload.resident)) (\(String(format: "%.1f", uploadSeconds)) s)
              after download: VmHWM \(megabytes(after.peak)), VmRSS \(megabytes(after.resident)) (\(String(format: "%.1f", downloadSeconds)) s)
              peak growth:  \(megabytes(after.peak - before.peak))
            """)
        #expect(uploaded.status.code == 201, "upload answered \(String(buffer: uploadAnswer))")
        #expect(downloaded.status.code == 200)
        #expect(downloaded.headers.first(name: "Content-Length") == String(Self.fileSize))
        #expect(downloaded.headers.first(name: NCMBHeaderName.responseSignature) != nil)
        #expect(received == Self.fileSize)
        #expect(identical)
        #expect(after.peak - before.peak < Self.allowedGrowth, "peak resident memory grew by \(megabytes(after.peak - before.peak))")
    }
}
