import HTTPTypes
import Hummingbird
import HummingbirdTesting
import KumoServer
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// The roles controller over storage fakes that fail on any call a test did not expect: what is asked of storage for
/// each `/roles` request, how answers are rendered, and which bodies are refused before storage is touched
/// (docs/wire/endpoints/roles.md, fixtures F52–F60).
@Suite struct RolesControllerFakeStorageTests {
    static let roleKey = ObjectKey(applicationId: "FakeApplicationId", className: .role, objectId: "0000000000000001")

    func storedRole(fields: JSONObject = ["roleName": "role_test1"], acl: AccessControlList = .publicReadWrite) -> StoredObject {
        StoredObject(objectId: "dummyRoleId", createDate: TestClock.start, updateDate: TestClock.start, acl: acl, fields: fields)
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

    // MARK: Create

    @Test func createStoresARoleWithItsNameRelationAndTheDefaultACL() async throws {
        var storage = openStorage()
        let received = LockedBox<NewObject?>(nil)
        storage.objectStore.onCreate = { object in
            received.set(object)
            return StoredObject(
                objectId: object.key.objectId, createDate: object.createDate, updateDate: object.createDate, acl: object.acl,
                fields: [:])
        }

        let response = try await send(
            storage, .post, "/2013-09-01/roles",
            body:
                #"{"roleName":"mainRole","belongUser":{"__op":"AddRelation","objects":[{"__type":"Pointer","className":"user","objectId":"epaKcaYZqsREdSMY"}]}}"#
        )

        let object = try #require(received.get())
        #expect(response.status == .created)
        #expect(object.key == Self.roleKey)
        #expect(object.acl == .publicReadWrite)
        #expect(object.operations.map(\.0.rawValue) == ["roleName", "belongUser"])
        #expect(
            object.operations.map(\.1) == [
                .set("mainRole"), .addRelation([Pointer(className: .user, objectId: "epaKcaYZqsREdSMY")]),
            ])
    }

