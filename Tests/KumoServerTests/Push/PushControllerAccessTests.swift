import HTTPTypes
import HummingbirdTesting
import KumoServer
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// Who may register, read, change and delete pushes (docs/wire/acl.md, docs/decisions/0003-existence-is-not-leaked.md,
/// docs/decisions/0005-default-acl.md), and open tracking, `POST /push/{id}/openNumber` (F80), on real SQLite.
@Suite struct PushControllerAccessTests {
    static let path = PushControllerTests.path
    static let denied = #"{"code":"E403001","error":"No access with ACL."}"#
    static let missing = #"{"code":"E404001","error":"No data available."}"#

    // MARK: ACL and class permissions

    @Test func anOwnerOnlyPushIsInvisibleToOthers() async throws {
        try await PushControllerTests.run { _, requester in
            let (owner, ownerToken) = try await requester.signUp("owner")
            let (_, otherToken) = try await requester.signUp("other")
            let id = try await PushControllerTests.register(
                requester, #"{"immediateDeliveryFlag":true,"acl":{"\#(owner)":{"read":true,"write":true}}}"#)

            let read = try await requester.send(.get, Self.path + "/\(id)", token: otherToken)
            let update = try await requester.send(.put, Self.path + "/\(id)", body: #"{"title":"x"}"#, token: otherToken)
            let delete = try await requester.send(.delete, Self.path + "/\(id)", token: otherToken)
            let find = try await requester.send(.get, Self.path + "?count=1", token: otherToken)
            let anonymous = try await requester.send(.get, Self.path + "/\(id)")
            let ownerRead = try await requester.send(.get, Self.path + "/\(id)", token: ownerToken)

            #expect(read.text == Self.missing)
            #expect(update.text == Self.missing)
            #expect(delete.text == Self.missing)
            #expect(find.text == #"{"results":[],"count":0}"#)
            #expect(anonymous.text == Self.missing)
            #expect(ownerRead.status == .ok)
        }
    }

    @Test func aPubliclyReadablePushCanBeChangedOnlyByItsOwner() async throws {
        try await PushControllerTests.run { _, requester in
            let (owner, ownerToken) = try await requester.signUp("owner")
            let (_, otherToken) = try await requester.signUp("other")
            let id = try await PushControllerTests.register(
                requester,
                #"{"deliveryTime":{"__type":"Date","iso":"2030-01-01T00:00:00.000Z"},"acl":{"*":{"read":true},"\#(owner)":{"read":true,"write":true}}}"#
            )

            let update = try await requester.send(.put, Self.path + "/\(id)", body: #"{"title":"x"}"#, token: otherToken)
            let delete = try await requester.send(.delete, Self.path + "/\(id)", token: otherToken)
            let ownerUpdate = try await requester.send(.put, Self.path + "/\(id)", body: #"{"title":"x"}"#, token: ownerToken)
            let ownerDelete = try await requester.send(.delete, Self.path + "/\(id)", token: ownerToken)

            #expect(update.text == Self.denied)
            #expect(delete.text == Self.denied)
            #expect(ownerUpdate.status == .ok)
            #expect(ownerDelete.status == .ok)
        }
    }

    @Test func theDefaultACLOfTheApplicationApplies() async throws {
        var settings = ApplicationSettings(clientPushEnabled: true)
        settings.defaultObjectACL = AccessControlList([AccessControlList.publicKey: .init(read: true)])
        try await PushControllerTests.run(settings: settings) { _, requester in
            let id = try await PushControllerTests.register(requester, PushControllerTests.scheduled)

            let read = try await requester.send(.get, Self.path + "/\(id)")
            let update = try await requester.send(.put, Self.path + "/\(id)", body: #"{"title":"x"}"#)

            #expect(read.json?.objectValue?["acl"] == ["*": ["read": true]])
            #expect(update.text == Self.denied)
        }
    }

    @Test func classPermissionsOfPushRestrictRegistrationToSignedInUsers() async throws {
        try await PushControllerTests.run { application, requester in
            let (_, token) = try await requester.signUp("sender")
            try await application.storage.applications.setClassPermissions(
                ClassPermissions([.create: OperationPermission(isPublic: false, allowsAuthenticatedUsers: true)]),
                applicationId: application.application.applicationId, className: .push)
            application.clock.advance(milliseconds: 5001)

            let anonymous = try await requester.send(.post, Self.path, body: PushControllerTests.registration)
            let signedIn = try await requester.send(.post, Self.path, body: PushControllerTests.registration, token: token)

            #expect(anonymous.status == .forbidden)
            #expect(anonymous.text == Self.denied)
            #expect(signedIn.status == .created)
        }
    }

    @Test func aSearchConditionMayNotReadAClassTheSenderCannotFind() async throws {
        try await PushControllerTests.run { application, requester in
            try await application.storage.applications.setClassPermissions(
                ClassPermissions([.find: OperationPermission(isPublic: false)]),
                applicationId: application.application.applicationId, className: ClassName(validating: "Secret"))
            application.clock.advance(milliseconds: 5001)
            let aimedBySecret = #"{"immediateDeliveryFlag":true,"searchCondition":{"owner":{"$inQuery":{"where":{"vip":true},"className":"Secret"}}}}"#
            let aimedByInstallations = #"{"immediateDeliveryFlag":true,"searchCondition":{"channels":"news"}}"#

            let refused = try await requester.send(.post, Self.path, body: aimedBySecret)
            let accepted = try await requester.send(.post, Self.path, body: aimedByInstallations)

            #expect(refused.status == .forbidden)
            #expect(refused.text == Self.denied)
            #expect(accepted.status == .created)
            let stored = try await application.storage.objects.find(
                FindRequest(applicationId: application.application.applicationId, className: .push, parameters: QueryParameters()),
                access: .bypass)
            #expect(stored.objects.count == 1)
        }
    }

    @Test func aSearchConditionMayNotProbeHiddenUserFields() async throws {
        try await PushControllerTests.run { application, requester in
            let probe = #"{"immediateDeliveryFlag":true,"searchCondition":{"owner":{"$inQuery":{"where":{"authData":{"$exists":true}},"className":"user"}}}}"#

            let response = try await requester.send(.post, Self.path, body: probe)

            #expect(response.status == .badRequest)
            #expect(response.text == #"{"code":"E400002","error":"authData is invalid."}"#)
            let stored = try await application.storage.objects.find(
                FindRequest(applicationId: application.application.applicationId, className: .push, parameters: QueryParameters()),
                access: .bypass)
            #expect(stored.objects.isEmpty)
        }
    }

    // MARK: Open tracking

    @Test func openingCountsAndAnswersAsFixtureF80() async throws {
        try await PushControllerTests.run { application, requester in
            let id = try await PushControllerTests.register(requester, PushControllerTests.registration)
            application.clock.advance(milliseconds: 1000)

            let ios = try await requester.send(
                .post, Self.path + "/\(id)/openNumber", body: #"{"deviceType":"ios","deviceToken":"abcdef"}"#)
            let android = try await requester.send(.post, Self.path + "/\(id)/openNumber", body: #"{"deviceType":"android"}"#)
            let read = try await requester.send(.get, Self.path + "/\(id)")

            #expect(ios.status == .ok)
            #expect(ios.text == #"{"updateDate":"2009-02-13T23:31:31.000Z"}"#)
            #expect(android.status == .ok)
            #expect(read.json?.objectValue?["openNumber"] == 2)
        }
    }

    @Test func openingAPushTheCallerMayReadButNotWriteStillCounts() async throws {
        try await PushControllerTests.run { _, requester in
            let id = try await PushControllerTests.register(requester, #"{"immediateDeliveryFlag":true,"acl":{"*":{"read":true}}}"#)

            let opened = try await requester.send(.post, Self.path + "/\(id)/openNumber", body: #"{"deviceType":"ios"}"#)
            let read = try await requester.send(.get, Self.path + "/\(id)")

            #expect(opened.status == .ok)
            #expect(read.json?.objectValue?["openNumber"] == 1)
        }
    }

    @Test(arguments: [
        (#"{}"#, #"{"code":"E400003","error":"deviceType is empty."}"#),
        (#"{"deviceType":""}"#, #"{"code":"E400003","error":"deviceType is empty."}"#),
        (#"{"deviceType":null}"#, #"{"code":"E400003","error":"deviceType is empty."}"#),
        (#"{"deviceType":1}"#, #"{"code":"E400002","error":"deviceType is invalid."}"#),
        (#"{"deviceType":"windows"}"#, #"{"code":"E400005","error":"deviceType is not a valid value."}"#),
        (#"{"deviceType":"ios","deviceToken":7}"#, #"{"code":"E400002","error":"deviceToken is invalid."}"#),
    ])
    func aBadOpenBodyIsRefusedAndCountsNothing(body: String, error: String) async throws {
        try await PushControllerTests.run { _, requester in
            let id = try await PushControllerTests.register(requester, PushControllerTests.registration)

            let response = try await requester.send(.post, Self.path + "/\(id)/openNumber", body: body)
            let read = try await requester.send(.get, Self.path + "/\(id)")

            #expect(response.status == .badRequest)
            #expect(response.text == error)
            #expect(read.json?.objectValue?["openNumber"] == nil)
        }
    }

    @Test func openingAMissingPushAnswers404() async throws {
        try await PushControllerTests.run { _, requester in
            let response = try await requester.send(.post, Self.path + "/nosuchpush/openNumber", body: #"{"deviceType":"ios"}"#)

            #expect(response.status == .notFound)
            #expect(response.text == Self.missing)
        }
    }

    @Test func openingAPushTheCallerMayNotReadAnswers404AndCountsNothing() async throws {
        try await PushControllerTests.run { _, requester in
            let (owner, ownerToken) = try await requester.signUp("owner")
            let id = try await PushControllerTests.register(
                requester, #"{"immediateDeliveryFlag":true,"acl":{"\#(owner)":{"read":true,"write":true}}}"#)

            let response = try await requester.send(.post, Self.path + "/\(id)/openNumber", body: #"{"deviceType":"ios"}"#)
            let read = try await requester.send(.get, Self.path + "/\(id)", token: ownerToken)

            #expect(response.text == Self.missing)
            #expect(read.json?.objectValue?["openNumber"] == nil)
        }
    }
}
