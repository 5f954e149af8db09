import HTTPTypes
import Hummingbird
import HummingbirdTesting
import KumoServer
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// The installations controller over storage fakes that fail on any call a test did not expect: what is asked of
/// storage for each `/installations` request, how answers are rendered, and which bodies are refused before storage is
/// touched (docs/wire/endpoints/installations.md, fixtures F71–F75).
@Suite struct InstallationsControllerFakeStorageTests {
    static let key = ObjectKey(applicationId: "FakeApplicationId", className: .installation, objectId: "0000000000000001")
    static let registration =
        #"{"deviceToken":"xxxxxxxxxxxxxxxxxxx","deviceType":"android","applicationName":"ncmb-core","appVersion":"1.0","sdkVersion":"4.2.0","timeZone":"Asia/Tokyo","pushType":"fcm"}"#

    func send(
        _ storage: FailingStorage, _ method: HTTPRequest.Method, _ target: String, body: String? = nil,
        headers: [String: String] = [:]
    ) async throws -> TestResponse {
        try await TestApplication.with(storage: storage.withFakeApplication()) { application in
            try await application.test { requester in try await requester.send(method, target, body: body, headers: headers) }
        }
    }

    static func echo(_ object: NewObject) -> StoredObject {
        StoredObject(objectId: object.key.objectId, createDate: object.createDate, updateDate: object.createDate, acl: object.acl, fields: [:])
    }

    // MARK: Create

