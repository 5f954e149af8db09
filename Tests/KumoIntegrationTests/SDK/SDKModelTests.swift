import Foundation
import KumoTestSupport
import NCMB
import Testing

/// A typed model of the in-process tests.
struct Recipe: NCMBModel, Equatable {
    var objectId: String?
    var createDate: Date?
    var updateDate: Date?
    var acl: NCMBACL?
    var title: String
    var minutes: Int
    var tags: [String]
    var publishedAt: Date?
    var origin: NCMBGeoPoint?
    var author: NCMBReference<Chef>?
}

/// The model a ``Recipe`` points at.
struct Chef: NCMBModel, Equatable {
    var objectId: String?
    var createDate: Date?
    var updateDate: Date?
    var acl: NCMBACL?
    var name: String
}

/// Typed models against the real server in process: create, update, fetch, query with include, batch, delete.
@Suite struct SDKModelTests {
    static let published = Date(timeIntervalSince1970: 1_700_000_000)

    @Test func aModelRoundTripsThroughTheServer() async throws {
        try await withSDK { _ in
            let chef = try await Chef(name: "Hanako").save()
            var recipe = Recipe(
                title: "Ramen", minutes: 30, tags: ["noodle"], publishedAt: Self.published,
                origin: NCMBGeoPoint(latitude: 35.68, longitude: 139.76), author: NCMBReference(chef))
            recipe = try await recipe.save()
            let objectId = try #require(recipe.objectId)
            #expect(recipe.createDate != nil)

            recipe.minutes = 25
            recipe = try await recipe.save()
            let fetched = try await Recipe.fetch(objectId: objectId)
            #expect(fetched.minutes == 25)
            #expect(fetched.publishedAt == Self.published)
            #expect(fetched.origin == NCMBGeoPoint(latitude: 35.68, longitude: 139.76))
            #expect(fetched.author?.objectId == chef.objectId)
            #expect(fetched.author?.object == nil)
            #expect(fetched.updateDate == recipe.updateDate)

            let object = NCMBObject(className: "Recipe")
            object.objectId = objectId
            try await object.fetch()
            #expect(object["title"] == "Ramen")
            #expect(object["publishedAt"] == Self.published)
        }
    }

    @Test func aTypedQueryFindsModelsWithIncludedReferences() async throws {
        try await withSDK { _ in
            let chef = try await Chef(name: "Hanako").save()
            _ = try await Recipe.saveAll([
                Recipe(title: "Soba", minutes: 10, tags: [], author: NCMBReference(chef)),
                Recipe(title: "Udon", minutes: 40, tags: [], author: NCMBReference(chef)),
            ])

            var query = Recipe.query
            query.where(field: "minutes", lessThan: 20)
            query.include = ["author"]
            let quick = try await query.find(as: Recipe.self)

            #expect(quick.map(\.title) == ["Soba"])
            #expect(quick.first?.author?.object?.name == "Hanako")
        }
    }

    @Test func modelsAreDeletedOneByOneOrInABatch() async throws {
        try await withSDK { _ in
            let recipes = try await Recipe.saveAll((1...3).map { Recipe(title: "R\($0)", minutes: $0, tags: []) }, atomically: true)

            try await recipes[0].delete()
            try await Recipe.deleteAll(Array(recipes[1...]))

            #expect(try await Recipe.query.count() == 0)
            let error = await #expect(throws: NCMBApiError.self) { try await recipes[0].fetch() }
            #expect(error?.errorCode == .noDataAvailable)
        }
    }
}
