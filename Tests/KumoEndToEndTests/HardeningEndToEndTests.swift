import AsyncHTTPClient
import Foundation
import KumoSeams
import NCMBWire
import NIOHTTP1
import Testing

/// `kumo serve` options of issue 13 as users run them: the replay window (finding 8) and keys kept out of logs and
/// non-terminal output (finding 9) (docs/decisions/0064-keys-only-in-the-first-banner.md).
@Suite(.serialized) struct HardeningEndToEndTests {
    static let stale = "2001-01-01T00:00:00.000Z"

    /// Sends the same stale request twice and counts the objects of its class.
    static func replayTwice(_ kumo: KumoProcess) async throws -> (statuses: [Int], bodies: [String], count: Int?) {
        var statuses: [Int] = []
        var bodies: [String] = []
        for _ in 0..<2 {
            let answer = try await kumo.send(.POST, "/2013-09-01/classes/Replay", body: #"{"n":1}"#, timestamp: stale)
            statuses.append(answer.status)
            bodies.append(answer.body)
        }
        let found = try await kumo.send(.GET, "/2013-09-01/classes/Replay", query: "count=1&limit=0")
        return (statuses, bodies, try JSONValue(parsing: found.body).objectValue?["count"]?.integerValue.map { Int($0) })
    }

    @Test(arguments: ["flag", "environment"])
    func aStaleRequestIsRefusedWithinTheConfiguredSkew(_ how: String) async throws {
        let kumo = try KumoProcess()
        defer { kumo.removeData() }
        try kumo.createApplication()
        if how == "flag" {
            try kumo.start(extraArguments: ["--max-clock-skew", "300"])
        } else {
            try kumo.start(environment: ["KUMO_MAX_CLOCK_SKEW": "300"])
        }
        defer { kumo.stop() }

        let replay = try await Self.replayTwice(kumo)

        #expect(replay.statuses == [401, 401])
        #expect(replay.bodies.allSatisfy { $0 == #"{"code":"E401001","error":"Authentication error by header incorrect."}"# })
        #expect(replay.count == 0, "a replayed request creates nothing")
    }

    @Test func withoutASkewTheStaleRequestIsAcceptedAsNCMBDid() async throws {
        let kumo = try KumoProcess()
        defer { kumo.removeData() }
        try kumo.createApplication()
        try kumo.start()
        defer { kumo.stop() }

        let replay = try await Self.replayTwice(kumo)

        #expect(replay.statuses == [201, 201], "docs/decisions/0006-timestamp-freshness.md: off by default")
        #expect(replay.count == 2)
    }

    @Test func keysAreNeverLoggedNorPrintedWhenStandardOutputIsNotATerminal() async throws {
        let kumo = try KumoProcess()
        defer { kumo.removeData() }
        let logFile = kumo.dataDirectory.appendingPathComponent("serve.log")
        FileManager.default.createFile(atPath: logFile.path, contents: nil)
        let log = try FileHandle(forWritingTo: logFile)
        // First start: `kumo serve` creates the application itself (the banner would show its keys on a terminal).
        let firstBanner = try kumo.start(logLevel: "trace", standardError: log)
        _ = try await kumo.send(.GET, "/2013-09-01/classes/Anything")
        kumo.stop()
        let secondBanner = try kumo.start(logLevel: "trace", standardError: log)
        kumo.stop()
        try log.close()

        let listed = try kumo.runCommand(["apps", "list", "--json", "--data-dir", kumo.dataDirectory.path])
        let application = try #require(try JSONValue(parsing: Array(listed.utf8)).arrayValue?.first?.objectValue)
        let clientKey = try #require(application["clientKey"]?.stringValue)
        let logged = try String(contentsOf: logFile, encoding: .utf8)
        #expect(!logged.isEmpty, "the server logged at trace level")
        for (name, text) in [("first banner", firstBanner), ("second banner", secondBanner), ("log", logged)] {
            #expect(!text.contains(clientKey), "\(name) holds the client key")
        }
        #expect(firstBanner.contains("kumo apps list"), "the banner says where the keys are")
    }

    @Test func aLowDescriptorLimitIsWarnedAboutAtStart() async throws {
        let kumo = try KumoProcess()
        defer { kumo.removeData() }
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        // Soft and hard limit 256: `kumo serve` cannot raise it and fits its connection maximum under it.
        process.arguments = [
            "-c", "ulimit -n 256 && exec \"$0\" serve --port 0 --data-dir \"$1\" --log-level warning",
            KumoProcess.executable.path, kumo.dataDirectory.path,
        ]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        var printed = ""
        while !printed.contains("listening on") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            printed += String(decoding: chunk, as: UTF8.self)
        }
        process.terminate()
        process.waitUntilExit()
        let logged = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)

        #expect(printed.contains("listening on"), "the server starts: \(printed)")
        #expect(logged.contains("file-descriptor limit is low"), "log: \(logged)")
        #expect(logged.contains("maximumConnections=128") || logged.contains("maximumConnections: 128"), "log: \(logged)")
    }
}
