import Foundation
import NCMB
import NCMBWire
import Testing

/// `NCMBInstallation.currentInstallation`: persisted by save, restored by the next launch, removed by delete.
@Suite struct NCMBInstallationPersistenceTests {
    let environment = UserTestEnvironment()

    @Test func withNothingSavedTheCurrentInstallationIsANewOne() {
        let installation = environment.bound { NCMBInstallation.currentInstallation }

        #expect(installation.objectId == nil)
        #expect(installation.deviceType == "ios")
        #expect(environment.storedInstallation == nil)
    }

    @Test func aRelaunchedAppRestoresTheSavedInstallation() async throws {
        let installation = environment.makeInstallation(deviceToken: "abc")
        installation.channels = ["news"]
        environment.transport.expect(
            .objects(.installations, .create(defaultInstallationFields(["deviceToken": "abc", "channels": ["news"]]))),
            reply: .json(201, InstallationReplies.created))
        try await installation.save()

        let relaunched = environment.relaunched()
        let restored = relaunched.bound { NCMBInstallation.currentInstallation }

        #expect(restored.objectId == "7FrmPTBKSNtVjajm")
        #expect(restored.deviceToken == "abc")
        #expect(restored.channels == ["news"])
        #expect(restored["createDate"] == "2015-09-29T01:44:13.524Z")
    }

    @Test func aRestoredInstallationSendsItsVersionsAndChangesWithTheNextSave() async throws {
        environment.store.save(Data(InstallationReplies.fetched.utf8), as: .currentInstallation)
        let installation = environment.bound { NCMBInstallation.currentInstallation }
        installation.badge = 5
        environment.transport.expect(
            .objects(
                .installations,
                .update(
                    objectId: "7FrmPTBKSNtVjajm",
                    ["sdkVersion": "1.4.2", "appVersion": .string(NCMBInstallation.defaultAppVersion), "badge": 5])),
            reply: .json(200, InstallationReplies.updated))

        try await installation.save()

        #expect(environment.transport.unmetExpectations.isEmpty)
        #expect(environment.storedInstallation?["badge"] == 5)
        #expect(environment.storedInstallation?["updateDate"] == "2015-06-11T08:33:23.330Z")
    }

    @Test func readingTheCurrentInstallationStoresItsRefreshedVersions() {
        environment.store.save(Data(InstallationReplies.fetched.utf8), as: .currentInstallation)

        _ = environment.bound { NCMBInstallation.currentInstallation }

        #expect(environment.storedInstallation?["sdkVersion"] == "1.4.2")
        #expect(environment.storedInstallation?["appVersion"] == .string(NCMBInstallation.defaultAppVersion))
        #expect(environment.storedInstallation?["deviceToken"] == "abc")
    }

    @Test func aRelaunchAfterDeleteFindsANewInstallation() async throws {
        environment.store.save(Data(InstallationReplies.fetched.utf8), as: .currentInstallation)
        let installation = environment.bound { NCMBInstallation.currentInstallation }
        environment.transport.expect(.objects(.installations, .delete(objectId: "7FrmPTBKSNtVjajm")), reply: .empty(200))

        try await installation.delete()

        #expect(environment.relaunched().bound { NCMBInstallation.currentInstallation }.objectId == nil)
    }

    @Test func anUnreadableStoredInstallationMeansANewOne() {
        environment.store.save(Data("not json".utf8), as: .currentInstallation)

        let installation = environment.bound { NCMBInstallation.currentInstallation }

        #expect(installation.objectId == nil)
        #expect(installation.deviceType == "ios")
    }

    @Test func theInstallationAndTheUserArePersistedSeparately() async throws {
        _ = try await environment.signIn()
        environment.store.save(Data(InstallationReplies.fetched.utf8), as: .currentInstallation)

        let installation = environment.bound { NCMBInstallation.currentInstallation }

        #expect(installation.objectId == "7FrmPTBKSNtVjajm")
        #expect(environment.storedUser?["objectId"] == "HwwaZ60AOTdKRWyC")
    }
}
