import Foundation
import KumoTestSupport
import NCMB
import Testing

/// `include`, `keys` and batch saves and deletes, through the real SDK and server in process
/// (docs/wire/endpoints/queries.md, docs/wire/endpoints/batch.md).
@Suite struct SDKIncludeKeysBatchTests {
    @Test func includedPointersArriveAsObjectsAtEveryDepth() async throws {
        try await withSDK { _ in
            let team = try await saveObject("Team", ["name": "Blue"])
            let author = try await signUpUser("tarou")
            author["team"] = team
            try await author.save()
            let post = try await saveObject("Post", ["title": "Hello"])
            post["author"] = author
            try await post.save()

            var query = NCMBQuery.getQuery(className: "Post")
            query.include = ["author", "author.team"]
            let found = try #require(try await query.find().first)

            let includedAuthor: NCMBUser? = found["author"]
            #expect(includedAuthor?.userName == "tarou")
            let includedTeam: NCMBObject? = includedAuthor?["team"]
            #expect(includedTeam?["name"] == "Blue")
            #expect(includedTeam?.objectId == team.objectId)

            var plain = NCMBQuery.getQuery(className: "Post")
            plain.where(field: "title", equalTo: "Hello")
            let notIncluded = try #require(try await plain.find().first)
            #expect((notIncluded["author"] as NCMBUser?) == nil)
            #expect((notIncluded["author"] as NCMBPointer?)?.objectId == author.objectId)
        }
    }

    @Test func keysReturnOnlyTheNamedFieldsBesidesTheSystemOnes() async throws {
        try await withSDK { _ in
            try await saveObject("Item", ["name": "apple", "price": 100, "secret": "x"])

            var query = NCMBQuery.getQuery(className: "Item")
            query.keys = ["name"]
            let item = try #require(try await query.find().first)

            #expect(item["name"] == "apple")
            #expect((item["price"] as Int?) == nil)
            #expect((item["secret"] as String?) == nil)
            #expect(item.objectId != nil)
        }
    }

    @Test func saveAllCreatesAndUpdatesManyObjectsAndDeleteAllRemovesThem() async throws {
        try await withSDK { _ in
            let existing = try await saveObject("Item", ["number": 0])
            existing["number"] = NCMBIncrementOperator(amount: 10)
            let objects = [existing] + (1...60).map { number -> NCMBObject in
                let object = NCMBObject(className: "Item")
                object["number"] = number
                return object
            }

            try await NCMBObject.saveAll(objects)

            #expect(objects.allSatisfy { $0.objectId != nil })
            #expect(try await NCMBQuery.getQuery(className: "Item").count() == 61)
            var tenth = NCMBQuery.getQuery(className: "Item")
            tenth.where(field: "number", equalTo: 10)
            #expect(try await tenth.count() == 2)

            try await NCMBObject.deleteAll(objects)
            #expect(try await NCMBQuery.getQuery(className: "Item").count() == 0)
        }
    }

    @Test func aRefusedObjectFailsAloneUnlessTheBatchIsAtomic() async throws {
        try await withSDK { _ in
            let owner = try await signUpUser("owner")
            var ownerOnly = NCMBACL.empty
            ownerOnly.put(key: try #require(owner.objectId), readable: true, writable: true)
            let locked = NCMBObject(className: "Item")
            locked.acl = ownerOnly
            locked["number"] = 1
            try await locked.save()
            try await NCMBUser.logOut()

            locked["number"] = 2
            let fresh = NCMBObject(className: "Item")
            fresh["number"] = 3
            let error = await #expect(throws: NCMBBatchError.self) { try await NCMBObject.saveAll([locked, fresh]) }
            #expect(error?.failures.map(\.index) == [0])
            #expect(fresh.objectId != nil)

            let another = NCMBObject(className: "Item")
            another["number"] = 4
            locked["number"] = 5
            await #expect(throws: NCMBApiError.self) { try await NCMBObject.saveAll([another, locked], atomically: true) }
            #expect(another.objectId == nil)
            var fourth = NCMBQuery.getQuery(className: "Item")
            fourth.where(field: "number", equalTo: 4)
            #expect(try await fourth.count() == 0)
        }
    }
}
