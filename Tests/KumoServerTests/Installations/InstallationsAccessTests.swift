import HTTPTypes
import HummingbirdTesting
import KumoServer
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// Who may read, change and delete installations, on real SQLite (docs/wire/acl.md,
/// docs/decisions/0003-existence-is-not-leaked.md, docs/decisions/0005-default-acl.md).
@Suite struct InstallationsAccessTests {
    static let path = InstallationsControllerTests.path

    @Test func anOwnerOnlyInstallationIsInvisibleToOthers() async throws {
        try await InstallationsControllerTests.run { _, requester in
            let (owner, ownerToken) = try await requester.signUp("owner")
            let (_, otherToken) = try await requester.signUp("other")
            let id = try await InstallationsControllerTests.register(
                requester, #"{"deviceType":"ios","deviceToken":"t","acl":{"\#(owner)":{"read":true,"write":true}}}"#)

            let read = try await requester.send(.get, Self.path + "/\(id)", token: otherToken)
            let update = try await requester.send(.put, Self.path + "/\(id)", body: #"{"badge":1}"#, token: otherToken)
            let delete = try await requester.send(.delete, Self.path + "/\(id)", token: otherToken)
            let find = try await requester.send(.get, Self.path + "?count=1", token: otherToken)
            let anonymous = try await requester.send(.get, Self.path + "/\(id)")
            let ownerRead = try await requester.send(.get, Self.path + "/\(id)", token: ownerToken)

            #expect(read.text == #"{"code":"E404001","error":"No data available."}"#)
            #expect(update.errorCode == "E404001")
            #expect(delete.errorCode == "E404001")
            #expect(find.text == #"{"results":[],"count":0}"#)
            #expect(anonymous.errorCode == "E404001")
            #expect(ownerRead.json?.objectValue?["deviceToken"] == "t")
        }
    }

    @Test func aPubliclyReadableInstallationCanBeChangedOnlyByItsOwner() async throws {
        try await InstallationsControllerTests.run { _, requester in
            let (owner, ownerToken) = try await requester.signUp("owner")
            let (_, otherToken) = try await requester.signUp("other")
            let id = try await InstallationsControllerTests.register(
                requester,
                #"{"deviceType":"ios","deviceToken":"t","acl":{"*":{"read":true},"\#(owner)":{"read":true,"write":true}}}"#)

            let read = try await requester.send(.get, Self.path + "/\(id)", token: otherToken)
            let update = try await requester.send(.put, Self.path + "/\(id)", body: #"{"badge":1}"#, token: otherToken)
            let delete = try await requester.send(.delete, Self.path + "/\(id)", token: otherToken)
            let ownerUpdate = try await requester.send(.put, Self.path + "/\(id)", body: #"{"badge":1}"#, token: ownerToken)
            let ownerDelete = try await requester.send(.delete, Self.path + "/\(id)", token: ownerToken)

            #expect(read.status == .ok)
            #expect(update.text == #"{"code":"E403001","error":"No access with ACL."}"#)
            #expect(delete.text == #"{"code":"E403001","error":"No access with ACL."}"#)
            #expect(ownerUpdate.status == .ok)
            #expect(ownerDelete.status == .ok)
        }
    }

    @Test func theDefaultACLOfTheApplicationApplies() async throws {
        var settings = ApplicationSettings()
        settings.defaultObjectACL = AccessControlList([AccessControlList.publicKey: .init(read: true)])
        try await TestApplication.with(engine: .sqlite, settings: settings) { application in
            try await application.test { requester in
                let id = try await InstallationsControllerTests.register(requester, #"{"deviceType":"ios","deviceToken":"t"}"#)

                let read = try await requester.send(.get, Self.path + "/\(id)")
                let update = try await requester.send(.put, Self.path + "/\(id)", body: #"{"badge":1}"#)

                #expect(read.json?.objectValue?["acl"] == ["*": ["read": true]])
                #expect(update.errorCode == "E403001")
            }
        }
    }
}
