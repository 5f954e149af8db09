import Hummingbird
import HummingbirdTesting
import KumoServer
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// The objects controller and the pipeline over storage fakes that fail on any call a test did not expect:
/// what is asked of storage, and how each storage answer is rendered
/// (docs/style.md#8-one-error-vocabulary-per-side-mapped-to-ncmb-codes,
/// docs/decisions/0003-existence-is-not-leaked.md).
@Suite struct ObjectsControllerFakeStorageTests {
    func storedObject(objectId: String = "0000000000000001") -> StoredObject {
        StoredObject(
            objectId: objectId, createDate: TestClock.start, updateDate: TestClock.start, acl: .publicReadWrite,
            fields: ["name": "ramen"])
    }

    // MARK: Tests

    @Test func createAsksStorageForTheParsedOperationsTheDefaultACLAndServerOwnedFields() async throws {
        var storage = FailingStorage().withFakeApplication()
        let received = LockedBox<NewObject?>(nil)
        storage.objectStore.onCreate = { object in
            received.set(object)
            return StoredObject(
                objectId: object.key.objectId, createDate: object.createDate, updateDate: object.createDate, acl: object.acl,
                fields: [:])
        }

        let response = try await TestApplication.with(storage: storage) { application in
            try await application.test { requester in
                try await requester.send(.post, "/2013-09-01/classes/Food", body: #"{"name":"ramen","createDate":"x"}"#)
            }
        }

        let object = try #require(received.get())
        #expect(response.status == .created)
        #expect(object.key == ObjectKey(applicationId: "FakeApplicationId", className: ClassName("Food")!, objectId: "0000000000000001"))
        #expect(object.createDate == TestClock.start)
        #expect(object.acl == .publicReadWrite)
        #expect(object.operations.map(\.0.rawValue) == ["name"])
        #expect(object.operations.map(\.1) == [.set("ramen")])
    }

    @Test func createRetriesOnceWithAFreshObjectIdWhenTheFirstCollides() async throws {
        var storage = FailingStorage().withFakeApplication()
        let attempts = LockedBox<[String]>([])
        storage.objectStore.onCreate = { object in
            attempts.mutate { $0.append(object.key.objectId) }
            if attempts.get().count == 1 { throw StorageError.duplicate(field: "objectId") }
            return StoredObject(
                objectId: object.key.objectId, createDate: object.createDate, updateDate: object.createDate, acl: object.acl,
                fields: [:])
        }

        let response = try await TestApplication.with(storage: storage) { application in
            try await application.test { requester in try await requester.send(.post, "/2013-09-01/classes/Food", body: "{}") }
        }

        #expect(response.status == .created)
        #expect(attempts.get() == ["0000000000000001", "0000000000000002"])
    }

    @Test(arguments: [
        (StorageError.notFound, 404, #"{"code":"E404001","error":"No data available."}"#),
        (StorageError.denied, 403, #"{"code":"E403001","error":"No access with ACL."}"#),
        (StorageError.duplicate(field: "name"), 409, #"{"code":"E409001","error":"name is duplication."}"#),
        (StorageError.invalid(APIError(.invalidType, "price")), 400, #"{"code":"E400002","error":"price is invalid."}"#),
        (StorageError.unavailable("disk full"), 503, #"{"code":"E503001","error":"Service unavailable."}"#),
    ])
    func updateRendersEachStorageFailureAsItsNCMBError(failure: StorageError, status: Int, body: String) async throws {
        var storage = FailingStorage().withFakeApplication()
        storage.objectStore.onUpdate = { _, _ in throw failure }

        let response = try await TestApplication.with(storage: storage) { application in
            try await application.test { requester in
                try await requester.send(.put, "/2013-09-01/classes/Food/0000000000000001", body: #"{"price":1}"#)
            }
        }

        #expect(response.status.code == status)
        #expect(response.text == body)
        #expect(response.header("X-NCMB-Response-Signature") != nil)
    }

    @Test func anUnexpectedStorageErrorIsE500001AndDoesNotLeakItsDescription() async throws {
        struct DiskOnFire: Error {}
        var storage = FailingStorage().withFakeApplication()
        storage.objectStore.onDelete = { _, _ in throw DiskOnFire() }

        let response = try await TestApplication.with(storage: storage) { application in
            try await application.test { requester in try await requester.send(.delete, "/2013-09-01/classes/Food/0000000000000001") }
        }

        #expect(response.status == .internalServerError)
        #expect(response.text == #"{"code":"E500001","error":"System error."}"#)
    }

    @Test func findPassesTheValidatedQueryAndTheAnonymousAccessContext() async throws {
        var storage = FailingStorage().withFakeApplication()
        let received = LockedBox<(FindRequest, AccessContext)?>(nil)
        storage.objectStore.onFind = { request, access in
            received.set((request, access))
            return FoundObjects(objects: [storedObject()], count: 7)
        }

        let response = try await TestApplication.with(storage: storage) { application in
            try await application.test { requester in
                try await requester.send(.get, "/2013-09-01/classes/Food?where=%7B%22price%22%3A%7B%22%24gt%22%3A10%7D%7D&count=1&limit=5&order=-price")
            }
        }

        let (request, access) = try #require(received.get())
        #expect(access == .anonymous)
        #expect(request.className.rawValue == "Food")
        #expect(request.parameters.limit == 5)
        #expect(request.parameters.includesCount)
        #expect(request.parameters.order == [SortKey(field: FieldName("price")!, isDescending: true)])
        #expect(request.parameters.whereQuery.json == ["price": ["$gt": 10]])
        #expect(response.json?.objectValue?["count"] == 7)
    }

    @Test func readinessReportsStorageFailureAs503() async throws {
        var storage = FailingStorage()
        storage.onCheckHealth = { throw StorageError.unavailable("closed") }

        let response = try await TestApplication.with(storage: storage) { application in
            try await application.test { requester in try await requester.send(.get, "/ready", signed: false) }
        }

        #expect(response.status == .serviceUnavailable)
        #expect(response.errorCode == "E503001")
    }
}
