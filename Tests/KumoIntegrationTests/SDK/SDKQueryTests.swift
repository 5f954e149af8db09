import Foundation
import KumoTestSupport
import NCMB
import Testing

/// Every query builder of the SDK, answered by the real server over real SQLite.
@Suite struct SDKQueryTests {
    /// Seeds five numbered objects of `Item`: number 1…5, name, a tag list and a location along the equator.
    static func seedItems() async throws {
        let names = ["apple", "banana", "cherry", "date", "elderberry"]
        for number in 1...5 {
            try await saveObject(
                "Item",
                [
                    "number": number, "name": names[number - 1], "tags": number % 2 == 0 ? ["even"] : ["odd", "prime"],
                    "location": point(0, Double(number)),
                ])
        }
    }

    /// The names of what `query` finds, in the server's order.
    static func names(_ query: NCMBQuery<NCMBObject>) async throws -> [String] {
        try await query.find().compactMap { $0["name"] as String? }
    }

    static func itemQuery() -> NCMBQuery<NCMBObject> {
        var query = NCMBQuery.getQuery(className: "Item")
        query.order = ["number"]
        return query
    }

    /// One condition and the names it must find among the seeded items, in number order.
    struct ConditionCase: Sendable, CustomTestStringConvertible {
        let name: String
        let build: @Sendable (inout NCMBQuery<NCMBObject>) -> Void
        let expected: [String]

        var testDescription: String { name }
    }

    static let conditionCases: [ConditionCase] = [
        ConditionCase(name: "equalTo", build: { $0.where(field: "number", equalTo: 3) }, expected: ["cherry"]),
        ConditionCase(
            name: "notEqualTo", build: { $0.where(field: "number", notEqualTo: 3) }, expected: ["apple", "banana", "date", "elderberry"]),
        ConditionCase(name: "lessThan", build: { $0.where(field: "number", lessThan: 3) }, expected: ["apple", "banana"]),
        ConditionCase(
            name: "lessThanOrEqualTo", build: { $0.where(field: "number", lessThanOrEqualTo: 2) }, expected: ["apple", "banana"]),
        ConditionCase(name: "greaterThan", build: { $0.where(field: "number", greaterThan: 3) }, expected: ["date", "elderberry"]),
        ConditionCase(
            name: "greaterThanOrEqualTo", build: { $0.where(field: "number", greaterThanOrEqualTo: 4.5) }, expected: ["elderberry"]),
        ConditionCase(
            name: "range",
            build: {
                $0.where(field: "number", greaterThan: 1)
                $0.where(field: "number", lessThan: 4)
            }, expected: ["banana", "cherry"]),
        ConditionCase(name: "containedIn", build: { $0.where(field: "number", containedIn: [1, 5]) }, expected: ["apple", "elderberry"]),
        ConditionCase(
            name: "notContainedIn", build: { $0.where(field: "name", notContainedIn: ["apple", "banana"]) },
            expected: ["cherry", "date", "elderberry"]),
        ConditionCase(
            name: "exists", build: { $0.where(field: "missing", exists: false) },
            expected: ["apple", "banana", "cherry", "date", "elderberry"]),
        ConditionCase(name: "toMatchPattern", build: { $0.where(field: "name", toMatchPattern: "^[bc]") }, expected: ["banana", "cherry"]),
        ConditionCase(
            name: "containedInArrayTo", build: { $0.where(field: "tags", containedInArrayTo: ["even"]) }, expected: ["banana", "date"]),
        ConditionCase(
            name: "notContainedInArrayTo", build: { $0.where(field: "tags", notContainedInArrayTo: ["prime"]) },
            expected: ["banana", "date"]),
        ConditionCase(
            name: "containsAllObjectsInArrayTo", build: { $0.where(field: "tags", containsAllObjectsInArrayTo: ["odd", "prime"]) },
            expected: ["apple", "cherry", "elderberry"]),
        ConditionCase(
            name: "withinGeoBox",
            build: { $0.where(field: "location", withinGeoBoxFromSouthwest: point(-1, 1.5), toNortheast: point(1, 3.5)) },
            expected: ["banana", "cherry"]),
    ]

    // MARK: Tests

    @Test(arguments: conditionCases)
    func eachConditionFindsTheMatchingObjects(conditionCase: ConditionCase) async throws {
        try await withSDK { _ in
            try await Self.seedItems()
            var query = Self.itemQuery()
            conditionCase.build(&query)

            let names = try await Self.names(query)

            #expect(names == conditionCase.expected)
        }
    }

    @Test func orderSkipAndLimitPageThroughTheResults() async throws {
        try await withSDK { _ in
            try await Self.seedItems()
            var query = NCMBQuery.getQuery(className: "Item")
            query.order = ["-number"]
            query.skip = 1
            query.limit = 2

            let names = try await Self.names(query)

            #expect(names == ["date", "cherry"])
        }
    }