    @Test func createAnswersCreateDateThenObjectIdAsFixtureF52() async throws {
        var storage = openStorage()
        storage.objectStore.onCreate = { object in
            StoredObject(
                objectId: object.key.objectId, createDate: object.createDate, updateDate: object.createDate, acl: object.acl,
                fields: [:])
        }

        let response = try await send(storage, .post, "/2013-09-01/roles", body: #"{"roleName":"new_role_name"}"#)

        #expect(response.status == .created)
        #expect(response.text == #"{"createDate":"2009-02-13T23:31:30.000Z","objectId":"0000000000000001"}"#)
    }

    @Test func createStoresTheACLOfTheBody() async throws {
        var storage = openStorage()
        let received = LockedBox<NewObject?>(nil)
        storage.objectStore.onCreate = { object in
            received.set(object)
            return StoredObject(
                objectId: object.key.objectId, createDate: object.createDate, updateDate: object.createDate, acl: object.acl,
                fields: [:])
        }

        _ = try await send(storage, .post, "/2013-09-01/roles", body: #"{"roleName":"Staff","acl":{"owner1":{"read":true,"write":true}}}"#)

        let acl = try #require(received.get()?.acl)
        #expect(acl.json == ["owner1": ["read": true, "write": true]])
    }

    @Test func createOfATakenNameAnswers409AsFixtureF53() async throws {
        var storage = openStorage()
        storage.objectStore.onCreate = { _ in throw StorageError.duplicate(field: "roleName") }

        let response = try await send(storage, .post, "/2013-09-01/roles", body: #"{"roleName":"new_exist_role_name"}"#)

        #expect(response.status == .conflict)
        #expect(response.text == #"{"code":"E409001","error":"roleName is duplication."}"#)
    }

    @Test(arguments: [
        (#"{}"#, #"{"code":"E400003","error":"roleName is empty."}"#),
        (#"{"roleName":null}"#, #"{"code":"E400003","error":"roleName is empty."}"#),
        (#"{"roleName":""}"#, #"{"code":"E400003","error":"roleName is empty."}"#),
        (#"{"roleName":12}"#, #"{"code":"E400002","error":"roleName is invalid."}"#),
        (#"{"roleName":{"__op":"Increment","amount":1}}"#, #"{"code":"E400002","error":"roleName is invalid."}"#),
        (#"{"roleName":"has space"}"#, #"{"code":"E400004","error":"roleName is invalid format."}"#),
        (#"{"roleName":"role:Admin"}"#, #"{"code":"E400004","error":"roleName is invalid format."}"#),
        (#"{"roleName":"日本"}"#, #"{"code":"E400004","error":"roleName is invalid format."}"#),
        ("{\"roleName\":\"\(String(repeating: "a", count: 101))\"}", #"{"code":"E400004","error":"roleName is invalid format."}"#),
        (
            #"{"roleName":"r","belongUser":{"__op":"AddRelation","objects":[{"__type":"Pointer","className":"role","objectId":"a"}]}}"#,
            #"{"code":"E400002","error":"belongUser is invalid."}"#
        ),
        (
            #"{"roleName":"r","belongRole":{"__op":"AddRelation","objects":[{"__type":"Pointer","className":"user","objectId":"a"}]}}"#,
            #"{"code":"E400002","error":"belongRole is invalid."}"#
        ),
        (
            #"{"roleName":"r","belongRole":{"__type":"Relation","className":"user"}}"#,
            #"{"code":"E400002","error":"belongRole is invalid."}"#
        ),
        (#"{"roleName":"r","belongUser":"everyone"}"#, #"{"code":"E400002","error":"belongUser is invalid."}"#),
        (#"{"roleName":"r","belongUser":{"__op":"Delete"}}"#, #"{"code":"E400002","error":"belongUser is invalid."}"#),
        (#"{"roleName":"r","belongUser":{"__op":"AddRelation","objects":[]}}"#, #"{"code":"E400002","error":"belongUser is invalid."}"#),
        (#"{"roleName":"r","acl":"nobody"}"#, #"{"code":"E400002","error":"acl is invalid."}"#),
        (#"{"roleName":"r","bad-field":1}"#, #"{"code":"E400002","error":"bad-field is invalid."}"#),
    ])
    func createRefusesABadBodyBeforeTouchingStorage(body: String, error: String) async throws {
        let response = try await send(openStorage(), .post, "/2013-09-01/roles", body: body)

        #expect(response.status == .badRequest)
        #expect(response.text == error)
    }

    @Test func createAcceptsTheLongestNameAndEveryAllowedCharacter() async throws {
        var storage = openStorage()
        let names = LockedBox<[JSONValue]>([])
        storage.objectStore.onCreate = { object in
            if case .set(let name)? = object.operations.first?.1 { names.mutate { $0.append(name) } }
            return StoredObject(
                objectId: object.key.objectId, createDate: object.createDate, updateDate: object.createDate, acl: object.acl,
                fields: [:])
        }
        let longest = String(repeating: "x", count: 100)

        let first = try await send(storage, .post, "/2013-09-01/roles", body: "{\"roleName\":\"\(longest)\"}")
        let second = try await send(storage, .post, "/2013-09-01/roles", body: #"{"roleName":"Az09_-"}"#)

        #expect(first.status == .created)
        #expect(second.status == .created)
        #expect(names.get() == [.string(longest), "Az09_-"])
    }

    @Test func createIgnoresANullOrRelationMarkerValueOfARelationField() async throws {
        var storage = openStorage()
        let received = LockedBox<NewObject?>(nil)
        storage.objectStore.onCreate = { object in
            received.set(object)
            return StoredObject(
                objectId: object.key.objectId, createDate: object.createDate, updateDate: object.createDate, acl: object.acl,
                fields: [:])
        }

        let response = try await send(
            storage, .post, "/2013-09-01/roles",
            body: #"{"roleName":"r","belongUser":null,"belongRole":{"__type":"Relation","className":"role"}}"#)

        #expect(response.status == .created)
        #expect(received.get()?.operations.map(\.0.rawValue) == ["roleName"])
    }
}