    @Test func createStoresTheFixtureF71BodyWithTheDefaultACL() async throws {
        var storage = FailingStorage()
        let received = LockedBox<NewObject?>(nil)
        storage.objectStore.onCreate = { object in
            received.set(object)
            return Self.echo(object)
        }

        let response = try await send(storage, .post, "/2013-09-01/installations", body: Self.registration)

        let object = try #require(received.get())
        #expect(response.status == .created)
        #expect(response.text == #"{"objectId":"0000000000000001","createDate":"2009-02-13T23:31:30.000Z"}"#)
        #expect(object.key == Self.key)
        #expect(object.acl == .publicReadWrite)
        #expect(
            object.operations.map(\.0.rawValue) == [
                "deviceToken", "deviceType", "applicationName", "appVersion", "sdkVersion", "timeZone", "pushType",
            ])
        #expect(object.operations.first?.1 == .set("xxxxxxxxxxxxxxxxxxx"))
    }

    @Test func createStoresTheACLOfTheBodyAndCustomFields() async throws {
        var storage = FailingStorage()
        let received = LockedBox<NewObject?>(nil)
        storage.objectStore.onCreate = { object in
            received.set(object)
            return Self.echo(object)
        }

        _ = try await send(
            storage, .post, "/2013-09-01/installations",
            body: #"{"deviceType":"ios","deviceToken":"ab01","channels":["a","b"],"badge":3,"key":"value","acl":{"u1":{"read":true,"write":true}}}"#)

        let object = try #require(received.get())
        #expect(object.acl.json == ["u1": ["read": true, "write": true]])
        #expect(object.operations.map(\.1) == [.set("ios"), .set("ab01"), .set(["a", "b"]), .set(3), .set("value")])
    }

    @Test func createOfATakenDeviceTokenAnswers409() async throws {
        var storage = FailingStorage()
        storage.objectStore.onCreate = { _ in throw StorageError.duplicate(field: "deviceToken") }

        let response = try await send(storage, .post, "/2013-09-01/installations", body: Self.registration)

        #expect(response.status == .conflict)
        #expect(response.text == #"{"code":"E409001","error":"deviceToken is duplication."}"#)
    }

    @Test(arguments: [
        (#"{"deviceToken":"t"}"#, #"{"code":"E400003","error":"deviceType is empty."}"#),
        (#"{"deviceType":null,"deviceToken":"t"}"#, #"{"code":"E400003","error":"deviceType is empty."}"#),
        (#"{"deviceType":"","deviceToken":"t"}"#, #"{"code":"E400003","error":"deviceType is empty."}"#),
        (#"{"deviceType":"ios"}"#, #"{"code":"E400003","error":"deviceToken is empty."}"#),
        (#"{"deviceType":"ios","deviceToken":null}"#, #"{"code":"E400003","error":"deviceToken is empty."}"#),
        (#"{"deviceType":"ios","deviceToken":""}"#, #"{"code":"E400003","error":"deviceToken is empty."}"#),
        (#"{}"#, #"{"code":"E400003","error":"deviceType is empty."}"#),
        (#"{"deviceType":1,"deviceToken":"t"}"#, #"{"code":"E400002","error":"deviceType is invalid."}"#),
        (#"{"deviceType":"windows","deviceToken":"t"}"#, #"{"code":"E400005","error":"deviceType is not a valid value."}"#),
        (#"{"deviceType":"iOS","deviceToken":"t"}"#, #"{"code":"E400005","error":"deviceType is not a valid value."}"#),
        (#"{"deviceType":"ios","deviceToken":12}"#, #"{"code":"E400002","error":"deviceToken is invalid."}"#),
        (#"{"deviceType":"ios","deviceToken":["t"]}"#, #"{"code":"E400002","error":"deviceToken is invalid."}"#),
        (#"{"deviceType":"ios","deviceToken":"t","channels":"news"}"#, #"{"code":"E400002","error":"channels is invalid."}"#),
        (#"{"deviceType":"ios","deviceToken":"t","channels":["a",1]}"#, #"{"code":"E400002","error":"channels is invalid."}"#),
        (#"{"deviceType":"ios","deviceToken":"t","badge":"1"}"#, #"{"code":"E400002","error":"badge is invalid."}"#),
        (#"{"deviceType":"ios","deviceToken":"t","badge":1.5}"#, #"{"code":"E400002","error":"badge is invalid."}"#),
        (#"{"deviceType":"ios","deviceToken":"t","badge":-1}"#, #"{"code":"E400005","error":"badge is not a valid value."}"#),
        (#"{"deviceType":"ios","deviceToken":"t","timeZone":9}"#, #"{"code":"E400002","error":"timeZone is invalid."}"#),
        (#"{"deviceType":"ios","deviceToken":"t","appVersion":1.0}"#, #"{"code":"E400002","error":"appVersion is invalid."}"#),
        (#"{"deviceType":"ios","deviceToken":"t","applicationName":true}"#, #"{"code":"E400002","error":"applicationName is invalid."}"#),
        (#"{"deviceType":"ios","deviceToken":"t","sdkVersion":[]}"#, #"{"code":"E400002","error":"sdkVersion is invalid."}"#),
        (#"{"deviceType":"android","deviceToken":"t","pushType":{}}"#, #"{"code":"E400002","error":"pushType is invalid."}"#),
        (#"{"deviceType":"ios","deviceToken":"t","acl":"nobody"}"#, #"{"code":"E400002","error":"acl is invalid."}"#),
        (#"{"deviceType":"ios","deviceToken":"t","bad-field":1}"#, #"{"code":"E400002","error":"bad-field is invalid."}"#),
    ])
    func createRefusesABadBodyBeforeTouchingStorage(body: String, error: String) async throws {
        let response = try await send(FailingStorage(), .post, "/2013-09-01/installations", body: body)

        #expect(response.status == .badRequest)
        #expect(response.text == error)
    }

    // MARK: Read

    @Test func getReadsTheInstallationWithTheCallersAccessAsFixtureF73() async throws {
        var storage = FailingStorage()
        let asked = LockedBox<(ObjectKey, AccessContext)?>(nil)
        storage.objectStore.onObject = { key, access in
            asked.set((key, access))
            return StoredObject(
                objectId: "7FrmPTBKSNtVjajm", createDate: TestClock.start, updateDate: TestClock.start, acl: .publicReadWrite,
                fields: ["deviceType": "android", "badge": 0, "channels": ["Ch1"]])
        }

        let response = try await send(storage, .get, "/2013-09-01/installations/7FrmPTBKSNtVjajm")

        let (key, access) = try #require(asked.get())
        #expect(key == ObjectKey(applicationId: "FakeApplicationId", className: .installation, objectId: "7FrmPTBKSNtVjajm"))
        #expect(access == .anonymous)
        #expect(
            response.text
                == #"{"objectId":"7FrmPTBKSNtVjajm","createDate":"2009-02-13T23:31:30.000Z","updateDate":"2009-02-13T23:31:30.000Z","acl":{"*":{"read":true,"write":true}},"deviceType":"android","badge":0,"channels":["Ch1"]}"#
        )
    }

    @Test func getOfAMissingInstallationAnswers404() async throws {
        var storage = FailingStorage()
        storage.objectStore.onObject = { _, _ in throw StorageError.notFound }

        let response = try await send(storage, .get, "/2013-09-01/installations/missing")

        #expect(response.status == .notFound)
        #expect(response.text == #"{"code":"E404001","error":"No data available."}"#)
    }

    @Test func findAsksForTheInstallationClassWithTheQuery() async throws {
        var storage = FailingStorage()
        let asked = LockedBox<FindRequest?>(nil)
        storage.objectStore.onFind = { request, _ in
            asked.set(request)
            return FoundObjects(objects: [], count: 7)
        }

        let response = try await send(
            storage, .get, "/2013-09-01/installations?count=1&limit=2&where=%7B%22deviceType%22%3A%22android%22%7D")

        let request = try #require(asked.get())
        #expect(request.className == .installation)
        #expect(request.applicationId == "FakeApplicationId")
        #expect(request.parameters.limit == 2)
        #expect(request.parameters.includesCount)
        #expect(request.parameters.whereQuery == (try WhereQuery(parsing: ["deviceType": "android"])))
        #expect(response.text == #"{"results":[],"count":7}"#)
    }

    // MARK: Update and delete

    @Test func updateSendsTheChangedFieldsAsFixtureF75() async throws {
        var storage = FailingStorage()
        let asked = LockedBox<ObjectUpdate?>(nil)
        storage.objectStore.onUpdate = { update, _ in
            asked.set(update)
            return StoredObject(objectId: update.key.objectId, createDate: TestClock.start, updateDate: update.updateDate, acl: .publicReadWrite, fields: [:])
        }

        let response = try await send(
            storage, .put, "/2013-09-01/installations/0000000000000001",
            body: #"{"status":"updated","badge":{"__op":"Increment","amount":1},"channels":{"__op":"AddUnique","objects":["x"]},"deviceToken":"new"}"#)

        let update = try #require(asked.get())
        #expect(response.text == #"{"updateDate":"2009-02-13T23:31:30.000Z"}"#)
        #expect(update.key == Self.key)
        #expect(update.acl == nil)
        // A new deviceToken also clears a delivery deactivation (pushDeactivatedAt, pushDeactivationReason).
        #expect(update.operations.map(\.1) == [.set("updated"), .increment(1), .addUnique(["x"]), .set("new"), .delete, .delete])
        #expect(update.operations.suffix(2).map(\.0.rawValue) == ["pushDeactivatedAt", "pushDeactivationReason"])
    }

    @Test(arguments: [
        (#"{"deviceType":null}"#, #"{"code":"E400003","error":"deviceType is empty."}"#),
        (#"{"deviceType":{"__op":"Delete"}}"#, #"{"code":"E400003","error":"deviceType is empty."}"#),
        (#"{"deviceType":"blackberry"}"#, #"{"code":"E400005","error":"deviceType is not a valid value."}"#),
        (#"{"deviceToken":null}"#, #"{"code":"E400003","error":"deviceToken is empty."}"#),
        (#"{"deviceToken":""}"#, #"{"code":"E400003","error":"deviceToken is empty."}"#),
        (#"{"deviceToken":{"__op":"Increment","amount":1}}"#, #"{"code":"E400002","error":"deviceToken is invalid."}"#),
        (#"{"badge":{"__op":"Increment","amount":0.5}}"#, #"{"code":"E400002","error":"badge is invalid."}"#),
        (#"{"badge":{"__op":"Add","objects":[1]}}"#, #"{"code":"E400002","error":"badge is invalid."}"#),
        (#"{"channels":{"__op":"Add","objects":[1]}}"#, #"{"code":"E400002","error":"channels is invalid."}"#),
        (#"{"channels":{"__op":"Increment","amount":1}}"#, #"{"code":"E400002","error":"channels is invalid."}"#),
    ])
    func updateRefusesABadBodyBeforeTouchingStorage(body: String, error: String) async throws {
        let response = try await send(FailingStorage(), .put, "/2013-09-01/installations/0000000000000001", body: body)

        #expect(response.status == .badRequest)
        #expect(response.text == error)
    }

    @Test func updateMayClearTheOptionalFields() async throws {
        var storage = FailingStorage()
        let asked = LockedBox<ObjectUpdate?>(nil)
        storage.objectStore.onUpdate = { update, _ in
            asked.set(update)
            return StoredObject(objectId: update.key.objectId, createDate: TestClock.start, updateDate: update.updateDate, acl: .publicReadWrite, fields: [:])
        }

        let response = try await send(
            storage, .put, "/2013-09-01/installations/0000000000000001", body: #"{"badge":null,"channels":null,"timeZone":null}"#)

        #expect(response.status == .ok)
        #expect(asked.get()?.operations.map(\.1) == [.delete, .delete, .delete])
    }

    @Test func updateToATakenDeviceTokenAnswers409() async throws {
        var storage = FailingStorage()
        storage.objectStore.onUpdate = { _, _ in throw StorageError.duplicate(field: "deviceToken") }

        let response = try await send(storage, .put, "/2013-09-01/installations/0000000000000001", body: #"{"deviceToken":"taken"}"#)

        #expect(response.text == #"{"code":"E409001","error":"deviceToken is duplication."}"#)
    }

    @Test func deleteRemovesTheInstallationAndAnswersAnEmptyBody() async throws {
        var storage = FailingStorage()
        let asked = LockedBox<ObjectKey?>(nil)
        storage.objectStore.onDelete = { key, _ in asked.set(key) }

        let response = try await send(storage, .delete, "/2013-09-01/installations/0000000000000001")

        #expect(response.status == .ok)
        #expect(response.text == "")
        #expect(asked.get() == Self.key)
    }
}
