import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import KumoServer
import KumoStorage
import KumoTestSupport
import NCMBWire
import NIOCore
import Testing

/// Shared helpers of the files tests (docs/wire/endpoints/files.md#multipart-upload-vectors).
enum FileTests {
    /// The collection path.
    static let path = "/2013-09-01/files"
    /// The boundary of the SDK vectors.
    static let boundary = MultipartForm.defaultBoundary
    /// The `Content-Type` of the SDK vectors.
    static let contentType = "multipart/form-data; boundary=" + boundary

    /// The path of one file, percent-encoded as the Swift SDK sends it.
    static func filePath(_ name: String) -> String { path + "/" + PercentEncoding.encode(name) }

    /// Vector M1: file-style `acl` part `{}` then the file `takanokun` holding `abcdefg123456`.
    static let m1 = Array(
        "--_NCMBProjectBoundary\r\nContent-Disposition: form-data; name=\"acl\"; filename=\"acl\"\r\n\r\n{}\r\n--_NCMBProjectBoundary\r\nContent-Disposition: form-data; name=\"file\"; filename=\"takanokun\"\r\nContent-Type: application/octet-stream\r\n\r\nabcdefg123456\r\n--_NCMBProjectBoundary--\r\n\r\n"
            .utf8)

    /// Vector M2: M1 without the `acl` part.
    static let m2 = Array(
        "--_NCMBProjectBoundary\r\nContent-Disposition: form-data; name=\"file\"; filename=\"takanokun\"\r\nContent-Type: application/octet-stream\r\n\r\nabcdefg123456\r\n--_NCMBProjectBoundary--\r\n\r\n"
            .utf8)

    /// Vector M3 (`upload.text`, public read and write, `text/plain`) with `bytes` as the file.
    static func m3(_ bytes: String = "Hello, NCMB!") -> [UInt8] {
        Array(
            "--_NCMBProjectBoundary\r\nContent-Disposition: form-data; name=\"acl\"; filename=\"acl\"\r\n\r\n{\"*\":{\"read\":true,\"write\":true}}\r\n--_NCMBProjectBoundary\r\nContent-Disposition: form-data; name=\"file\"; filename=\"upload.text\"\r\nContent-Type: text/plain\r\n\r\n\(bytes)\r\n--_NCMBProjectBoundary--\r\n"
                .utf8)
    }

    /// A JS-style body (its own boundary, `acl` as a plain field after the file).
    static func javaScriptBody(fileName: String, data: String, acl: String, boundary: String = "----formdata-undici-0123456789")
        -> [UInt8]
    {
        Array(
            "--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"\(fileName)\"\r\nContent-Type: text/plain\r\n\r\n\(data)\r\n--\(boundary)\r\nContent-Disposition: form-data; name=\"acl\"\r\n\r\n\(acl)\r\n--\(boundary)--\r\n"
                .utf8)
    }

    /// Runs `body` with a requester on a fresh SQLite server with `settings`.
    static func run(
        settings: ApplicationSettings = ApplicationSettings(),
        _ body: @escaping @Sendable (TestApplication, TestRequester) async throws -> Void
    ) async throws {
        try await TestApplication.withRequester(settings: settings, body)
    }

    /// Deterministic bytes of every value.
    static func pattern(_ count: Int) -> [UInt8] { (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 8) } }
}

extension TestRequester {
    /// The string to sign of a request this requester sends now (for checking response signatures).
    func stringToSign(_ method: HTTPRequest.Method, _ path: String) -> String {
        RequestSignature.stringToSign(
            method: method.rawValue, host: "localhost", path: path, queryPairs: [], applicationKey: application.applicationKey,
            timestamp: clock.now().formatted)
    }

    /// Sends raw bytes, signed like `send`.
    func sendBytes(
        _ method: HTTPRequest.Method, _ target: String, body: [UInt8], contentType: String?, token: String? = nil
    ) async throws -> TestResponse {
        var headers = HTTPFields()
        if let contentType { headers[.contentType] = contentType }
        let timestamp = clock.now().formatted
        let path = target.split(separator: "?", maxSplits: 1).first.map(String.init) ?? target
        headers[HTTPField.Name(NCMBHeaderName.applicationKey)!] = application.applicationKey
        headers[HTTPField.Name(NCMBHeaderName.timestamp)!] = timestamp
        headers[HTTPField.Name(NCMBHeaderName.signature)!] = RequestSignature.signature(
            method: method.rawValue, host: "localhost", path: path, rawQuery: nil, applicationKey: application.applicationKey,
            clientKey: application.clientKey, timestamp: timestamp)
        headers[HTTPField.Name("Host")!] = "localhost"
        if let token { headers[HTTPField.Name(UserTests.sessionHeader)!] = token }
        return try await client.execute(uri: target, method: method, headers: headers, body: ByteBuffer(bytes: body))
    }

    /// Uploads `data` as `name` the way the Swift SDK does (`MultipartForm`), and expects 201.
    @discardableResult
    func upload(
        _ name: String, data: [UInt8] = Array("hello".utf8), mimeType: String = "text/plain", acl: JSONObject? = nil,
        token: String? = nil
    ) async throws -> TestResponse {
        let form = MultipartForm(fileName: name, mimeType: mimeType, data: data, acl: acl)
        let response = try await sendBytes(
            .post, FileTests.filePath(name), body: form.encodedBytes(), contentType: form.contentType, token: token)
        #expect(response.status == .created, "upload failed: \(response.text)")
        return response
    }

    /// Sends a request with an optional session token.
    func send(_ method: HTTPRequest.Method, _ target: String, body: String? = nil, optionalToken token: String?) async throws
        -> TestResponse
    {
        try await send(method, target, body: body, headers: token.map { [UserTests.sessionHeader: $0] } ?? [:])
    }
}
