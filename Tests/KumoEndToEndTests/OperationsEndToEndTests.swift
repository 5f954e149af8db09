import AsyncHTTPClient
import Foundation
import NCMBWire
import NIOCore
import NIOHTTP1
import Testing

/// `kumo serve`'s operations features as an operator meets them (docs/operations.md): the metrics listener, the
/// access log in JSON, and settings refused at start with a message naming them.
@Suite(.timeLimit(.minutes(3))) struct OperationsEndToEndTests {
    @Test func theMetricsListenerExportsTheRequestsServed() async throws {
        let kumo = try KumoProcess()
        defer { kumo.removeData() }
        try kumo.createApplication()
        let printed = try kumo.start(extraArguments: ["--metrics-port", "0"], alsoAwaiting: #"Metrics: http://127\.0\.0\.1:\d+/metrics"#)
        defer { kumo.stop() }
        let match = try #require(printed.range(of: #"Metrics: http://127\.0\.0\.1:\d+"#, options: .regularExpression))
        let metricsPort = try #require(Int(printed[match].split(separator: ":").last ?? ""))
        _ = try await kumo.send(.POST, "/2013-09-01/classes/Food", body: #"{"name":"ramen"}"#)
        _ = try await kumo.send(.GET, "/2013-09-01/classes/Food")

        let response = try await HTTPClient.shared.execute(HTTPClientRequest(url: "http://127.0.0.1:\(metricsPort)/metrics"), timeout: .seconds(30))
        let text = String(buffer: try await response.body.collect(upTo: 4 << 20))

        #expect(response.status.code == 200)
        #expect(text.contains(#"kumo_http_requests_total{route="objects.find",method="GET",status_class="2xx"} 1"#), "\(text)")
        #expect(text.contains("process_resident_memory_bytes "), "\(text)")
        #expect(text.contains("kumo_storage_commit_batch_units_count"), "the storage records into the bootstrapped export: \(text)")
        let onAPIPort = try await HTTPClient.shared.execute(HTTPClientRequest(url: "http://127.0.0.1:\(kumo.port)/metrics"), timeout: .seconds(30))
        #expect(onAPIPort.status.code != 200, "the metrics are not on the public port")
    }

    @Test func theAccessLogWritesOneJSONObjectPerRequest() async throws {
        let kumo = try KumoProcess()
        defer { kumo.removeData() }
        try kumo.createApplication()
        let logFile = kumo.dataDirectory.appendingPathComponent("serve.log")
        FileManager.default.createFile(atPath: logFile.path, contents: nil)
        let log = try FileHandle(forWritingTo: logFile)
        try kumo.start(extraArguments: ["--log-format", "json"], logLevel: "info", standardError: log)
        _ = try await kumo.send(.POST, "/2013-09-01/classes/Food", body: #"{"name":"ramen"}"#)
        _ = try await kumo.send(.GET, "/2013-09-01/classes/Food", query: "where=%7B%22secret%22%3A1%7D")
        kumo.stop()
        try log.close()
        let lines = try String(contentsOf: logFile, encoding: .utf8).split(separator: "\n")
        let objects = try lines.map { try #require(try JSONValue(parsing: Array($0.utf8)).objectValue, "not JSON: \($0)") }
        var requests = objects.filter { $0["msg"] == "request" }

        try #require(requests.count == 2, "\(lines)")
        #expect(requests[0]["route"] == "objects.create")
        #expect(requests[0]["status"] == "201")
        requests.removeFirst()
        #expect(requests[0]["route"] == "objects.find")
        #expect(requests[0]["path"] == "/2013-09-01/classes/Food")
        #expect(requests[0]["status"] == "200")
        #expect(requests[0]["client"] == "127.0.0.1")
        #expect(!lines.joined().contains("secret"))
    }

    @Test(arguments: [
        (["--metrics-port", "70000"], [:], "--metrics-port takes 0…65535"),
        ([], ["KUMO_METRICS_PORT": "abc"], "KUMO_METRICS_PORT must be a port number"),
        (["--log-format", "xml"], [:], "--log-format takes logfmt or json"),
        ([], ["KUMO_LOG_FORMAT": "text"], "KUMO_LOG_FORMAT takes logfmt or json"),
        (["--access-log", "maybe"], [:], "--access-log takes on or off"),
        (["--trusted-proxy", "10.0.0.0/99"], [:], "--trusted-proxy takes IP addresses or CIDR ranges"),
        ([], ["KUMO_TRUSTED_PROXIES": "10.0.0.1, proxy.local"], "KUMO_TRUSTED_PROXIES takes IP addresses or CIDR ranges"),
        ([], ["KUMO_HTTP_PORT": "abc"], "KUMO_HTTP_PORT must be a port number"),
        ([], ["KUMO_PASSWORD_HASH_COST": "ten"], "KUMO_PASSWORD_HASH_COST must be a whole number"),
    ] as [([String], [String: String], String)])
    func anInvalidSettingStopsServeWithAMessageNamingIt(arguments: [String], environment: [String: String], message: String) async throws {
        let kumo = try KumoProcess()
        defer { kumo.removeData() }
        let process = Process()
        process.executableURL = KumoProcess.executable
        process.arguments = ["serve", "--port", "0", "--data-dir", kumo.dataDirectory.path] + arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let errors = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        // Validation happens before anything listens: the process ends on its own (a server that started would not).
        let written = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()

        #expect(process.terminationStatus != 0)
        #expect(written.contains(message), "\(written)")
    }
}
