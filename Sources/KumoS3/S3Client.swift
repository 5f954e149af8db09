package import AsyncHTTPClient
package import Foundation
import KumoMemberwise
package import NIOCore
package import NIOHTTP1

/// The S3 calls Kumo's file store makes, signed with ``SignatureV4`` and sent through AsyncHTTPClient
/// (docs/decisions/0132-file-bytes-on-s3.md): objects (put, get a range, head, delete), multipart uploads (create,
/// upload a part, complete, abort, list) and listings.
package struct S3Client: Sendable {
    /// Where the bytes live.
    package let location: S3Location
    /// The signer (credentials, region).
    let signer: SignatureV4
    /// The HTTP client (shared, its own event loops).
    let httpClient: HTTPClient
    /// How long one call may take before it fails.
    let timeout: TimeAmount
    /// The signing time.
    let now: @Sendable () -> Date

    /// The most bytes of an XML answer read (listings of 1,000 keys are about 300 KB).
    static let maximumAnswerBytes = 8 * 1024 * 1024

    /// A client of `location` signing with `credentials`.
    package init(
        location: S3Location, credentials: S3Credentials, httpClient: HTTPClient = .shared, timeout: TimeAmount = .seconds(60),
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.location = location
        self.signer = SignatureV4(credentials: credentials, region: location.region)
        self.httpClient = httpClient
        self.timeout = timeout
        self.now = now
    }

    /// An answer: status, headers and the collected body.
    package struct Answer: Sendable {
        /// The HTTP status code.
        package var status: Int
        /// The response headers.
        package var headers: HTTPHeaders
        /// The body bytes.
        package var body: [UInt8]
        /// The body as text (XML answers).
        var text: Substring { Substring(String(decoding: body, as: UTF8.self)) }
    }

    // MARK: Objects

    /// Stores `bytes` under `key` in one request.
    package func putObject(key: String, bytes: [UInt8]) async throws {
        let answer = try await send("PUT", path: location.canonicalPath(key: key), body: bytes)
        try expect(answer, [200], "PutObject", key: key)
    }

    /// Bytes `range` (inclusive, clamped by the store at the end) of `key`; `nil` when the key does not exist, `[]`
    /// when the range starts at or past the end.
    package func getObject(key: String, range: ClosedRange<Int64>) async throws -> [UInt8]? {
        let answer = try await send(
            "GET", path: location.canonicalPath(key: key), headers: [("Range", "bytes=\(range.lowerBound)-\(range.upperBound)")],
            maximumBytes: Int(clamping: range.count) + 1)
        switch answer.status {
        case 200, 206: return answer.body
        case 404: return nil
        case 416: return []
        default: throw S3Error(answer, operation: "GetObject", key: key, location: location)
        }
    }

    /// The size of `key`, or `nil` when it does not exist.
    package func headObject(key: String) async throws -> Int64? {
        let answer = try await send("HEAD", path: location.canonicalPath(key: key))
        switch answer.status {
        case 200: return answer.headers.first(name: "content-length").flatMap { Int64($0) } ?? 0
        case 404: return nil
        default: throw S3Error(answer, operation: "HeadObject", key: key, location: location)
        }
    }

    /// Deletes `key`; a missing key is no error (S3 answers 204 either way).
    package func deleteObject(key: String) async throws {
        let answer = try await send("DELETE", path: location.canonicalPath(key: key))
        try expect(answer, [200, 204, 404], "DeleteObject", key: key)
    }

    /// One page of the keys below `prefix` with their modification times.
    package func listObjects(prefix: String, continuationToken: String?) async throws -> (
        objects: [(key: String, lastModified: Date?, size: Int64)], next: String?
    ) {
        var query: [(name: String, value: String)] = [("list-type", "2"), ("prefix", prefix), ("max-keys", "1000")]
        if let continuationToken { query.append(("continuation-token", continuationToken)) }
        let answer = try await send("GET", path: location.bucketPath, query: query)
        try expect(answer, [200], "ListObjectsV2", key: prefix)
        let objects = S3XML.elements("Contents", in: answer.text).compactMap { element -> (String, Date?, Int64)? in
            guard let key = S3XML.value("Key", in: element) else { return nil }
            let size = S3XML.value("Size", in: element).flatMap { Int64($0) } ?? 0
            return (key, S3XML.value("LastModified", in: element).flatMap(S3Client.parseDate), size)
        }
        let truncated = S3XML.value("IsTruncated", in: answer.text) == "true"
        return (objects.map { (key: $0.0, lastModified: $0.1, size: $0.2) }, truncated ? S3XML.value("NextContinuationToken", in: answer.text) : nil)
    }

    /// Creates the bucket; one that exists and is ours already is no error (`kumo files` and the tests).
    package func createBucket() async throws {
        let answer = try await send("PUT", path: location.bucketPath)
        if answer.status == 409, S3XML.value("Code", in: answer.text) == "BucketAlreadyOwnedByYou" { return }
        try expect(answer, [200], "CreateBucket", key: location.bucket)
    }

    // MARK: Multipart uploads

    /// Starts a multipart upload of `key`; returns its upload id.
    package func createMultipartUpload(key: String) async throws -> String {
        let answer = try await send("POST", path: location.canonicalPath(key: key), query: [("uploads", "")])
        try expect(answer, [200], "CreateMultipartUpload", key: key)
        guard let uploadId = S3XML.value("UploadId", in: answer.text), !uploadId.isEmpty else {
            throw S3Error(status: answer.status, code: "NoUploadId", message: "no UploadId in the answer", operation: "CreateMultipartUpload",
                key: key, location: location)
        }
        return uploadId
    }

    /// Uploads part `number` (from 1) of an upload; returns its ETag.
    package func uploadPart(key: String, uploadId: String, number: Int, bytes: [UInt8]) async throws -> String {
        let answer = try await send(
            "PUT", path: location.canonicalPath(key: key), query: [("partNumber", String(number)), ("uploadId", uploadId)], body: bytes)
        try expect(answer, [200], "UploadPart", key: key)
        guard let etag = answer.headers.first(name: "etag") else {
            throw S3Error(status: answer.status, code: "NoETag", message: "no ETag for part \(number)", operation: "UploadPart", key: key,
                location: location)
        }
        return etag
    }

    /// Completes an upload from its parts' numbers and ETags, in order.
    package func completeMultipartUpload(key: String, uploadId: String, parts: [(number: Int, etag: String)]) async throws {
        let body =
            "<CompleteMultipartUpload>"
            + parts.map { "<Part><PartNumber>\($0.number)</PartNumber><ETag>\(S3XML.escape($0.etag))</ETag></Part>" }.joined()
            + "</CompleteMultipartUpload>"
        let answer = try await send("POST", path: location.canonicalPath(key: key), query: [("uploadId", uploadId)], body: Array(body.utf8))
        // S3 may answer 200 with an error document when the completion fails after it started.
        if answer.status == 200, S3XML.value("Code", in: answer.text) == nil { return }
        throw S3Error(answer, operation: "CompleteMultipartUpload", key: key, location: location)
    }

    /// Abandons an upload and frees its parts; an unknown upload is no error.
    package func abortMultipartUpload(key: String, uploadId: String) async throws {
        let answer = try await send("DELETE", path: location.canonicalPath(key: key), query: [("uploadId", uploadId)])
        try expect(answer, [200, 204, 404], "AbortMultipartUpload", key: key)
    }

    /// The unfinished multipart uploads below `prefix` (all pages).
    package func listMultipartUploads(prefix: String) async throws -> [(key: String, uploadId: String, initiated: Date?)] {
        var uploads: [(key: String, uploadId: String, initiated: Date?)] = []
        var markers: (key: String, uploadId: String)?
        repeat {
            var query: [(name: String, value: String)] = [("uploads", ""), ("prefix", prefix)]
            if let markers { query += [("key-marker", markers.key), ("upload-id-marker", markers.uploadId)] }
            let answer = try await send("GET", path: location.bucketPath, query: query)
            try expect(answer, [200], "ListMultipartUploads", key: prefix)
            for element in S3XML.elements("Upload", in: answer.text) {
                guard let key = S3XML.value("Key", in: element), let uploadId = S3XML.value("UploadId", in: element) else { continue }
                uploads.append((key, uploadId, S3XML.value("Initiated", in: element).flatMap(S3Client.parseDate)))
            }
            if S3XML.value("IsTruncated", in: answer.text) == "true", let key = S3XML.value("NextKeyMarker", in: answer.text),
                let uploadId = S3XML.value("NextUploadIdMarker", in: answer.text), (key, uploadId) != (markers?.key, markers?.uploadId)
            {
                markers = (key, uploadId)
            } else {
                markers = nil
            }
        } while markers != nil
        return uploads
    }

    // MARK: Sending

    /// Signs and sends one request, collecting up to `maximumBytes` of its answer.
    func send(
        _ method: String, path: String, query: [(name: String, value: String)] = [], headers extra: [(name: String, value: String)] = [],
        body: [UInt8]? = nil, maximumBytes: Int = S3Client.maximumAnswerBytes
    ) async throws -> Answer {
        let payloadHash = body.map(SignatureV4.sha256Hexadecimal) ?? SignatureV4.emptyPayloadHash
        var signedHeaders: [(name: String, value: String)] = [("host", location.hostHeader)] + extra
        let signature = SignatureV4.Request(method: method, canonicalPath: path, query: query, headers: signedHeaders, payloadHash: payloadHash)
        signedHeaders += signer.sign(signature, at: now())
        let encodedQuery = query.map { "\(SignatureV4.encode($0.name))=\(SignatureV4.encode($0.value))" }.joined(separator: "&")
        var request = HTTPClientRequest(url: location.url(path: path, encodedQuery: encodedQuery))
        request.method = HTTPMethod(rawValue: method)
        for header in signedHeaders where header.name != "host" { request.headers.add(name: header.name, value: header.value) }
        if let body {
            request.body = .bytes(ByteBuffer(bytes: body))
            request.headers.replaceOrAdd(name: "content-length", value: String(body.count))
        }
        let response: HTTPClientResponse
        do {
            response = try await httpClient.execute(request, timeout: timeout)
        } catch {
            throw S3Error(status: 0, code: "Unreachable", message: String(describing: error), operation: method, key: path, location: location)
        }
        let collected = method == "HEAD" ? ByteBuffer() : try await response.body.collect(upTo: max(maximumBytes, 64 * 1024))
        return Answer(status: Int(response.status.code), headers: response.headers, body: Array(buffer: collected))
    }

    /// Throws ``S3Error`` unless the status is one of `statuses`.
    func expect(_ answer: Answer, _ statuses: [Int], _ operation: String, key: String) throws {
        guard statuses.contains(answer.status) else { throw S3Error(answer, operation: operation, key: key, location: location) }
    }

    /// An ISO 8601 time of S3's answers (`2026-12-07T05:36:31.000Z`, fractions optional).
    static func parseDate(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = text.contains(".") ? [.withInternetDateTime, .withFractionalSeconds] : [.withInternetDateTime]
        return formatter.date(from: text)
    }
}

