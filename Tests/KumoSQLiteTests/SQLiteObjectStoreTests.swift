import KumoSQLite
import KumoStorage
import NCMBWire
import Testing

@Suite struct SQLiteObjectStoreTests {
    static let specialFields: JSONObject = [
        "text": "こんにちは \"quoted\" \\ slash/", "integer": 42, "double": 1.5, "flag": true, "nothing": nil,
        "date": ["__type": "Date", "iso": "2016-01-26T00:00:00.000Z"],
        "location": ["__type": "GeoPoint", "latitude": 35.6666269, "longitude": 139.765607],
        "owner": ["__type": "Pointer", "className": "user", "objectId": "7FrmPTBKSNtVjajm"],
        "list": [1, "two", ["nested": [true, nil]]], "object": ["b": 2, "a": 1],
    ]

    // MARK: Tests

    @Test func createThenGetReturnsEveryFieldTypeByteExact() async throws {
        try await TemporaryStorage.with { storage in
            let created = try await storage.objects.create(
                Fixture.newObject("GameScore", "object0001", SQLiteObjectStoreTests.specialFields))

            let read = try await storage.objects.object(Fixture.key("GameScore", "object0001"), include: [], access: .anonymous)

            #expect(read == created)
            #expect(
                JSONValue.object(read.fields).serializedString()
                    == JSONValue.object(SQLiteObjectStoreTests.specialFields).serializedString())
            #expect(read.createDate == Fixture.date() && read.updateDate == Fixture.date())
        }
    }

    @Test func createNormalisesDateValuesToThreeFractionDigits() async throws {
        try await TemporaryStorage.with { storage in
            let created = try await storage.objects.create(
                Fixture.newObject("GameScore", "object0001", ["when": Fixture.dateValue("2016-01-26T00:00:05.123456Z")])
            )

            #expect(created.fields["when"] == Fixture.dateValue("2016-01-26T00:00:05.123Z"))
        }
    }

    @Test func createWithATakenObjectIdReportsADuplicate() async throws {
        try await TemporaryStorage.with { storage in
            _ = try await storage.objects.create(Fixture.newObject("GameScore", "object0001"))

            let error = await #expect(throws: StorageError.self) {
                _ = try await storage.objects.create(Fixture.newObject("GameScore", "object0001"))
            }
            guard case .duplicate(let field)? = error else {
                Issue.record("Expected duplicate, got \(String(describing: error))")
                return
            }
            #expect(field == "objectId")
        }
    }

    @Test func theSameObjectIdMayExistInTwoClassesAndTwoApplications() async throws {
        try await TemporaryStorage.with { storage in
            _ = try await storage.objects.create(Fixture.newObject("GameScore", "object0001", ["points": 1]))
            _ = try await storage.objects.create(Fixture.newObject("Other", "object0001", ["points": 2]))
            var elsewhere = Fixture.newObject("GameScore", "object0001", ["points": 3])
            elsewhere.key.applicationId = "application2"
            _ = try await storage.objects.create(elsewhere)

            let read = try await storage.objects.object(Fixture.key("GameScore", "object0001"), include: [], access: .bypass)
            let other = try await storage.objects.find(
                FindRequest(applicationId: "application2", className: Fixture.className("GameScore"), parameters: QueryParameters()),
                access: .bypass
            )

            #expect(read.fields["points"] == 1)
            #expect(other.objects.map { $0.fields["points"] } == [3])
        }
    }

    @Test func getOfAMissingObjectReportsNotFound() async throws {
        try await TemporaryStorage.with { storage in
            let error = await #expect(throws: StorageError.self) {
                _ = try await storage.objects.object(Fixture.key("GameScore", "missing"), include: [], access: .bypass)
            }
            guard case .notFound? = error else {
                Issue.record("Expected notFound, got \(String(describing: error))")
                return
            }
        }
    }

    @Test func updateSetsFieldsKeepsOthersAndStampsTheUpdateDate() async throws {
        try await TemporaryStorage.with { storage in
            _ = try await storage.objects.create(Fixture.newObject("GameScore", "object0001", ["points": 1, "name": "a"]))
            let update = ObjectUpdate(
                key: Fixture.key("GameScore", "object0001"), updateDate: Fixture.date(60),
                operations: [(Fixture.field("points"), .set(2)), (Fixture.field("extra"), .set(["x": 1]))]
            )

            let updated = try await storage.objects.update(update, access: .anonymous)
            let read = try await storage.objects.object(Fixture.key("GameScore", "object0001"), include: [], access: .anonymous)

            #expect(updated == read)
            #expect(read.fields == ["points": 2, "name": "a", "extra": ["x": 1]])
            #expect(read.fields.keys == ["points", "name", "extra"])
            #expect(read.createDate == Fixture.date() && read.updateDate == Fixture.date(60))
        }
    }

    @Test func updateOfAMissingObjectReportsNotFound() async throws {
        try await TemporaryStorage.with { storage in
            let update = ObjectUpdate(key: Fixture.key("GameScore", "missing"), updateDate: Fixture.date(), operations: [])

            let error = await #expect(throws: StorageError.self) { _ = try await storage.objects.update(update, access: .bypass) }

            guard case .notFound? = error else {
                Issue.record("Expected notFound, got \(String(describing: error))")
                return
            }
        }
    }

    @Test func anOperatorThatDoesNotFitTheStoredValueReportsInvalidAndChangesNothing() async throws {
        try await TemporaryStorage.with { storage in
            _ = try await storage.objects.create(Fixture.newObject("GameScore", "object0001", ["name": "text"]))
            let update = ObjectUpdate(
                key: Fixture.key("GameScore", "object0001"), updateDate: Fixture.date(60),
                operations: [(Fixture.field("other"), .set(1)), (Fixture.field("name"), .increment(1))]
            )

            let error = await #expect(throws: StorageError.self) { _ = try await storage.objects.update(update, access: .bypass) }
            let read = try await storage.objects.object(Fixture.key("GameScore", "object0001"), include: [], access: .bypass)

            guard case .invalid? = error else {
                Issue.record("Expected invalid, got \(String(describing: error))")
                return
            }
            #expect(read.fields == ["name": "text"])
            #expect(read.updateDate == Fixture.date())
        }
    }

    @Test func replacingTheACLChangesWhoCanRead() async throws {
        try await TemporaryStorage.with { storage in
            _ = try await storage.objects.create(Fixture.newObject("GameScore", "object0001"))
            let ownerOnly = AccessControlList(["user0001": .init(read: true, write: true)])
            let update = ObjectUpdate(
                key: Fixture.key("GameScore", "object0001"), updateDate: Fixture.date(1), operations: [], acl: ownerOnly)

            let updated = try await storage.objects.update(update, access: .anonymous)

            #expect(updated.acl == ownerOnly)
            #expect(try await storage.matching("GameScore", .all, access: .anonymous) == [])
            #expect(try await storage.matching("GameScore", .all, access: .user(objectId: "user0001")) == ["object0001"])
        }
    }

    @Test func deleteRemovesTheObjectAndItsRelations() async throws {
        try await TemporaryStorage.with { storage in
            try await storage.createAll([Fixture.newObject("user", "user0001"), Fixture.newObject("Post", "post0001")])
            var role = Fixture.newObject("role", "role0001", ["roleName": "Members"])
            role.operations.append((Fixture.field("belongUser"), .addRelation([Fixture.pointer("user", "user0001")])))
            _ = try await storage.objects.create(role)
            let members = WhereQuery([.relatedTo(owner: Fixture.pointer("role", "role0001"), key: Fixture.field("belongUser"))])
            #expect(try await storage.matching("user", members) == ["user0001"])

            try await storage.objects.delete(Fixture.key("user", "user0001"), access: .anonymous)

            #expect(try await storage.matching("user", members) == [])
            await #expect(throws: StorageError.self) {
                _ = try await storage.objects.object(Fixture.key("user", "user0001"), include: [], access: .bypass)
            }
        }
    }

    @Test func deleteOfAMissingObjectReportsNotFound() async throws {
        try await TemporaryStorage.with { storage in
            let error = await #expect(throws: StorageError.self) {
                try await storage.objects.delete(Fixture.key("GameScore", "missing"), access: .bypass)
            }
            guard case .notFound? = error else {
                Issue.record("Expected notFound, got \(String(describing: error))")
                return
            }
        }
    }

    @Test func addRelationShowsARelationMarkerAndIgnoresMissingTargets() async throws {
        try await TemporaryStorage.with { storage in
            try await storage.createAll([Fixture.newObject("user", "user0001"), Fixture.newObject("user", "user0002")])
            var role = Fixture.newObject("role", "role0001", ["roleName": "Members"])
            role.operations.append(
                (Fixture.field("belongUser"), .addRelation([Fixture.pointer("user", "user0001"), Fixture.pointer("user", "missing")]))
            )

            let created = try await storage.objects.create(role)
            let removal = ObjectUpdate(
                key: Fixture.key("role", "role0001"), updateDate: Fixture.date(1),
                operations: [(Fixture.field("belongUser"), .removeRelation([Fixture.pointer("user", "user0001")]))]
            )
            let members = WhereQuery([.relatedTo(owner: Fixture.pointer("role", "role0001"), key: Fixture.field("belongUser"))])
            let before = try await storage.matching("user", members)
            _ = try await storage.objects.update(removal, access: .bypass)

            #expect(created.fields["belongUser"] == ["__type": "Relation", "className": "user"])
            #expect(before == ["user0001"])
            #expect(try await storage.matching("user", members) == [])
        }
    }
}
