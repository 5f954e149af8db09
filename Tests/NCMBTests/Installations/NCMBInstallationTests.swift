import Foundation
import NCMB
import NCMBWire
import Testing

/// `NCMBInstallation`: default fields, device tokens, save, fetch, delete and query
/// (docs/wire/endpoints/installations.md, F71–F75).
@Suite struct NCMBInstallationTests {
    let environment = UserTestEnvironment()
    var transport: RecordingTransport { environment.transport }

    // MARK: Fields

    @Test func aNewInstallationHasTheDefaultFieldsOfNcmbSwift() {
        let installation = environment.makeInstallation()

        #expect(installation.deviceType == "ios")
        #expect(installation.timeZone == TimeZone.current.identifier)
        #expect(installation.channels == [])
        #expect(installation["sdkVersion"] == "1.4.2")
        #expect(installation["applicationName"] == NCMBInstallation.defaultApplicationName)
        #expect(installation["appVersion"] == NCMBInstallation.defaultAppVersion)
        #expect(installation.deviceToken == nil)
        #expect(installation.badge == nil)
        #expect(installation.objectId == nil)
    }

    @Test func setDeviceTokenFromDataWritesLowercaseHex() {
        let installation = environment.makeInstallation()

        installation.setDeviceTokenFromData(data: Data([0x00, 0x0F, 0xA5, 0xFF, 0x7C]))

        #expect(installation.deviceToken == "000fa5ff7c")
    }

    @Test func propertiesReadAndWriteTheirFields() {
        let installation = environment.makeInstallation()

        installation.badge = 3
        installation.channels = ["news", "sports"]
        installation.timeZone = "Asia/Tokyo"
        installation.deviceToken = "token"

        #expect(installation["badge"] == 3)
        #expect(installation["channels"] == ["news", "sports"])
        #expect(installation["timeZone"] == "Asia/Tokyo")
        #expect(installation["deviceToken"] == "token")
    }

    // MARK: save

    @Test(arguments: CallForm.allCases)
    func saveRegistersEveryFieldAndPersistsTheInstallation(form: CallForm) async throws {
        let installation = environment.makeInstallation(deviceToken: "abc")
        transport.expect(
            .objects(.installations, .create(defaultInstallationFields(["deviceToken": "abc"]))),
            reply: .json(201, InstallationReplies.created))

        let result = await environment.run(
            form, async: { try await installation.save() }, blocking: { installation.save() },
            callback: { installation.saveInBackground(callback: $0) })

        #expect(result.isSuccess)
        #expect(installation.objectId == "7FrmPTBKSNtVjajm")
        #expect(transport.requests.first?.url.absoluteString == "https://mbaas.api.nifcloud.com/2013-09-01/installations")
        #expect(transport.requests.first?.method == .post)
        #expect(environment.storedInstallation?["objectId"] == "7FrmPTBKSNtVjajm")
        #expect(environment.storedInstallation?["deviceToken"] == "abc")
    }

    @Test func saveSendsTheFieldsInTheOrderTheyWereSet() async throws {
        let installation = environment.makeInstallation(deviceToken: "abc")
        transport.expect(
            .objects(.installations, .create(defaultInstallationFields(["deviceToken": "abc"]))),
            reply: .json(201, InstallationReplies.created))

        try await installation.save()

        let expected = JSONValue.object(defaultInstallationFields(["deviceToken": "abc"])).serializedString()
        #expect(transport.body(at: 0) == expected)
    }

    @Test(arguments: CallForm.allCases)
    func saveReportsARegisteredDeviceTokenAndPersistsNothing(form: CallForm) async throws {
        let installation = environment.makeInstallation(deviceToken: "abc")
        transport.expect(
            .objects(.installations, .create(defaultInstallationFields(["deviceToken": "abc"]))),
            reply: .json(409, InstallationReplies.duplicate))

        let result = await environment.run(
            form, async: { try await installation.save() }, blocking: { installation.save() },
            callback: { installation.saveInBackground(callback: $0) })

        let error = try #require(result.error as? NCMBApiError)
        #expect(error.errorCode == .duplication)
        #expect(error.message == "deviceToken is duplication.")
        #expect(installation.objectId == nil)
        #expect(environment.storedInstallation == nil)
    }

    @Test(arguments: CallForm.allCases)
    func saveOfARegisteredInstallationSendsOnlyTheChangedFields(form: CallForm) async throws {
        let registered = try await registeredInstallation()
        registered.badge = 0
        registered.channels = ["Ch1"]
        transport.expect(
            .objects(.installations, .update(objectId: "7FrmPTBKSNtVjajm", ["badge": 0, "channels": ["Ch1"]])),
            reply: .json(200, InstallationReplies.updated))

        let result = await environment.run(
            form, async: { try await registered.save() }, blocking: { registered.save() },
            callback: { registered.saveInBackground(callback: $0) })

        #expect(result.isSuccess)
        #expect(transport.requests.last?.method == .put)
        #expect(registered["updateDate"] == "2015-06-11T08:33:23.330Z")
        #expect(environment.storedInstallation?["badge"] == 0)
    }

    @Test func saveRejectsAnInvalidFieldBeforeAnyRequest() async throws {
        let installation = environment.makeInstallation(deviceToken: "abc")
        installation["bad-name"] = 1

        await #expect(throws: NCMBInvalidRequestError.invalidFieldName) { try await installation.save() }
        #expect(transport.requests.isEmpty)
    }

    // MARK: fetch