/// A failed S3 call: its status, S3's error code and message, and where.
@PackageMemberwiseInit
package struct S3Error: Error, CustomStringConvertible {
    /// The HTTP status (0 when the store could not be reached).
    package var status: Int
    /// S3's error code (`NoSuchBucket`, `SignatureDoesNotMatch`, `InvalidAccessKeyId`, `AccessDenied`…).
    package var code: String
    /// S3's message.
    package var message: String
    /// The call (`PutObject`…).
    package var operation: String
    /// The key or path concerned.
    package var key: String
    /// Where.
    package var location: S3Location

    /// The error of an answer, from its XML error document when it has one.
    init(_ answer: S3Client.Answer, operation: String, key: String, location: S3Location) {
        self.init(
            status: answer.status, code: S3XML.value("Code", in: answer.text) ?? "HTTP\(answer.status)",
            message: S3XML.value("Message", in: answer.text) ?? "", operation: operation, key: key, location: location)
    }

    package var description: String {
        "\(operation) of \(key) in bucket \(location.bucket) at \(location.scheme)://\(location.host)\(location.port.map { ":\($0)" } ?? ""): "
            + (status == 0 ? "unreachable (\(message))" : "\(status) \(code)\(message.isEmpty ? "" : ": \(message)")")
    }
}
