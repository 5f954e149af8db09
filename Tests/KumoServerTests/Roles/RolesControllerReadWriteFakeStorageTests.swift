import HTTPTypes
import Hummingbird
import HummingbirdTesting
import KumoServer
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// `GET`, `PUT`, `DELETE /roles/{id}` and `GET /roles` over storage fakes (docs/wire/endpoints/roles.md, fixtures
/// F55–F60).
@Suite struct RolesControllerReadWriteFakeStorageTests {
    static let roleKey = ObjectKey(applicationId: "FakeApplicationId", className: .role, objectId: "dummyRoleId")
    static let sessionToken = "ebDH8TtmLoygzjqjaI4EWFfxc"

    func storedRole(fields: JSONObject = ["roleName": "role_test1"]) -> StoredObject {
        StoredObject(
            objectId: "dummyRoleId", createDate: TestClock.start, updateDate: TestClock.start, acl: .publicReadWrite, fields: fields)
    }

    func send(
        _ storage: FailingStorage, _ method: HTTPRequest.Method, _ target: String, body: String? = nil,
        headers: [String: String] = [:]
    ) async throws -> TestResponse {
        try await TestApplication.with(storage: storage) { application in
            try await application.test { requester in try await requester.send(method, target, body: body, headers: headers) }
        }
    }

    /// A storage whose gate finds no class permissions.
    func openStorage() -> FailingStorage {
        var storage = FailingStorage().withFakeApplication()
        storage.applicationStore.onClassPermissions = { _ in [:] }
        return storage
    }

    // MARK: Get

