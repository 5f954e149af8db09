import Foundation
import KumoTestSupport
import NCMBWire
import NIOHTTP1
import Testing

/// `kumo serve`'s settings read one way whatever their source (docs/configuration.md#how-settings-are-read): on/off in
/// any letter case, blanks around a variable's number ignored, and every setting checked, listed by `--check-config` and
/// settable in the configuration file.
@Suite(.timeLimit(.minutes(3))) struct ServeSettingsEndToEndTests {
    @Test(
        arguments: [
            ([], ["KUMO_ACCESS_LOG": "ON"], true),
            (["--access-log", "ON"], [:], true),
            (["--access-log", "Off"], [:], false),
            ([], ["KUMO_ACCESS_LOG": "OFF"], false),
        ] as [([String], [String: String], Bool)])
    func theAccessLogTakesOnAndOffInAnyLetterCase(arguments: [String], environment: [String: String], writes: Bool) async throws {
        let kumo = try KumoProcess()
        defer { kumo.removeData() }
        try kumo.createApplication()
        let lines = try await kumo.serveCapturingLog(extraArguments: ["--log-format", "json"] + arguments, environment: environment) {
            _ = try await kumo.send(.GET, "/2013-09-01/classes/Food")
        }
        let requests = try lines.filter {
            try #require(try JSONValue(parsing: Array($0.utf8)).objectValue, "not JSON: \($0)")["msg"] == "request"
        }

        #expect(requests.count == (writes ? 1 : 0), "\(lines)")
    }

    /// A choice is read in any letter case, as its check accepts it: `KUMO_LOG_FORMAT=JSON` used to pass the check and
    /// then log in logfmt.
    @Test(arguments: [(["--log-format", "JSON"], [:]), ([], ["KUMO_LOG_FORMAT": "Json"])] as [([String], [String: String])])
    func theLogFormatTakesItsChoiceInAnyLetterCase(arguments: [String], environment: [String: String]) async throws {
        let kumo = try KumoProcess()
        defer { kumo.removeData() }
        try kumo.createApplication()
        let lines = try await kumo.serveCapturingLog(extraArguments: arguments, environment: environment) {
            _ = try await kumo.send(.GET, "/2013-09-01/classes/Food")
        }

        #expect(!lines.isEmpty)
        for line in lines { #expect((try? JSONValue(parsing: Array(line.utf8)).objectValue) != nil, "not JSON: \(line)") }
    }

    @Test func blanksAroundANumberInAVariableAreIgnoredByEveryCheck() async throws {
        let kumo = try KumoProcess()
        defer { kumo.removeData() }

        let result = try await OperationsEndToEndTests.serveUntilExit(
            kumo, ["--check-config"],
            environment: ["KUMO_MAX_CLOCK_SKEW": " 5", "KUMO_IDLE_TIMEOUT": "30 ", "KUMO_MAX_CONNECTIONS": " 100 "])

        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("max-clock-skew"), "\(result.output)")
    }

    @Test func aNumberWithBlanksInAVariableIsReadNotReplacedByTheDefault() async throws {
        let first = try KumoProcess()
        defer { first.removeData() }
        try first.start()
        defer { first.stop() }
        let second = try KumoProcess()
        defer { second.removeData() }

        // The port is taken: read as given, the start is refused naming it; read as the default, it would listen elsewhere.
        let result = try await KumoProcess.runToExit(
            ["serve", "--data-dir", second.dataDirectory.path], environment: ["KUMO_HTTP_PORT": " \(first.port)"])

        #expect(result.status != 0)
        #expect(result.error.contains("port \(first.port) is already in use on 127.0.0.1"), "\(result.error)")
    }

    @Test func theScriptSettingsAreListedCheckedAndTakenFromTheConfigurationFile() async throws {
        let kumo = try KumoProcess()
        defer { kumo.removeData() }
        let file = kumo.dataDirectory.appendingPathComponent("kumo.json")
        try Data(#"{"scripts-memory-mb": 512, "scripts-allow-network": ["10.0.0.0/8", "192.168.1.20"]}"#.utf8).write(to: file)

        let result = try await OperationsEndToEndTests.serveUntilExit(
            kumo, ["--config", file.path, "--check-config"], environment: ["KUMO_SCRIPTS_ISOLATION": "process"])
        let lines = result.output.split(separator: "\n").map {
            $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        }

        #expect(result.status == 0, "\(result.errors)")
        #expect(lines.contains("scripts-memory-mb 512 (file \(file.path))"), "\(result.output)")
        #expect(lines.contains("scripts-allow-network 10.0.0.0/8,192.168.1.20 (file \(file.path))"), "\(result.output)")
        #expect(lines.contains("scripts-isolation process (environment KUMO_SCRIPTS_ISOLATION)"), "\(result.output)")
    }

    @Test(arguments: [
        (["KUMO_SCRIPTS_MEMORY_MB": "lots"], "KUMO_SCRIPTS_MEMORY_MB takes a whole number from 144 to 65536, not \"lots\""),
        (["KUMO_SCRIPTS_ISOLATION": "jail"], #"KUMO_SCRIPTS_ISOLATION takes "auto" or "process", not "jail""#),
        (
            ["KUMO_SCRIPTS_HEAP_MB": "1024", "KUMO_SCRIPTS_MEMORY_MB": "512"],
            "KUMO_SCRIPTS_MEMORY_MB must be between --scripts-heap-mb + 128"
        ),
        (["KUMO_SCRIPTS_ALLOW_NETWORK": "10.0.0.0/99"], "KUMO_SCRIPTS_ALLOW_NETWORK: 10.0.0.0/99 is not an address or an address range"),
    ])
    func aBadScriptSettingInTheEnvironmentStopsServeNamingIt(environment: [String: String], message: String) async throws {
        let kumo = try KumoProcess()
        defer { kumo.removeData() }

        let result = try await OperationsEndToEndTests.serveUntilExit(kumo, ["--check-config"], environment: environment)

        #expect(result.status != 0)
        #expect(result.errors.contains(message), "\(result.errors)")
    }
}
