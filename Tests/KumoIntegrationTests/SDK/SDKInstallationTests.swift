import Foundation
import KumoTestSupport
import NCMB
import Testing

/// Installations through the real SDK and server in process: registration, channel queries, updates, delete, unique
/// device tokens and ACLs (docs/wire/endpoints/installations.md).
@Suite struct SDKInstallationTests {
    /// Registers an installation with `token` and `channels`.
    static func register(_ token: String, channels: [String]) async throws -> NCMBInstallation {
        let installation = NCMBInstallation()
        installation.deviceToken = token
        installation.channels = channels
        try await installation.save()
        return installation
    }

    @Test func twoInstallationsAreQueriedByChannelUpdatedAndDeleted() async throws {
        try await withSDK { _ in
            let phone = try await Self.register("a1b2c3", channels: ["news", "sports"])
            let tablet = try await Self.register("d4e5f6", channels: ["sports"])

            var newsQuery = NCMBInstallation.query
            newsQuery.where(field: "channels", containedInArrayTo: ["news"])
            var sportsQuery = NCMBInstallation.query
            sportsQuery.where(field: "channels", containedInArrayTo: ["sports"])
            #expect(try await newsQuery.find().map(\.objectId) == [phone.objectId])
            #expect(try await sportsQuery.count() == 2)

            tablet.badge = 7
            try await tablet.save()
            let fetched = NCMBInstallation()
            fetched.objectId = tablet.objectId
            try await fetched.fetch()
            #expect(fetched.badge == 7)
            #expect(fetched.deviceToken == "d4e5f6")
            #expect(fetched.deviceType == "ios")
            #expect(fetched.channels == ["sports"])
            #expect(fetched.timeZone == TimeZone.current.identifier)
            #expect(fetched["sdkVersion"] == "1.4.2")

            try await phone.delete()
            #expect(try await sportsQuery.count() == 1)
            #expect(try await newsQuery.find().isEmpty)
        }
    }

    @Test func theCurrentInstallationIsRestoredAndUpdatedInPlace() async throws {
        try await withSDK { _ in
            let installation = NCMBInstallation.currentInstallation
            installation.setDeviceTokenFromData(data: Data([0xDE, 0xAD, 0xBE, 0xEF]))
            try await installation.save()

            let current = NCMBInstallation.currentInstallation
            current.channels = ["weekly"]
            try await current.save()

            #expect(current.objectId == installation.objectId)
            #expect(current.deviceToken == "deadbeef")
            #expect(try await NCMBInstallation.query.count() == 1)
            let stored = try #require(try await NCMBInstallation.query.find().first)
            #expect(stored.channels == ["weekly"])
        }
    }

    @Test func aRegisteredDeviceTokenIsRefused() async throws {
        try await withSDK { _ in
            _ = try await Self.register("same-token", channels: [])

            let second = NCMBInstallation()
            second.deviceToken = "same-token"
            let error = await #expect(throws: NCMBApiError.self) { try await second.save() }

            #expect(error?.errorCode == .duplication)
            #expect(error?.message == "deviceToken is duplication.")
        }
    }

    @Test func anOwnerOnlyInstallationIsHiddenFromOtherUsers() async throws {
        try await withSDK { _ in
            let owner = NCMBUser()
            owner.userName = "owner"
            owner.password = "secret"
            try await owner.signUp()
            let installation = NCMBInstallation()
            installation.deviceToken = "private-token"
            var acl = NCMBACL.empty
            acl.put(key: try #require(owner.objectId), readable: true, writable: true)
            installation.acl = acl
            try await installation.save()
            #expect(try await NCMBInstallation.query.count() == 1)

            let other = NCMBUser()
            other.userName = "other"
            other.password = "secret"
            try await other.signUp()
            let probe = NCMBInstallation()
            probe.objectId = installation.objectId

            let error = await #expect(throws: NCMBApiError.self) { try await probe.fetch() }
            #expect(error?.errorCode == .noDataAvailable)
            #expect(try await NCMBInstallation.query.count() == 0)
        }
    }
}
