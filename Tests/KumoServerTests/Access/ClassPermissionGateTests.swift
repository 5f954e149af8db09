import HTTPTypes
import Hummingbird
import HummingbirdTesting
import KumoServer
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// The class-level permission gate through the pipeline over storage fakes: who passes each kind of permission, which
/// storage calls that costs, and the 5-second cache (docs/wire/acl.md, docs/wire/open-points.md).
@Suite struct ClassPermissionGateTests {
    static let secret = ClassName("Secret")!
    static let sessionToken = "ebDH8TtmLoygzjqjaI4EWFfxc"
    static let denied = #"{"code":"E403001","error":"No access with ACL."}"#

    enum Caller: String, CustomTestStringConvertible, CaseIterable {
        case anonymous
        case signedIn
        case staffHolder

        var testDescription: String { rawValue }
    }

    /// A storage with the given permissions on `Secret`, a session for `user1` and role lookups counted in `roleLookups`.
    func storage(
        _ permissions: ClassPermissions, heldRoles: Set<String> = [], roleLookups: LockedBox<Int> = LockedBox(0),
        permissionLoads: LockedBox<Int> = LockedBox(0)
    ) -> FailingStorage {
        var storage = FailingStorage().withFakeApplication()
        storage.applicationStore.onClassPermissions = { applicationId in
            #expect(applicationId == "FakeApplicationId")
            permissionLoads.mutate { $0 += 1 }
            return [Self.secret: permissions]
        }
        storage.accountStore.onSession = { _, _, _ in
            ActiveSession(userObjectId: "user1", expiresAt: WireDate(millisecondsSince1970: 4_000_000_000_000))
        }
        storage.accountStore.onRoleNames = { applicationId, userObjectId in
            #expect(applicationId == "FakeApplicationId")
            #expect(userObjectId == "user1")
            roleLookups.mutate { $0 += 1 }
            return heldRoles
        }
        storage.objectStore.onFind = { _, _ in FoundObjects(objects: []) }
        storage.objectStore.onCreate = { object in
            StoredObject(
                objectId: object.key.objectId, createDate: object.createDate, updateDate: object.createDate, acl: object.acl,
                fields: [:])
        }
        return storage
    }

    func headers(for caller: Caller) -> [String: String] {
        caller == .anonymous ? [:] : [NCMBHeaderName.sessionToken: Self.sessionToken]
    }

    func send(
        _ storage: FailingStorage, _ method: HTTPRequest.Method, _ target: String, body: String? = nil, caller: Caller
    ) async throws -> TestResponse {
        try await TestApplication.with(storage: storage) { application in
            try await application.test { requester in
                try await requester.send(method, target, body: body, headers: headers(for: caller))
            }
        }
    }

    static func only(_ operation: ObjectOperation, _ permission: OperationPermission) -> ClassPermissions {
        ClassPermissions([operation: permission])
    }

    // MARK: Tests

