import Foundation
import HTTPTypes
import HummingbirdTesting
import KumoImport
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// Runs imports and exports against a ``TestApplication`` and reads back what they wrote.
enum ImportHarness {
    /// The hand-made NCMB export: every field type, users with authData and mail addresses, nested roles,
    /// installations, a push, pointers and relations across classes (`Fixtures/ncmb`).
    static func fixtures() throws -> String {
        try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil)).appendingPathComponent("ncmb").path
    }

    /// The objectIds of the fixtures, by class.
    static let fixtureObjects: [(path: String, objectIds: [String])] = [
        ("users", ["userAlice000001", "userBob00000002", "userAnon0000003"]),
        ("roles", ["roleAdmin000001", "roleStaff000002"]),
        ("installations", ["instIos00000001", "instAndroid0002"]),
        ("classes/GameScore", ["score0000000001", "score0000000002"]),
        ("classes/Stage", ["stage0000000001"]),
    ]

    /// Imports `paths` into the test's application.
    static func run(
        _ application: TestApplication, paths: [String], progress: any ImportProgressDisplay = SilentProgress(),
        configure: (inout ImportOptions) -> Void = { _ in }
    ) async throws -> (result: ImportResult, report: ImportReportMemory) {
        var options = ImportOptions(paths: paths)
        configure(&options)
        let report = ImportReportMemory()
        let identifiers = IncrementingIdentifiers()
        let clock = application.clock
        let importer = Importer(
            storage: application.storage, application: application.application, options: options, progress: progress, report: report,
            clock: ImportClock(now: { clock.now() }, elapsed: { 1 }), newObjectId: { identifiers.objectId() })
        return (try await importer.run(), report)
    }

    /// Exports the test's application into a new folder under its directory.
    static func export(_ application: TestApplication, name: String = "export") async throws -> String {
        let directory = application.directory.appendingPathComponent(name).path
        let exporter = Exporter(
            storage: application.storage, application: application.application, options: ExportOptions(outputDirectory: directory),
            now: application.clock.now())
        _ = try await exporter.run()
        return directory
    }

    /// Logs the anonymous fixture user in again through its kept authData; returns its session token.
    static func anonymousSession(_ requester: TestRequester) async throws -> String {
        let response = try await requester.send(
            .post, "/2013-09-01/users", body: #"{"authData":{"anonymous":{"id":"3F1C5E1E-0000-4000-8000-000000000003"}}}"#)
        #expect(response.status == .ok || response.status == .created, "\(response.text)")
        #expect(response.json?.objectValue?["objectId"]?.stringValue == "userAnon0000003")
        return try #require(response.json?.objectValue?["sessionToken"]?.stringValue)
    }

    /// The GET of every fixture object, as bytes, by path.
    static func fixtureBodies(_ requester: TestRequester, session: String) async throws -> [String: String] {
        var bodies: [String: String] = [:]
        for (path, objectIds) in fixtureObjects {
            for objectId in objectIds {
                let target = "/2013-09-01/\(path)/\(objectId)"
                let response = try await requester.send(.get, target, headers: ["X-NCMB-Apps-Session-Token": session])
                #expect(response.status == .ok, "\(target): \(response.text)")
                bodies[target] = response.text
            }
        }
        return bodies
    }

    /// The objectIds a query on `path` answers, as the given session.
    static func objectIds(_ requester: TestRequester, _ path: String, where query: String, session: String? = nil) async throws -> [String] {
        let encoded = try #require(query.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
        let headers = session.map { ["X-NCMB-Apps-Session-Token": $0] } ?? [:]
        let response = try await requester.send(.get, "/2013-09-01/\(path)?where=\(encoded)", headers: headers)
        #expect(response.status == .ok, "\(response.text)")
        let results = response.json?.objectValue?["results"]?.arrayValue ?? []
        return results.compactMap { $0.objectValue?["objectId"]?.stringValue }.sorted()
    }

    /// Every object of a class in storage, in objectId order.
    static func stored(_ application: TestApplication, _ className: ClassName) async throws -> [StoredObject] {
        try await application.storage.bulk.objects(
            applicationId: application.application.applicationId, className: className, after: nil, limit: 1000)
    }

    /// Writes `text` to a new file `name` in a new folder of the test's directory; returns the folder.
    static func folder(_ application: TestApplication, _ files: [String: String]) throws -> String {
        let directory = application.directory.appendingPathComponent("input-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for (name, text) in files {
            try Data(text.utf8).write(to: directory.appendingPathComponent(name))
        }
        return directory.path
    }
}