    @Test func countCountsEveryMatchRegardlessOfPaging() async throws {
        try await withSDK { _ in
            try await Self.seedItems()
            var query = NCMBQuery.getQuery(className: "Item")
            query.where(field: "number", greaterThan: 1)
            query.limit = 1
            query.skip = 1

            let count = try await query.count()

            #expect(count == 4)
        }
    }

    @Test func orQueryFindsWhatAnyBranchFinds() async throws {
        try await withSDK { _ in
            try await Self.seedItems()
            var low = Self.itemQuery()
            low.where(field: "number", lessThan: 2)
            var high = Self.itemQuery()
            high.where(field: "number", greaterThan: 4)
            var query = NCMBQuery.orQuery(low, high)
            query.order = ["number"]

            let names = try await Self.names(query)

            #expect(names == ["apple", "elderberry"])
        }
    }

    @Test func nearGeoPointFindsTheNearestFirstWithinTheDistance() async throws {
        try await withSDK { _ in
            try await Self.seedItems()
            var query = NCMBQuery.getQuery(className: "Item")
            query.where(field: "location", nearGeoPoint: point(0, 4.2), withinKilometers: 200)
            var unbounded = NCMBQuery.getQuery(className: "Item")
            unbounded.where(field: "location", nearGeoPoint: point(0, 0))
            var miles = NCMBQuery.getQuery(className: "Item")
            miles.where(field: "location", nearGeoPoint: point(0, 1), withinMiles: 1)
            var radians = NCMBQuery.getQuery(className: "Item")
            radians.where(field: "location", nearGeoPoint: point(0, 5), withinRadians: 0.02)

            #expect(try await Self.names(query) == ["date", "elderberry", "cherry"])
            #expect(try await Self.names(unbounded) == ["apple", "banana", "cherry", "date", "elderberry"])
            #expect(try await Self.names(miles) == ["apple"])
            #expect(try await Self.names(radians) == ["elderberry", "date"])
        }
    }

    @Test func matchesQueryFindsObjectsPointingAtSubQueryResults() async throws {
        try await withSDK { _ in
            let tokyo = try await saveObject("City", ["name": "Tokyo", "population": 14_000_000])
            let nara = try await saveObject("City", ["name": "Nara", "population": 350_000])
            try await saveObject("Shop", ["name": "ramen", "city": tokyo])
            try await saveObject("Shop", ["name": "deer", "city": nara])
            var bigCities = NCMBQuery.getQuery(className: "City")
            bigCities.where(field: "population", greaterThan: 10_000_000)
            var query = NCMBQuery.getQuery(className: "Shop")
            query.where(field: "city", matchesQuery: bigCities)

            let names = try await query.find().compactMap { $0["name"] as String? }

            #expect(names == ["ramen"])
        }
    }

    @Test func matchesKeyInQueryComparesWithAFieldOfTheSubQueryResults() async throws {
        try await withSDK { _ in
            try await saveObject("City", ["name": "Tokyo", "population": 14_000_000])
            try await saveObject("City", ["name": "Nara", "population": 350_000])
            try await saveObject("Shop", ["name": "ramen", "cityName": "Tokyo"])
            try await saveObject("Shop", ["name": "deer", "cityName": "Nara"])
            var bigCities = NCMBQuery.getQuery(className: "City")
            bigCities.where(field: "population", greaterThan: 10_000_000)
            var query = NCMBQuery.getQuery(className: "Shop")
            query.where(field: "cityName", matchesKey: "name", inQuery: bigCities)

            let names = try await query.find().compactMap { $0["name"] as String? }

            #expect(names == ["ramen"])
        }
    }

    @Test func equalToASavedObjectFindsTheObjectsPointingAtIt() async throws {
        try await withSDK { _ in
            let owner = try await saveObject("Owner", ["name": "Sato"])
            try await saveObject("Pet", ["name": "Tama", "owner": owner])
            try await saveObject("Pet", ["name": "Pochi"])
            var query = NCMBQuery.getQuery(className: "Pet")
            query.where(field: "owner", equalTo: owner)

            let names = try await query.find().compactMap { $0["name"] as String? }

            #expect(names == ["Tama"])
        }
    }

    @Test func dateConditionsCompareDates() async throws {
        try await withSDK { _ in
            try await saveObject("Event", ["name": "old", "at": Date(timeIntervalSince1970: 1_000)])
            try await saveObject("Event", ["name": "new", "at": Date(timeIntervalSince1970: 2_000)])
            var query = NCMBQuery.getQuery(className: "Event")
            query.where(field: "at", greaterThan: Date(timeIntervalSince1970: 1_500))

            let names = try await query.find().compactMap { $0["name"] as String? }

            #expect(names == ["new"])
        }
    }
}