    @Test(arguments: [(Caller.anonymous, 403), (.signedIn, 403), (.staffHolder, 200)])
    func findRestrictedToARoleAdmitsOnlyItsHolders(caller: Caller, status: Int) async throws {
        let permissions = Self.only(.find, OperationPermission(isPublic: false, roleNames: ["Staff"]))
        let held: Set<String> = caller == .staffHolder ? ["Staff", "Everyone"] : ["Everyone"]

        let response = try await send(storage(permissions, heldRoles: held), .get, "/2013-09-01/classes/Secret", caller: caller)

        #expect(response.status.code == status)
        if status == 403 { #expect(response.text == Self.denied) }
    }

    @Test(arguments: [(Caller.anonymous, 403), (.signedIn, 201)])
    func createRestrictedToAuthenticatedUsersAdmitsAnySignedInCallerWithoutARoleLookup(caller: Caller, status: Int) async throws {
        let lookups = LockedBox(0)
        let permissions = Self.only(.create, OperationPermission(isPublic: false, allowsAuthenticatedUsers: true))

        let response = try await send(
            storage(permissions, roleLookups: lookups), .post, "/2013-09-01/classes/Secret", body: "{}", caller: caller)

        #expect(response.status.code == status)
        #expect(lookups.get() == 0)
    }

    @Test(arguments: Caller.allCases)
    func nobodyRefusesEveryCallerWithoutARoleLookup(caller: Caller) async throws {
        let lookups = LockedBox(0)
        let permissions = Self.only(.find, OperationPermission(isPublic: false))

        let response = try await send(
            storage(permissions, heldRoles: ["Staff"], roleLookups: lookups), .get, "/2013-09-01/classes/Secret", caller: caller)

        #expect(response.status == .forbidden)
        #expect(lookups.get() == 0)
    }

    @Test func anonymousCallersAreRefusedARoleRestrictedOperationWithoutARoleLookup() async throws {
        let lookups = LockedBox(0)
        let permissions = Self.only(.find, OperationPermission(isPublic: false, roleNames: ["Staff"]))

        _ = try await send(storage(permissions, roleLookups: lookups), .get, "/2013-09-01/classes/Secret", caller: .anonymous)

        #expect(lookups.get() == 0)
    }

    @Test func operationsWithoutAnEntryStayOpen() async throws {
        let permissions = Self.only(.create, OperationPermission(isPublic: false))

        let response = try await send(storage(permissions), .get, "/2013-09-01/classes/Secret", caller: .anonymous)

        #expect(response.status == .ok)
    }

    @Test func classesWithoutPermissionsAreOpenWithoutARoleLookup() async throws {
        let lookups = LockedBox(0)
        let permissions = Self.only(.find, OperationPermission(isPublic: false))

        let response = try await send(
            storage(permissions, roleLookups: lookups), .get, "/2013-09-01/classes/Other", caller: .signedIn)

        #expect(response.status == .ok)
        #expect(lookups.get() == 0)
    }

    @Test func theStandardRoleClassIsGuardedUnderItsStandardName() async throws {
        var storage = FailingStorage().withFakeApplication()
        storage.applicationStore.onClassPermissions = { _ in [.role: Self.only(.create, OperationPermission(isPublic: false))] }

        let response = try await send(storage, .post, "/2013-09-01/roles", body: #"{"roleName":"Staff"}"#, caller: .anonymous)

        #expect(response.status == .forbidden)
        #expect(response.text == Self.denied)
    }

    @Test func permissionsAreLoadedOncePerApplicationWithinFiveSeconds() async throws {
        let loads = LockedBox(0)
        let storage = storage(.open, permissionLoads: loads)

        try await TestApplication.with(storage: storage) { application in
            try await application.test { requester in
                _ = try await requester.send(.get, "/2013-09-01/classes/Secret")
                application.clock.advance(milliseconds: 4999)
                _ = try await requester.send(.get, "/2013-09-01/classes/Other")
                _ = try await requester.send(.post, "/2013-09-01/classes/Secret", body: "{}")
            }
        }

        #expect(loads.get() == 1)
    }

    @Test func permissionsAreLoadedAgainAfterFiveSeconds() async throws {
        let loads = LockedBox(0)
        let storage = storage(.open, permissionLoads: loads)

        try await TestApplication.with(storage: storage) { application in
            try await application.test { requester in
                _ = try await requester.send(.get, "/2013-09-01/classes/Secret")
                application.clock.advance(milliseconds: 5000)
                _ = try await requester.send(.get, "/2013-09-01/classes/Secret")
            }
        }

        #expect(loads.get() == 2)
    }

    @Test func aChangedPermissionTakesEffectWhenTheCacheExpires() async throws {
        let current = LockedBox(ClassPermissions.open)
        var storage = storage(.open)
        storage.applicationStore.onClassPermissions = { _ in [Self.secret: current.get()] }

        let statuses = try await TestApplication.with(storage: storage) { application in
            try await application.test { requester in
                let before = try await requester.send(.get, "/2013-09-01/classes/Secret")
                current.set(Self.only(.find, OperationPermission(isPublic: false)))
                let cached = try await requester.send(.get, "/2013-09-01/classes/Secret")
                application.clock.advance(milliseconds: 5001)
                let after = try await requester.send(.get, "/2013-09-01/classes/Secret")
                return [before.status.code, cached.status.code, after.status.code]
            }
        }

        #expect(statuses == [200, 200, 403])
    }

    @Test func aStorageFailureWhileLoadingPermissionsAnswers503() async throws {
        var storage = FailingStorage().withFakeApplication()
        storage.applicationStore.onClassPermissions = { _ in throw StorageError.unavailable("disk gone") }

        let response = try await send(storage, .get, "/2013-09-01/classes/Secret", caller: .anonymous)

        #expect(response.status == .serviceUnavailable)
    }
}
