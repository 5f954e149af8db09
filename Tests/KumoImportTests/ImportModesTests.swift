import Foundation
import KumoImport
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// Conflict modes, dry runs, malformed files and objects that cannot be imported, on both engines.
@Suite struct ImportModesTests {
    static let first = #"{"results":[{"objectId":"a1","createDate":"2020-01-01T00:00:00.000Z","updateDate":"2020-01-01T00:00:00.000Z","acl":{"*":{"read":true}},"n":1},"#
        + #"{"objectId":"a2","createDate":"2020-01-01T00:00:00.000Z","updateDate":"2020-01-01T00:00:00.000Z","acl":{"*":{"read":true}},"n":2}]}"#
    static let second = #"[{"objectId":"a2","createDate":"2021-01-01T00:00:00.000Z","updateDate":"2021-01-01T00:00:00.000Z","acl":{},"n":20},"#
        + #"{"objectId":"a3","createDate":"2021-01-01T00:00:00.000Z","updateDate":"2021-01-01T00:00:00.000Z","acl":{},"n":30}]"#

    @Test(arguments: TestDatabase.engines)
    func skipKeepsStoredObjectsAndImportsTheRest(_ engine: StorageEngine) async throws {
        try await TestApplication.with(engine: engine) { application in
            _ = try await ImportHarness.run(application, paths: [try ImportHarness.folder(application, ["Item.json": Self.first])])
            let (result, _) = try await ImportHarness.run(application, paths: [try ImportHarness.folder(application, ["Item.json": Self.second])])

            #expect(result.summary["Item"] == Self.counts(imported: 1, skipped: 1))
            let stored = try await ImportHarness.stored(application, ClassName("Item")!)
            #expect(stored.map(\.objectId) == ["a1", "a2", "a3"])
            #expect(stored.map { $0.fields["n"] } == [1, 2, 30])
        }
    }

    @Test(arguments: TestDatabase.engines)
    func replaceOverwritesFieldsDatesAndACL(_ engine: StorageEngine) async throws {
        try await TestApplication.with(engine: engine) { application in
            _ = try await ImportHarness.run(application, paths: [try ImportHarness.folder(application, ["Item.json": Self.first])])
            let (result, _) = try await ImportHarness.run(application, paths: [try ImportHarness.folder(application, ["Item.json": Self.second])]) {
                $0.conflict = .replace
            }

            #expect(result.summary["Item"] == Self.counts(imported: 1, replaced: 1))
            let replaced = try #require(try await ImportHarness.stored(application, ClassName("Item")!).first { $0.objectId == "a2" })
            #expect(replaced.fields["n"] == 20)
            #expect(replaced.createDate == WireDate(parsing: "2021-01-01T00:00:00.000Z"))
            #expect(replaced.acl == AccessControlList([:]))
        }
    }

    @Test(arguments: TestDatabase.engines)
    func failStopsAndLeavesTheConflictingUnitUnwritten(_ engine: StorageEngine) async throws {
        try await TestApplication.with(engine: engine) { application in
            _ = try await ImportHarness.run(application, paths: [try ImportHarness.folder(application, ["Item.json": Self.first])])
            let folder = try ImportHarness.folder(application, ["Item.json": Self.second])

            await #expect(throws: ImportError.conflict(file: folder + "/Item.json", index: 0, objectId: "a2")) {
                _ = try await ImportHarness.run(application, paths: [folder]) { $0.conflict = .fail }
            }
            let stored = try await ImportHarness.stored(application, ClassName("Item")!)
            #expect(stored.map(\.objectId) == ["a1", "a2"])
            #expect(stored.map { $0.fields["n"] } == [1, 2])
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aDryRunChecksEverythingAndWritesNothing(_ engine: StorageEngine) async throws {
        try await TestApplication.with(engine: engine) { application in
            let (result, report) = try await ImportHarness.run(application, paths: [try ImportHarness.fixtures()]) { $0.isDryRun = true }

            #expect(result.summary.isDryRun)
            #expect(result.summary.total.imported == 11)
            #expect(await report.failures.isEmpty)
            let classes = try await application.storage.bulk.classNames(applicationId: application.application.applicationId)
            #expect(classes.isEmpty)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func aMalformedFileIsReportedWithItsPositionAndNothingIsWritten(_ engine: StorageEngine) async throws {
        try await TestApplication.with(engine: engine) { application in
            let broken = #"{"results":[{"objectId":"b1","n":1},"# + "\n" + #"{"objectId":"b2","n":}]}"#
            let folder = try ImportHarness.folder(application, ["Good.json": Self.first, "Broken.json": broken])

            let error = await #expect(throws: ImportError.self) {
                _ = try await ImportHarness.run(application, paths: [folder])
            }
            guard case .malformed(let position)? = error else {
                Issue.record("expected a malformed file, got \(String(describing: error))")
                return
            }
            #expect(position.path == folder + "/Broken.json")
            #expect(position.index == 1)
            #expect(position.offset == Int64(broken.utf8.count - 3))
            #expect(position.reason == "unexpected character")
            let classes = try await application.storage.bulk.classNames(applicationId: application.application.applicationId)
            #expect(classes.isEmpty)
        }
    }

    @Test(arguments: TestDatabase.engines)
    func objectsThatCannotBeImportedAreReportedAndTheOthersWritten(_ engine: StorageEngine) async throws {
        try await TestApplication.with(engine: engine) { application in
            let users = #"[{"objectId":"u1","userName":"same"},{"objectId":"u2","userName":"same"},{"objectId":"u3","userName":"other"}]"#
            let places = #"[{"objectId":"p1","spot":{"__type":"GeoPoint","latitude":1,"longitude":2}},{"objectId":"p2","spot":5},"#
                + #"{"objectId":"p3","spot":{"__type":"Date","iso":"not a date"}},{"objectId":"p4/x"}]"#
            let folder = try ImportHarness.folder(application, ["user.json": users, "Place.json": places])

            let (result, report) = try await ImportHarness.run(application, paths: [folder])

            #expect(result.summary["user"] == Self.counts(imported: 2, failed: 1))
            #expect(result.summary["Place"] == Self.counts(imported: 1, failed: 3))
            let failures = await report.failures
            let named = failures.map { failure in
                let file = failure.file.hasSuffix("user.json") ? "user" : "Place"
                return "\(file) \(failure.index ?? -1) \(failure.objectId ?? "-") \(failure.reason)"
            }
            #expect(
                named.sorted() == [
                    "Place 1 p2 Invalid GeoPoint value.", "Place 2 p3 spot is invalid format.", "Place 3 p4/x objectId is invalid.",
                    "user 1 u2 userName is duplication.",
                ])
            #expect(try await ImportHarness.stored(application, .user).map(\.objectId) == ["u1", "u3"])
        }
    }

    static func counts(imported: Int = 0, replaced: Int = 0, skipped: Int = 0, failed: Int = 0) -> ImportClassCounts {
        var counts = ImportClassCounts()
        counts.imported = imported
        counts.replaced = replaced
        counts.skipped = skipped
        counts.failed = failed
        return counts
    }
}
