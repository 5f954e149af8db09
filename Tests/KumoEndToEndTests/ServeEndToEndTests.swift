import AsyncHTTPClient
import Foundation
import KumoSeams
import NCMBWire
import NIOHTTP1
import Testing

/// `kumo serve` as users run it: a real process, real HTTP on 127.0.0.1 (docs/architecture.md#tests).
@Suite(.serialized) struct ServeEndToEndTests {
    // MARK: Tests

    @Test func createQueryUpdateAndDeleteOverRealHTTP() async throws {
        let kumo = try KumoProcess()
        defer { kumo.removeData() }
        try kumo.createApplication()
        try kumo.start()
        defer { kumo.stop() }

        let created = try await kumo.send(.POST, "/2013-09-01/classes/Food", body: #"{"name":"ramen","price":900}"#)
        let objectId = try #require(try JSONValue(parsing: created.body).objectValue?["objectId"]?.stringValue)
        let updated = try await kumo.send(.PUT, "/2013-09-01/classes/Food/\(objectId)", body: #"{"price":{"__op":"Increment","amount":100}}"#)
        // Swift-style query encoding: `:` and `$` raw
        // (docs/wire/signature.md#query-and-path-encoding-by-client-family).
        let found = try await kumo.send(.GET, "/2013-09-01/classes/Food", query: "where=%7B%22price%22:%7B%22$gte%22:1000%7D%7D&count=1")
        let deleted = try await kumo.send(.DELETE, "/2013-09-01/classes/Food/\(objectId)")
        let missing = try await kumo.send(.GET, "/2013-09-01/classes/Food/\(objectId)")

        #expect(created.status == 201)
        #expect(updated.status == 200)
        #expect(found.status == 200)
        let results = try JSONValue(parsing: found.body).objectValue
        #expect(results?["count"] == 1)
        #expect(results?["results"]?.arrayValue?.first?.objectValue?["price"] == 1000)
        #expect(deleted.status == 200)
        #expect(deleted.body.isEmpty)
        #expect(missing.status == 404)
        #expect(missing.body == #"{"code":"E404001","error":"No data available."}"#)
    }

    @Test func kumoCallSignsAndPrintsTheNCMBShapes() async throws {
        let kumo = try KumoProcess()
        defer { kumo.removeData() }
        try kumo.createApplication()
        try kumo.start()
        defer { kumo.stop() }
        let base = ["--url", "http://127.0.0.1:\(kumo.port)", "--data-dir", kumo.dataDirectory.path]

        let created = try kumo.runCommand(["call", "POST", "/2013-09-01/classes/Food", "--data", #"{"name":"ramen"}"#] + base)
        let found = try kumo.runCommand(["call", "GET", "/2013-09-01/classes/Food", "--query", #"where={"name":"ramen"}"#] + base)

        let createdObject = try JSONValue(parsing: created.trimmingCharacters(in: .whitespacesAndNewlines)).objectValue
        let objectId = try #require(createdObject?["objectId"]?.stringValue)
        #expect(objectId.count == 16)
        #expect(createdObject?.keys == ["objectId", "createDate"])
        let results = try JSONValue(parsing: found.trimmingCharacters(in: .whitespacesAndNewlines)).objectValue?["results"]?.arrayValue
        #expect(results?.count == 1)
        #expect(results?.first?.objectValue?["name"] == "ramen")
        #expect(results?.first?.objectValue?["objectId"] == .string(objectId))
    }

    @Test func serveCreatesADefaultApplicationAndAppsListPrintsItsKeys() async throws {
        let kumo = try KumoProcess()
        defer { kumo.removeData() }
        try kumo.start()
        kumo.stop()

        let listed = try kumo.runCommand(["apps", "list", "--json", "--data-dir", kumo.dataDirectory.path])

        let applications = try JSONValue(parsing: listed.trimmingCharacters(in: .whitespacesAndNewlines)).arrayValue
        let first = try #require(applications?.first?.objectValue)
        #expect(applications?.count == 1)
        #expect(first["name"] == "default")
        #expect(first["applicationKey"]?.stringValue?.count == 64)
        #expect(first["clientKey"]?.stringValue?.count == 64)
        #expect(first["applicationId"]?.stringValue?.count == 16)
    }

    @Test func appsSettingsChangesSessionAndMailSettingsAndRefusesOutOfRangeValues() async throws {
        let kumo = try KumoProcess()
        defer { kumo.removeData() }
        try kumo.createApplication()
        let directory = kumo.dataDirectory.path
        let bodyFile = kumo.dataDirectory.appendingPathComponent("reset.txt")
        try Data("Open {link}".utf8).write(to: bodyFile)

        _ = try kumo.runCommand([
            "apps", "settings", "--data-dir", directory, "--session-lifetime-hours", "48", "--multiple-sessions", "true",
            "--mail-template", "passwordReset", "--subject", "Reset", "--body-file", bodyFile.path,
        ])
        let shown = try kumo.runCommand(["apps", "settings", "--json", "--data-dir", directory])

        let settings = try #require(try JSONValue(parsing: shown.trimmingCharacters(in: .whitespacesAndNewlines)).objectValue)
        #expect(settings["sessionLifetimeSeconds"] == .integer(172_800))
        #expect(settings["allowsMultipleSessions"] == .bool(true))
        #expect(settings["mail"]?.objectValue?["templates"]?.objectValue?["passwordReset"] == ["subject": "Reset", "body": "Open {link}"])
        #expect(throws: KumoProcessError.self) {
            try kumo.runCommand(["apps", "settings", "--data-dir", directory, "--session-lifetime-hours", "169"])
        }
    }

    @Test func gracefulShutdownExitsCleanlyAndKeepsData() async throws {
        let kumo = try KumoProcess()
        defer { kumo.removeData() }
        try kumo.createApplication()
        try kumo.start()
        let created = try await kumo.send(.POST, "/2013-09-01/classes/Food", body: #"{"name":"udon"}"#)
        let objectId = try #require(try JSONValue(parsing: created.body).objectValue?["objectId"]?.stringValue)

        let status = kumo.stop()
        try kumo.start()
        defer { kumo.stop() }
        let read = try await kumo.send(.GET, "/2013-09-01/classes/Food/\(objectId)")

        #expect(status == 0)
        #expect(read.status == 200)
    }
}

extension ServeEndToEndTests {
    @Test(arguments: ["missing.pem", "not-a-certificate.pem"])
    func serveRefusesPushTrustRootsThatAreNotAPEMCertificateFile(_ name: String) async throws {
        let kumo = try KumoProcess()
        defer { kumo.removeData() }
        let file = kumo.dataDirectory.appendingPathComponent(name)
        if name != "missing.pem" { try Data("just text".utf8).write(to: file) }
        let process = ChildProcess()
        process.executableURL = KumoProcess.executable
        process.arguments = ["serve", "--port", "0", "--data-dir", kumo.dataDirectory.path, "--push-trust-roots", file.path]
        let errors = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        // A server that starts anyway would never exit: stop it after a generous wait and fail.
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning, Date() < deadline { try await Task.sleep(for: .milliseconds(100)) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)

        #expect(process.terminationStatus != 0)
        #expect(message.contains("--push-trust-roots"))
        #expect(message.contains("is not a readable PEM certificate file"))
    }
}
