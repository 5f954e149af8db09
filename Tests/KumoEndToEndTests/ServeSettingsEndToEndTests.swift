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
        let logFile = kumo.dataDirectory.appendingPathComponent("serve.log")
        FileManager.default.createFile(atPath: logFile.path, contents: nil)
        let log = try FileHandle(forWritingTo: logFile)
        try kumo.start(
            extraArguments: ["--log-format", "json"] + arguments, environment: environment, logLevel: "info", standardError: log)
        _ = try await kumo.send(.GET, "/2013-09-01/classes/Food")
        kumo.stop()
        try log.close()
        let lines = try String(contentsOf: logFile, encoding: .utf8).split(separator: "\n")
        let requests = try lines.filter {
            try #require(try JSONValue(parsing: Array($0.utf8)).objectValue, "not JSON: \($0)")["msg"] == "request"
        }

        #expect(requests.count == (writes ? 1 : 0), "\(lines)")
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
}
