import Foundation
import KumoTestSupport
import NCMB
import Testing

/// The real SDK against the real server, in process: object life cycle, field types and operators.
@Suite struct SDKObjectTests {
    // MARK: Tests

    @Test func anObjectIsCreatedFetchedUpdatedAndDeleted() async throws {
        try await withSDK { _ in
            let score = NCMBObject(className: "GameScore")
            score["points"] = 42
            score["playerName"] = "Sato"
            try await score.save()
            let objectId = try #require(score.objectId)

            let copy = NCMBObject(className: "GameScore")
            copy.objectId = objectId
            try await copy.fetch()
            copy["points"] = 43
            try await copy.save()
            try await score.fetch()

            #expect(objectId == "0000000000000001")
            #expect(score["points"] == 43)
            #expect(score["playerName"] == "Sato")
            #expect(score["createDate"] == "2009-02-13T23:31:30.000Z")
            #expect(score.acl?.getWritable(key: NCMBACL.ACL_PUBLIC) == true)

            try await score.delete()
            let error = await #expect(throws: NCMBApiError.self) { try await copy.fetch() }
            #expect(error?.errorCode == .noDataAvailable)
            #expect(error?.message == "No data available.")
        }
    }

    @Test func updateOperatorsChangeTheStoredFields() async throws {
        try await withSDK { _ in
            let counter = try await saveObject("Counter", ["count": 10, "ratio": 1.5, "tags": ["a", "b"]])
            counter["count"] = NCMBIncrementOperator(amount: 5)
            counter["ratio"] = NCMBIncrementOperator(amount: -0.5)
            counter["tags"] = NCMBAddOperator(elements: ["c"])
            counter["unique"] = NCMBAddUniqueOperator(elements: ["x", "x", "y"])
            try await counter.save()
            counter["tags"] = NCMBRemoveOperator(elements: ["a"])
            counter["unique"] = NCMBAddUniqueOperator(elements: ["y", "z"])
            try await counter.save()

            try await counter.fetch()

            #expect(counter["count"] == 15)
            #expect(counter["ratio"] == 1.0)
            #expect(counter["tags"] == ["b", "c"])
            #expect(counter["unique"] == ["x", "y", "z"])
        }
    }

    @Test func typedFieldsRoundTrip() async throws {
        try await withSDK { _ in
            let owner = try await saveObject("Owner", ["name": "Sato"])
            let date = Date(timeIntervalSince1970: 1_453_766_400.123)
            let place = try await saveObject(
                "Place",
                [
                    "date": date, "location": point(35.6666269, 139.765607), "owner": owner, "nothing": NSNull(),
                    "nested": ["list": [1, 2], "flag": true] as [String: any Sendable],
                ])
            let fetched = NCMBObject(className: "Place")
            fetched.objectId = place.objectId

            try await fetched.fetch()

            #expect(fetched["date"] == date)
            #expect(fetched["location"] == point(35.6666269, 139.765607))
            #expect(fetched["owner"] == NCMBPointer(className: "Owner", objectId: try #require(owner.objectId)))
            let nothing: Any? = fetched["nothing"]
            #expect(nothing is NSNull)
            let nested: [String: Any]? = fetched["nested"]
            #expect(nested?["list"] as? [Int] == [1, 2])
            #expect(nested?["flag"] as? Bool == true)
        }
    }

    @Test func aClearedFieldReadsBackAsNull() async throws {
        try await withSDK { _ in
            let object = try await saveObject("Sample", ["name": "x"])
            object["name"] = nil as String?
            try await object.save()

            try await object.fetch()

            let name: Any? = object["name"]
            #expect(name is NSNull)
        }
    }

    @Test func anACLWithoutPublicWriteStopsAnonymousUpdatesAndDeletes() async throws {
        try await withSDK { _ in
            let object = NCMBObject(className: "Notice")
            var acl = NCMBACL.empty
            acl.put(key: NCMBACL.ACL_PUBLIC, readable: true, writable: false)
            object.acl = acl
            object["text"] = "read only"
            try await object.save()
            object["text"] = "changed"

            let updateError = await #expect(throws: NCMBApiError.self) { try await object.save() }
            let deleteError = await #expect(throws: NCMBApiError.self) { try await object.delete() }

            #expect(updateError?.errorCode == .noAccessWithACL)
            #expect(deleteError?.errorCode == .noAccessWithACL)
            try await object.fetch()
            #expect(object["text"] == "read only")
            #expect(object.acl == acl)
        }
    }

    @Test func relationOperatorsChangeTheMembersAQueryFinds() async throws {
        try await withSDK { _ in
            let alice = try await saveObject("Player", ["name": "alice"])
            let bob = try await saveObject("Player", ["name": "bob"])
            let team = NCMBObject(className: "Team")
            let members = [alice, bob].compactMap { $0.objectId }.map { NCMBPointer(className: "Player", objectId: $0) }
            team["members"] = NCMBAddRelationOperator(elements: members)
            try await team.save()
            team["members"] = NCMBRemoveRelationOperator(elements: [members[0]])
            try await team.save()
            var query = NCMBQuery.getQuery(className: "Player")
            query.relatedTo(targetClassName: "Team", objectId: try #require(team.objectId), key: "members")

            let found = try await query.find()

            #expect(found.map { $0["name"] as String? } == ["bob"])
            try await team.fetch()
            #expect(team["members"] == NCMBRelation(className: "Player"))
        }
    }
}
