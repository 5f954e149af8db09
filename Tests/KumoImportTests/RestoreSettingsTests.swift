import Foundation
import HTTPTypes
import HummingbirdTesting
import KumoImport
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// A Kumo export's manifest brings class permissions back on every import, and the application settings with
/// `--restore-settings` (docs/decisions/0060-export-format.md).
@Suite struct RestoreSettingsTests {
    /// Settings that differ from the defaults in every part an export carries (no secrets: nothing is withheld).
    static let settings = ApplicationSettings(
        defaultObjectACL: AccessControlList([AccessControlList.publicKey: .init(read: true)]), usersArePublicReadable: false,
        sessionLifetimeSeconds: 3600, allowsMultipleSessions: true,
        mail: MailSettings(
            senderAddress: "hello@example.com", confirmsMailAddress: true,
            templates: ["passwordReset": MailTemplate(subject: "Reset", body: "Open {link}")], tokenLifetimeSeconds: 7200),
        publicFilesEnabled: true, maximumFileSize: 1 << 20)

    /// Class permissions of GameScore: only signed-in users create, only the admin role deletes, nobody lists.
    static let permissions = ClassPermissions([
        .create: OperationPermission(isPublic: false, allowsAuthenticatedUsers: true),
        .delete: OperationPermission(isPublic: false, roleNames: ["admin"]),
        .find: OperationPermission(isPublic: false),
    ])

    /// An export of an application with ``settings`` and ``permissions`` on GameScore, kept beyond its test.
    static func export() async throws -> String {
        try await TestApplication.with(engine: .sqlite, settings: settings) { application in
            _ = try await ImportHarness.run(application, paths: [try ImportHarness.fixtures()])
            try await application.storage.applications.setClassPermissions(
                permissions, applicationId: application.application.applicationId, className: try #require(ClassName("GameScore")))
            let directory = try await ImportHarness.export(application)
            let kept = FileManager.default.temporaryDirectory.appendingPathComponent("kumo-export-\(UUID().uuidString)").path
            try FileManager.default.moveItem(atPath: directory, toPath: kept)
            return kept
        }
    }

    @Test(arguments: TestDatabase.engines)
    func restoreSettingsBringsBackTheSettingsAndTheClassPermissions(_ engine: StorageEngine) async throws {
        let exported = try await Self.export()
        defer { try? FileManager.default.removeItem(atPath: exported) }

        try await TestApplication.with(engine: engine) { application in
            let (result, report) = try await ImportHarness.run(application, paths: [exported]) { $0.restoresSettings = true }

            #expect(await report.failures.isEmpty)
            #expect(result.summary.settingsRestored)
            #expect(result.summary.classPermissionsRestored == 1)
            let applicationId = application.application.applicationId
            let stored = try await application.storage.applications.classPermissions(applicationId: applicationId)
            #expect(stored[try #require(ClassName("GameScore"))] == Self.permissions)
            let restored = try #require(try await application.storage.applications.application(applicationId: applicationId))
            #expect(restored.settings == Self.settings)
            // The restored permissions apply: an anonymous list of GameScore is refused.
            try await application.test { requester in
                let response = try await requester.send(.get, "/2013-09-01/classes/GameScore")
                #expect(response.status == .forbidden, "\(response.text)")
            }
        }
    }

    @Test(arguments: TestDatabase.engines)
    func withoutRestoreSettingsOnlyTheClassPermissionsComeBack(_ engine: StorageEngine) async throws {
        let exported = try await Self.export()
        defer { try? FileManager.default.removeItem(atPath: exported) }

        try await TestApplication.with(engine: engine) { application in
            let (result, _) = try await ImportHarness.run(application, paths: [exported])

            #expect(!result.summary.settingsRestored)
            #expect(result.summary.classPermissionsRestored == 1)
            let applicationId = application.application.applicationId
            let restored = try #require(try await application.storage.applications.application(applicationId: applicationId))
            #expect(restored.settings == ApplicationSettings())
            let stored = try await application.storage.applications.classPermissions(applicationId: applicationId)
            #expect(stored[try #require(ClassName("GameScore"))] == Self.permissions)
        }
    }

    @Test func aDryRunRestoresNeitherSettingsNorPermissions() async throws {
        let exported = try await Self.export()
        defer { try? FileManager.default.removeItem(atPath: exported) }

        try await TestApplication.with(engine: .sqlite) { application in
            let (result, _) = try await ImportHarness.run(application, paths: [exported]) {
                $0.restoresSettings = true
                $0.isDryRun = true
            }

            #expect(!result.summary.settingsRestored)
            let applicationId = application.application.applicationId
            #expect(try await application.storage.applications.classPermissions(applicationId: applicationId).isEmpty)
            let restored = try #require(try await application.storage.applications.application(applicationId: applicationId))
            #expect(restored.settings == ApplicationSettings())
        }
    }
}
