import AsyncHTTPClient
import Foundation
import KumoSeams
import KumoTestSupport
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
        let lines = try await kumo.serveCapturingLog(extraArguments: ["--log-format", "json"]) {
            _ = try await kumo.send(.POST, "/2013-09-01/classes/Food", body: #"{"name":"ramen"}"#)
            _ = try await kumo.send(.GET, "/2013-09-01/classes/Food", query: "where=%7B%22secret%22%3A1%7D")
        }
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
        ([], ["KUMO_METRICS_PORT": "abc"], #"KUMO_METRICS_PORT takes a whole number from 0 to 65535, not "abc""#),
        (["--log-format", "xml"], [:], "--log-format takes logfmt or json"),
        ([], ["KUMO_LOG_FORMAT": "text"], #"KUMO_LOG_FORMAT takes "logfmt" or "json", not "text""#),
        (["--log-level", "loud"], [:], "--log-level takes trace, debug, info"),
        ([], ["KUMO_LOG_LEVEL": "loud"], #"KUMO_LOG_LEVEL takes "trace", "debug""#),
        (["--access-log", "maybe"], [:], "--access-log takes on or off"),
        (["--trusted-proxy", "10.0.0.0/99"], [:], "--trusted-proxy takes IP addresses or CIDR ranges"),
        ([], ["KUMO_TRUSTED_PROXIES": "10.0.0.1, proxy.local"], "KUMO_TRUSTED_PROXIES takes IP addresses or CIDR ranges"),
        ([], ["KUMO_HTTP_PORT": "abc"], #"KUMO_HTTP_PORT takes a whole number from 0 to 65535, not "abc""#),
        ([], ["KUMO_PASSWORD_HASH_COST": "ten"], "KUMO_PASSWORD_HASH_COST takes a whole number from 4 to 31"),
        ([], ["KUMO_DATABASE_TIMEOUT": "soon"], "KUMO_DATABASE_TIMEOUT takes a number from 0.001 to 3600"),
        ([], ["KUMO_SCRIPTS_WORKERS": "many"], "KUMO_SCRIPTS_WORKERS takes a whole number from 1 to 256"),
        ([], ["KUMO_IDLE_TIMEOUT": "-1"], "KUMO_IDLE_TIMEOUT takes a number"),
        ([], ["KUMO_MAIL_TRANSPORT": "smtp"], #"KUMO_MAIL_TRANSPORT takes "file" or "sendmail", not "smtp""#),
        (["--password-hash-cost", "40"], [:], "--password-hash-cost must be between 4 and 31"),
        (["--slow-query-ms", "700000"], [:], "--slow-query-ms takes 0 (off) to 600000 milliseconds"),
        (["--stall-threshold-ms", "70000"], [:], "--stall-threshold-ms takes 0 (off) to 60000 milliseconds"),
        ([], ["KUMO_STALL_THRESHOLD_MS": "soon"], "KUMO_STALL_THRESHOLD_MS takes a number from 0 to 60000"),
        ([], ["KUMO_AUTO_INDEX": "maybe"], #"KUMO_AUTO_INDEX takes "on" or "off", not "maybe""#),
        (["--auto-index", "on", "--slow-query-ms", "0"], [:], "--auto-index on needs slow queries to be recorded"),
        (["--dashboard-audit-days=-1"], [:], "--dashboard-audit-days must be between 0 (forever) and 3650"),
        (["--dashboard-audit-days", "3651"], [:], "--dashboard-audit-days must be between 0 (forever) and 3650"),
        ([], ["KUMO_DASHBOARD_AUDIT_DAYS": "-1"], "KUMO_DASHBOARD_AUDIT_DAYS takes a whole number from 0 to 3650"),
        (["--dashboard-import-lease-seconds", "0"], [:], "--dashboard-import-lease-seconds must be between 1 and 3600"),
        ([], ["KUMO_DASHBOARD_IMPORT_LEASE_SECONDS": "soon"], "KUMO_DASHBOARD_IMPORT_LEASE_SECONDS takes a whole number from 1 to 3600"),
    ] as [([String], [String: String], String)])
    func anInvalidSettingStopsServeWithAMessageNamingIt(arguments: [String], environment: [String: String], message: String) async throws {
        let kumo = try KumoProcess()
        defer { kumo.removeData() }

        // Validation happens before anything listens: the process ends on its own (a server that started would not).
        let result = try await Self.serveUntilExit(kumo, ["--port", "0"] + arguments, environment: environment)

        #expect(result.status != 0)
        #expect(result.errors.contains(message), "\(result.errors)")
    }

    /// Runs `kumo serve` with `arguments` and `environment` added, until it exits on its own; returns its status and
    /// both outputs.
    static func serveUntilExit(_ kumo: KumoProcess, _ arguments: [String], environment: [String: String] = [:]) async throws
        -> (status: Int32, output: String, errors: String)
    {
        let result = try await KumoProcess.runToExit(
            ["serve", "--data-dir", kumo.dataDirectory.path] + arguments, environment: environment)
        return (result.status, result.output, result.error)
    }

    @Test func checkConfigPrintsEachSettingWithItsSourceFlagsOverEnvironmentOverFile() async throws {
        let kumo = try KumoProcess()
        defer { kumo.removeData() }
        let file = kumo.dataDirectory.appendingPathComponent("kumo.json")
        try Data(
            #"{"port": 1111, "metrics-port": 9999, "log-format": "json", "access-log": false, "trusted-proxy": ["127.0.0.1", "::1"], "database": "postgres://kumo:s3cret@db.internal/kumo"}"#
                .utf8
        ).write(to: file)

        let result = try await Self.serveUntilExit(
            kumo, ["--config", file.path, "--check-config", "--log-format", "logfmt"], environment: ["KUMO_HTTP_PORT": "2222"])
        let lines = result.output.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }

        #expect(result.status == 0, "\(result.errors)")
        #expect(lines.contains("port 2222 (environment KUMO_HTTP_PORT)"), "\(result.output)")
        #expect(lines.contains("metrics-port 9999 (file \(file.path))"), "\(result.output)")
        #expect(lines.contains("log-format logfmt (flag --log-format)"), "\(result.output)")
        #expect(lines.contains("access-log off (file \(file.path))"), "\(result.output)")
        #expect(lines.contains("trusted-proxy 127.0.0.1,::1 (file \(file.path))"), "\(result.output)")
        #expect(lines.contains("database postgres://kumo:****@db.internal/kumo (file \(file.path))"), "\(result.output)")
        #expect(lines.contains("host 127.0.0.1 (default)"), "\(result.output)")
        #expect(!result.output.contains("s3cret"))
    }

    @Test(arguments: [
        (#"{"prot": 8080}"#, #""prot" in FILE is not a setting of kumo serve"#),
        (#"{"port": "eighty"}"#, #""port" in FILE takes a whole number from 0 to 65535"#),
        (#"{"port": 70000}"#, #""port" in FILE takes a whole number from 0 to 65535, not "70000""#),
        (#"{"trusted-proxy": ["10.0.0.0/99"]}"#, #""trusted-proxy" in FILE takes IP addresses or CIDR ranges"#),
        (#"{"password-hash-cost": 3}"#, #""password-hash-cost" in FILE takes a whole number from 4 to 31"#),
        (#"[8080]"#, "--config FILE must hold one JSON object of settings"),
        (#"{"port": 8080"#, "--config FILE is not valid JSON"),
    ])
    func aBadConfigurationFileStopsServeWithAMessageNamingTheFileAndKey(contents: String, message: String) async throws {
        let kumo = try KumoProcess()
        defer { kumo.removeData() }
        let file = kumo.dataDirectory.appendingPathComponent("kumo.json")
        try Data(contents.utf8).write(to: file)

        let result = try await Self.serveUntilExit(kumo, ["--config", file.path, "--port", "0"])

        #expect(result.status == 64)
        #expect(result.errors.contains(message.replacingOccurrences(of: "FILE", with: file.path)), "\(result.errors)")
    }

    @Test func aMissingConfigurationFileStopsServe() async throws {
        let kumo = try KumoProcess()
        defer { kumo.removeData() }
        let result = try await Self.serveUntilExit(kumo, ["--port", "0"], environment: ["KUMO_CONFIG": "/nonexistent/kumo.json"])

        #expect(result.status != 0)
        #expect(result.errors.contains("--config /nonexistent/kumo.json: the file cannot be read"), "\(result.errors)")
    }

    @Test func theConfigurationFileConfiguresARunningServer() async throws {
        let kumo = try KumoProcess()
        defer { kumo.removeData() }
        let file = kumo.dataDirectory.appendingPathComponent("kumo.json")
        try Data(#"{"metrics-port": 0, "metrics-host": "127.0.0.1"}"#.utf8).write(to: file)

        let printed = try kumo.start(extraArguments: ["--config", file.path], alsoAwaiting: #"Metrics: http://127\.0\.0\.1:\d+/metrics"#)
        kumo.stop()

        #expect(printed.contains("Metrics: http://127.0.0.1:"))
    }
}

/// `kumo serve --tls-certificate-chain --tls-private-key` as an operator runs it: HTTPS with HTTP/2, and `SIGHUP`
/// presenting renewed certificates (docs/operations.md#tls).
@Suite(.timeLimit(.minutes(2))) struct TLSEndToEndTests {
    @Test(.enabled(if: Curl.isUsable, "needs curl (CI installs it)"))
    func serveSpeaksHTTPSAndReloadsItsCertificateOnSIGHUP() async throws {
        let kumo = try KumoProcess()
        defer { kumo.removeData() }
        let authority = try TestCertificateAuthority()
        let chain = kumo.dataDirectory.appendingPathComponent("chain.pem")
        let key = kumo.dataDirectory.appendingPathComponent("key.pem")
        let caFile = kumo.dataDirectory.appendingPathComponent("ca.pem")
        try Data(authority.certificatePEM.utf8).write(to: caFile)
        func writeLeaf(_ name: String) throws {
            let leaf = try authority.issueLeaf(commonName: name)
            try Data(leaf.certificatePEM.utf8).write(to: chain)
            try Data(leaf.privateKeyPEM.utf8).write(to: key)
        }
        try writeLeaf("kumo-a")
        let log = Pipe()
        let printed = try kumo.start(
            extraArguments: ["--tls-certificate-chain", chain.path, "--tls-private-key", key.path], logLevel: "notice",
            standardError: log.fileHandleForWriting)
        defer { kumo.stop() }

        let before = try await Curl.fetch(["--http2"], port: kumo.port, caFile: caFile)
        try writeLeaf("kumo-b")
        kill(try #require(kumo.processIdentifier), SIGHUP)
        var logged = ""
        while !logged.contains("TLS credentials reloaded") {
            let chunk = log.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            logged += String(decoding: chunk, as: UTF8.self)
        }
        let after = try await Curl.fetch(["--http2"], port: kumo.port, caFile: caFile)

        #expect(printed.contains("listening on https://127.0.0.1:"))
        #expect(before.written == "2 200", "\(before.log)")
        #expect(before.log.contains("CN=kumo-a"))
        #expect(logged.contains("TLS credentials reloaded"), "\(logged)")
        #expect(after.written == "2 200", "\(after.log)")
        #expect(after.log.contains("CN=kumo-b"), "\(after.log)")
    }
}