    @Test(arguments: CallForm.allCases)
    func fetchReplacesTheFieldsAndRefreshesTheVersions(form: CallForm) async throws {
        let installation = environment.makeInstallation(objectId: "7FrmPTBKSNtVjajm")
        transport.expect(
            .objects(.installations, .get(objectId: "7FrmPTBKSNtVjajm")), reply: .json(200, InstallationReplies.fetched))

        let result = await environment.run(
            form, async: { try await installation.fetch() }, blocking: { installation.fetch() },
            callback: { installation.fetchInBackground(callback: $0) })

        #expect(result.isSuccess)
        #expect(installation.deviceType == "android")
        #expect(installation.deviceToken == "abc")
        #expect(installation.channels == ["Ch1"])
        #expect(installation.badge == 0)
        #expect(installation["key"] == "value")
        #expect(installation["sdkVersion"] == "1.4.2")
        #expect(installation["appVersion"] == NCMBInstallation.defaultAppVersion)
    }

    @Test func aFetchedInstallationSendsItsRefreshedVersionsWithTheNextSave() async throws {
        let installation = environment.makeInstallation(objectId: "7FrmPTBKSNtVjajm")
        transport.expect(
            .objects(.installations, .get(objectId: "7FrmPTBKSNtVjajm")), reply: .json(200, InstallationReplies.fetched))
        transport.expect(
            .objects(
                .installations,
                .update(
                    objectId: "7FrmPTBKSNtVjajm",
                    ["sdkVersion": "1.4.2", "appVersion": .string(NCMBInstallation.defaultAppVersion)])),
            reply: .json(200, InstallationReplies.updated))

        try await installation.fetch()
        try await installation.save()

        #expect(transport.unmetExpectations.isEmpty)
    }

    @Test(arguments: CallForm.allCases)
    func fetchReportsAMissingInstallation(form: CallForm) async throws {
        let installation = environment.makeInstallation(objectId: "gone")
        transport.expect(.objects(.installations, .get(objectId: "gone")), reply: .json(404, InstallationReplies.noData))

        let result = await environment.run(
            form, async: { try await installation.fetch() }, blocking: { installation.fetch() },
            callback: { installation.fetchInBackground(callback: $0) })

        #expect((result.error as? NCMBApiError)?.errorCode == .noDataAvailable)
        #expect(installation.deviceType == "ios")
    }

    @Test(arguments: CallForm.allCases)
    func fetchWithoutAnObjectIdFailsBeforeAnyRequest(form: CallForm) async throws {
        let installation = environment.makeInstallation()

        let result = await environment.run(
            form, async: { try await installation.fetch() }, blocking: { installation.fetch() },
            callback: { installation.fetchInBackground(callback: $0) })

        #expect(result.error as? NCMBInvalidRequestError == .emptyObjectId)
        #expect(transport.requests.isEmpty)
    }

    // MARK: delete

    @Test(arguments: CallForm.allCases)
    func deleteClearsTheFieldsAndThePersistedInstallation(form: CallForm) async throws {
        let installation = try await registeredInstallation()
        #expect(environment.storedInstallation != nil)
        transport.expect(.objects(.installations, .delete(objectId: "7FrmPTBKSNtVjajm")), reply: .empty(200))

        let result = await environment.run(
            form, async: { try await installation.delete() }, blocking: { installation.delete() },
            callback: { installation.deleteInBackground(callback: $0) })

        #expect(result.isSuccess)
        #expect(installation.objectId == nil)
        #expect(installation.deviceToken == nil)
        #expect(environment.storedInstallation == nil)
        #expect(transport.requests.last?.method == .delete)
    }

    @Test(arguments: CallForm.allCases)
    func deleteReportsAServerErrorAndKeepsEverything(form: CallForm) async throws {
        let installation = try await registeredInstallation()
        transport.expect(
            .objects(.installations, .delete(objectId: "7FrmPTBKSNtVjajm")), reply: .json(404, InstallationReplies.noData))

        let result = await environment.run(
            form, async: { try await installation.delete() }, blocking: { installation.delete() },
            callback: { installation.deleteInBackground(callback: $0) })

        #expect((result.error as? NCMBApiError)?.errorCode == .noDataAvailable)
        #expect(installation.objectId == "7FrmPTBKSNtVjajm")
        #expect(environment.storedInstallation != nil)
    }

    // MARK: query

    @Test(arguments: CallForm.allCases)
    func queryFindsInstallationsOnTheInstallationsEndpoint(form: CallForm) async throws {
        var builder = environment.bound { NCMBInstallation.query }
        builder.where(field: "channels", containedInArrayTo: ["news"])
        let query = builder
        transport.expect(
            .objects(.installations, .find(try .matching(["channels": ["$inArray": ["news"]]]))),
            reply: .json(200, #"{"results":[\#(InstallationReplies.fetched)]}"#))

        let result = await environment.run(
            form, async: { try await query.find() }, blocking: { query.find() }, callback: { query.findInBackground(callback: $0) })

        let installations = try #require(result.value)
        #expect(installations.map(\.objectId) == ["7FrmPTBKSNtVjajm"])
        #expect(installations.first?.deviceToken == "abc")
        #expect(transport.requests.first?.url.path == "/2013-09-01/installations")
    }

    @Test func queryCountsInstallations() async throws {
        let query = environment.bound { NCMBInstallation.query }
        transport.expect(
            .objects(.installations, .find(QueryParameters(limit: 0, includesCount: true))),
            reply: .json(200, #"{"results":[],"count":2}"#))

        #expect(try await query.count() == 2)
    }

    /// An installation registered through the transport (and so persisted), with nothing left to send.
    private func registeredInstallation() async throws -> NCMBInstallation {
        let installation = environment.makeInstallation(deviceToken: "abc")
        transport.expect(
            .objects(.installations, .create(defaultInstallationFields(["deviceToken": "abc"]))),
            reply: .json(201, InstallationReplies.created))
        try await installation.save()
        return installation
    }
}