    @Test func getRendersANewRoleAsFixtureF57() async throws {
        var storage = openStorage()
        storage.objectStore.onObject = { key, access in
            #expect(key == Self.roleKey)
            #expect(access == .anonymous)
            return storedRole()
        }

        let response = try await send(storage, .get, "/2013-09-01/roles/dummyRoleId")

        #expect(response.status == .ok)
        #expect(
            response.text
                == #"{"objectId":"dummyRoleId","roleName":"role_test1","belongRole":null,"belongUser":null,"createDate":"2009-02-13T23:31:30.000Z","updateDate":"2009-02-13T23:31:30.000Z","acl":{"*":{"read":true,"write":true}}}"#
        )
    }

    @Test func getShowsUsedRelationsAsMarkersAndCustomFieldsLast() async throws {
        var storage = openStorage()
        storage.objectStore.onObject = { _, _ in
            storedRole(fields: [
                "note": "staff", "roleName": "Staff", "belongUser": ["__type": "Relation", "className": "user"],
            ])
        }

        let response = try await send(storage, .get, "/2013-09-01/roles/dummyRoleId")

        #expect(
            response.text
                == #"{"objectId":"dummyRoleId","roleName":"Staff","belongRole":null,"belongUser":{"__type":"Relation","className":"user"},"createDate":"2009-02-13T23:31:30.000Z","updateDate":"2009-02-13T23:31:30.000Z","acl":{"*":{"read":true,"write":true}},"note":"staff"}"#
        )
    }

    @Test func getOfAMissingOrUnreadableRoleAnswers404() async throws {
        var storage = openStorage()
        storage.objectStore.onObject = { _, _ in throw StorageError.notFound }

        let response = try await send(storage, .get, "/2013-09-01/roles/missing")

        #expect(response.status == .notFound)
        #expect(response.text == #"{"code":"E404001","error":"No data available."}"#)
    }

    // MARK: Update

    @Test func updateForwardsRelationOperationsWithTheCallersIdentity() async throws {
        var storage = openStorage()
        storage.accountStore.onSession = { _, _, _ in
            ActiveSession(userObjectId: "owner1", expiresAt: WireDate(millisecondsSince1970: .max))
        }
        let received = LockedBox<(ObjectUpdate, AccessContext)?>(nil)
        storage.objectStore.onUpdate = { update, access in
            received.set((update, access))
            return storedRole()
        }

        let response = try await send(
            storage, .put, "/2013-09-01/roles/dummyRoleId",
            body:
                #"{"belongRole":{"__op":"AddRelation","objects":[{"__type":"Pointer","className":"role","objectId":"child1"}]},"belongUser":{"__op":"RemoveRelation","objects":[{"__type":"Pointer","className":"user","objectId":"user1"}]}}"#,
            headers: [NCMBHeaderName.sessionToken: Self.sessionToken])

        let (update, access) = try #require(received.get())
        #expect(response.status == .ok)
        #expect(response.text == #"{"updateDate":"2009-02-13T23:31:30.000Z"}"#)
        #expect(access == .user(objectId: "owner1"))
        #expect(update.key == Self.roleKey)
        #expect(update.acl == nil)
        #expect(
            update.operations.map(\.1) == [
                .addRelation([Pointer(className: .role, objectId: "child1")]),
                .removeRelation([Pointer(className: .user, objectId: "user1")]),
            ])
    }

    @Test func updateWithTheStoredRoleNameReadsTheRoleAndDropsTheName() async throws {
        var storage = openStorage()
        storage.objectStore.onObject = { _, _ in storedRole() }
        let received = LockedBox<ObjectUpdate?>(nil)
        storage.objectStore.onUpdate = { update, _ in
            received.set(update)
            return storedRole()
        }

        let response = try await send(
            storage, .put, "/2013-09-01/roles/dummyRoleId",
            body: #"{"roleName":"role_test1","belongUser":null,"belongRole":{"__type":"Relation","className":"role"},"note":"x"}"#)

        #expect(response.status == .ok)
        #expect(received.get()?.operations.map(\.0.rawValue) == ["note"])
    }

    @Test func updateRefusesARenameWithE403005AndWritesNothing() async throws {
        var storage = openStorage()
        storage.objectStore.onObject = { _, _ in storedRole() }

        let response = try await send(storage, .put, "/2013-09-01/roles/dummyRoleId", body: #"{"roleName":"other"}"#)

        #expect(response.status == .forbidden)
        #expect(response.text == #"{"code":"E403005","error":"roleName must not be entered."}"#)
    }

    @Test func updateRefusesAPointerOfTheWrongClassBeforeTouchingStorage() async throws {
        let response = try await send(
            openStorage(), .put, "/2013-09-01/roles/dummyRoleId",
            body: #"{"belongUser":{"__op":"AddRelation","objects":[{"__type":"Pointer","className":"Food","objectId":"a"}]}}"#)

        #expect(response.status == .badRequest)
        #expect(response.text == #"{"code":"E400002","error":"belongUser is invalid."}"#)
    }

    @Test(arguments: [
        (StorageError.notFound, 404, #"{"code":"E404001","error":"No data available."}"#),
        (StorageError.denied, 403, #"{"code":"E403001","error":"No access with ACL."}"#),
    ])
    func updateRendersStorageRefusalsAsFixtureF60AndKumoD3(failure: StorageError, status: Int, body: String) async throws {
        var storage = openStorage()
        storage.objectStore.onUpdate = { _, _ in throw failure }

        let response = try await send(storage, .put, "/2013-09-01/roles/missing", body: #"{"note":"x"}"#)

        #expect(response.status.code == status)
        #expect(response.text == body)
    }

    // MARK: Delete

    @Test func deleteAsksStorageAndAnswersAnEmptyBody() async throws {
        var storage = openStorage()
        let received = LockedBox<ObjectKey?>(nil)
        storage.objectStore.onDelete = { key, _ in received.set(key) }

        let response = try await send(storage, .delete, "/2013-09-01/roles/dummyRoleId")

        #expect(response.status == .ok)
        #expect(response.text.isEmpty)
        #expect(received.get() == Self.roleKey)
    }

    @Test func deleteOfAMissingRoleAnswers404AsFixtureF60() async throws {
        var storage = openStorage()
        storage.objectStore.onDelete = { _, _ in throw StorageError.notFound }

        let response = try await send(storage, .delete, "/2013-09-01/roles/missing")

        #expect(response.status == .notFound)
        #expect(response.errorCode == "E404001")
    }

    // MARK: Find

    @Test func findQueriesTheRoleClassAndRendersEachRoleWithItsCount() async throws {
        var storage = openStorage()
        let received = LockedBox<FindRequest?>(nil)
        storage.objectStore.onFind = { request, _ in
            received.set(request)
            return FoundObjects(objects: [storedRole()], count: 1)
        }

        let response = try await send(storage, .get, "/2013-09-01/roles?count=1")

        #expect(received.get()?.className == .role)
        #expect(received.get()?.applicationId == "FakeApplicationId")
        #expect(
            response.text
                == #"{"results":[{"objectId":"dummyRoleId","roleName":"role_test1","belongRole":null,"belongUser":null,"createDate":"2009-02-13T23:31:30.000Z","updateDate":"2009-02-13T23:31:30.000Z","acl":{"*":{"read":true,"write":true}}}],"count":1}"#
        )
    }
}
