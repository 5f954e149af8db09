import Foundation
import NCMB
import NCMBWire
import Testing

/// Every condition builder and the exact `where` JSON it sends (docs/wire/query-operators.md).
@Suite struct NCMBQueryWhereTests {
    /// One builder call and the `where` it must produce.
    struct WhereCase: Sendable, CustomTestStringConvertible {
        let name: String
        let build: @Sendable (inout NCMBQuery<NCMBObject>) -> Void
        let expected: JSONValue

        var testDescription: String { name }
    }

    static let geoPoint = NCMBGeoPoint(latitude: 35.5, longitude: 139.5)
    static let geoJSON: JSONValue = ["__type": "GeoPoint", "latitude": 35.5, "longitude": 139.5]
    static let southwest: JSONValue = ["__type": "GeoPoint", "latitude": 0.0, "longitude": 0.0]
    static let northeast: JSONValue = ["__type": "GeoPoint", "latitude": 80.0, "longitude": 80.0]

    static let cases: [WhereCase] = [
        WhereCase(name: "equalTo", build: { $0.where(field: "number", equalTo: 1) }, expected: ["number": 1]),
        WhereCase(
            name: "equalTo a Date", build: { $0.where(field: "date", equalTo: Date(timeIntervalSince1970: 1_438_181_999.999)) },
            expected: ["date": ["__type": "Date", "iso": "2015-07-29T14:59:59.999Z"]]),
        WhereCase(
            name: "equalTo a pointer", build: { $0.where(field: "owner", equalTo: NCMBPointer(className: "user", objectId: "u1")) },
            expected: ["owner": ["__type": "Pointer", "className": "user", "objectId": "u1"]]),
        WhereCase(name: "notEqualTo", build: { $0.where(field: "number", notEqualTo: 2) }, expected: ["number": ["$ne": 2]]),
        WhereCase(name: "lessThan", build: { $0.where(field: "number", lessThan: 2) }, expected: ["number": ["$lt": 2]]),
        WhereCase(name: "greaterThan", build: { $0.where(field: "number", greaterThan: 2) }, expected: ["number": ["$gt": 2]]),
        WhereCase(
            name: "lessThanOrEqualTo", build: { $0.where(field: "number", lessThanOrEqualTo: 2) },
            expected: ["number": ["$lte": 2]]),
        WhereCase(
            name: "greaterThanOrEqualTo", build: { $0.where(field: "number", greaterThanOrEqualTo: 2.5) },
            expected: ["number": ["$gte": 2.5]]),
        WhereCase(
            name: "two conditions on one field",
            build: {
                $0.where(field: "number", greaterThan: 1)
                $0.where(field: "number", lessThan: 5)
            }, expected: ["number": ["$gt": 1, "$lt": 5]]),
        WhereCase(
            name: "an operator replaces an equality",
            build: {
                $0.where(field: "number", equalTo: ["a": 1])
                $0.where(field: "number", greaterThan: 1)
            }, expected: ["number": ["$gt": 1]]),
        WhereCase(
            name: "an equality replaces operators",
            build: {
                $0.where(field: "number", greaterThan: 1)
                $0.where(field: "number", equalTo: 3)
            }, expected: ["number": 3]),
        WhereCase(
            name: "containedIn", build: { $0.where(field: "number", containedIn: [1, 3, 4]) }, expected: ["number": ["$in": [1, 3, 4]]]),
        WhereCase(
            name: "notContainedIn", build: { $0.where(field: "number", notContainedIn: [2, 3, 4]) },
            expected: ["number": ["$nin": [2, 3, 4]]]),
        WhereCase(name: "exists", build: { $0.where(field: "name", exists: true) }, expected: ["name": ["$exists": true]]),
        WhereCase(
            name: "toMatchPattern", build: { $0.where(field: "regex", toMatchPattern: "^for") }, expected: ["regex": ["$regex": "^for"]]),
        WhereCase(
            name: "containedInArrayTo", build: { $0.where(field: "array", containedInArrayTo: [1, 5, 6]) },
            expected: ["array": ["$inArray": [1, 5, 6]]]),
        WhereCase(
            name: "notContainedInArrayTo", build: { $0.where(field: "array", notContainedInArrayTo: [4, 5, 6]) },
            expected: ["array": ["$ninArray": [4, 5, 6]]]),
        WhereCase(
            name: "containsAllObjectsInArrayTo", build: { $0.where(field: "array", containsAllObjectsInArrayTo: [1, 2, 3]) },
            expected: ["array": ["$all": [1, 2, 3]]]),
        WhereCase(
            name: "nearGeoPoint", build: { $0.where(field: "location", nearGeoPoint: geoPoint) },
            expected: ["location": ["$nearSphere": geoJSON]]),
        WhereCase(
            name: "nearGeoPoint withinKilometers", build: { $0.where(field: "location", nearGeoPoint: geoPoint, withinKilometers: 1000) },
            expected: ["location": ["$nearSphere": geoJSON, "$maxDistanceInKilometers": 1000.0]]),
        WhereCase(
            name: "nearGeoPoint withinMiles", build: { $0.where(field: "location", nearGeoPoint: geoPoint, withinMiles: 2.5) },
            expected: ["location": ["$nearSphere": geoJSON, "$maxDistanceInMiles": 2.5]]),
        WhereCase(
            name: "nearGeoPoint withinRadians", build: { $0.where(field: "location", nearGeoPoint: geoPoint, withinRadians: 0.5) },
            expected: ["location": ["$nearSphere": geoJSON, "$maxDistanceInRadians": 0.5]]),
        WhereCase(
            name: "withinGeoBox",
            build: {
                $0.where(
                    field: "location", withinGeoBoxFromSouthwest: NCMBGeoPoint(latitude: 0, longitude: 0),
                    toNortheast: NCMBGeoPoint(latitude: 80, longitude: 80))
            }, expected: ["location": ["$within": ["$box": [southwest, northeast]]]]),
        WhereCase(
            name: "relatedTo", build: { $0.relatedTo(targetClassName: "BaseClass", objectId: "base_id", key: "belongs") },
            expected: ["$relatedTo": ["object": ["__type": "Pointer", "className": "BaseClass", "objectId": "base_id"], "key": "belongs"]]),
    ]

    let transport = RecordingTransport()

    func makeQuery(className: String = "TestClass") -> NCMBQuery<NCMBObject> {
        NCMBContext.$current.withValue(.test(transport: transport)) { NCMBQuery.getQuery(className: className) }
    }

    /// Runs `query` and returns the `where` JSON it sent.
    func sentWhere(_ query: NCMBQuery<NCMBObject>, expected: JSONValue) async throws -> JSONValue {
        transport.expect(.objects(try .named("TestClass"), .find(try .matching(expected))), reply: .json(200, #"{"results":[]}"#))
        _ = try await query.find()
        let request = try #require(transport.requests.last)
        let components = try #require(URLComponents(url: request.url, resolvingAgainstBaseURL: false))
        let text = try #require(components.queryItems?.first { $0.name == "where" }?.value)
        return try JSONValue(parsing: text)
    }

    // MARK: Tests

    @Test(arguments: cases)
    func eachConditionSendsItsWireShape(whereCase: WhereCase) async throws {
        var query = makeQuery()
        whereCase.build(&query)

        let sent = try await sentWhere(query, expected: whereCase.expected)

        #expect(sent == whereCase.expected)
        #expect(transport.unmetExpectations.isEmpty)
    }

    @Test func orQueryCombinesTheConditionsOfEveryQuery() async throws {
        var greater = makeQuery()
        greater.where(field: "number", greaterThan: 2)
        var less = makeQuery()
        less.where(field: "number", lessThan: 2)
        var equal = makeQuery()
        equal.where(field: "name", equalTo: "x")
        equal.limit = 5

        let query = NCMBQuery.orQuery(greater, less, equal)

        let expected: JSONValue = ["$or": [["number": ["$gt": 2]], ["number": ["$lt": 2]], ["name": "x"]]]
        #expect(try await sentWhere(query, expected: expected) == expected)
        #expect(query.limit == nil)
    }

    @Test func matchesQuerySendsTheSubQueryWithItsClassAndPaging() async throws {
        var subQuery = makeQuery(className: "SubQuery")
        subQuery.where(field: "status", equalTo: "pointed")
        subQuery.limit = 1
        subQuery.skip = 1
        subQuery.order = ["-score"]
        var query = makeQuery()
        query.where(field: "pointer", matchesQuery: subQuery)

        let expected: JSONValue = [
            "pointer": [
                "$inQuery": ["className": "SubQuery", "where": ["status": "pointed"], "limit": 1, "skip": 1, "order": "-score"]
            ]
        ]
        #expect(try await sentWhere(query, expected: expected) == expected)
    }

    @Test func matchesKeyInQuerySendsASelect() async throws {
        var subQuery = makeQuery(className: "SubQuery")
        subQuery.where(field: "population", greaterThan: 10_000_000)
        var query = makeQuery()
        query.where(field: "city", matchesKey: "cityName", inQuery: subQuery)

        let expected: JSONValue = [
            "city": [
                "$select": ["query": ["className": "SubQuery", "where": ["population": ["$gt": 10_000_000]]], "key": "cityName"]
            ]
        ]
        #expect(try await sentWhere(query, expected: expected) == expected)
    }

    @Test func aSubQueryWithoutConditionsSendsOnlyItsClass() async throws {
        var query = makeQuery()
        query.where(field: "pointer", matchesQuery: makeQuery(className: "SubQuery"))

        let expected: JSONValue = ["pointer": ["$inQuery": ["className": "SubQuery"]]]
        #expect(try await sentWhere(query, expected: expected) == expected)
    }

    @Test func aSavedObjectComparesAsAPointer() async throws {
        let owner = NCMBContext.$current.withValue(.test(transport: transport)) { NCMBObject(className: "Owner") }
        owner.objectId = "0000000000000003"
        var query = makeQuery()
        query.where(field: "owner", equalTo: owner)

        let expected: JSONValue = ["owner": ["__type": "Pointer", "className": "Owner", "objectId": "0000000000000003"]]
        #expect(try await sentWhere(query, expected: expected) == expected)
    }

    /// A query built with invalid input and the error `find` must report.
    struct InvalidCase: Sendable, CustomTestStringConvertible {
        let name: String
        let build: @Sendable (inout NCMBQuery<NCMBObject>) -> Void
        let expected: NCMBInvalidRequestError

        var testDescription: String { name }
    }

    static let invalidCases: [InvalidCase] = [
        InvalidCase(name: "field name", build: { $0.where(field: "bad name", equalTo: 1) }, expected: .invalidFieldName),
        InvalidCase(name: "operator field name", build: { $0.where(field: "$or", greaterThan: 1) }, expected: .invalidFieldName),
        InvalidCase(name: "NaN", build: { $0.where(field: "number", equalTo: Double.nan) }, expected: .invalidBodyJsonValue),
        InvalidCase(
            name: "NaN in a list", build: { $0.where(field: "number", containedIn: [Double.nan]) }, expected: .invalidBodyJsonValue),
        InvalidCase(
            name: "infinite distance",
            build: { $0.where(field: "location", nearGeoPoint: NCMBGeoPoint(), withinKilometers: .infinity) },
            expected: .invalidBodyJsonValue),
        InvalidCase(
            name: "unsaved pointer target",
            build: { $0.where(field: "owner", equalTo: NCMBPointer(className: "user", objectId: "")) }, expected: .emptyObjectId),
        InvalidCase(
            name: "relatedTo key", build: { $0.relatedTo(targetClassName: "Base", objectId: "b1", key: "bad key") },
            expected: .invalidFieldName),
        InvalidCase(
            name: "relatedTo objectId", build: { $0.relatedTo(targetClassName: "Base", objectId: "", key: "members") },
            expected: .emptyObjectId),
        InvalidCase(
            name: "matchesKey key",
            build: { query in
                query.where(field: "city", matchesKey: "bad key", inQuery: query)
            }, expected: .invalidFieldName),
        InvalidCase(
            name: "invalid sub-query",
            build: { query in
                var subQuery = query
                subQuery.where(field: "bad name", equalTo: 1)
                query.where(field: "pointer", matchesQuery: subQuery)
            }, expected: .invalidFieldName),
        InvalidCase(
            name: "invalid select sub-query",
            build: { query in
                var subQuery = query
                subQuery.where(field: "bad name", equalTo: 1)
                query.where(field: "city", matchesKey: "name", inQuery: subQuery)
            }, expected: .invalidFieldName),
        InvalidCase(
            name: "invalid or branch",
            build: { query in
                var branch = query
                branch.where(field: "n", equalTo: Float.infinity)
                query = NCMBQuery.orQuery(query, branch)
            }, expected: .invalidBodyJsonValue),
    ]

    @Test(arguments: invalidCases)
    func invalidInputFailsBeforeAnyRequest(invalidCase: InvalidCase) async throws {
        var query = makeQuery()
        invalidCase.build(&query)

        let builtQuery = query

        let error = await #expect(throws: NCMBInvalidRequestError.self) { _ = try await builtQuery.find() }

        #expect(error == invalidCase.expected)
        #expect(transport.requests.isEmpty)
    }

    @Test func theFirstInvalidInputIsTheOneReported() async throws {
        var query = makeQuery()
        query.where(field: "a", equalTo: Double.nan)
        query.where(field: "bad name", equalTo: 1)

        let builtQuery = query

        let error = await #expect(throws: NCMBInvalidRequestError.self) { _ = try await builtQuery.count() }

        #expect(error == .invalidBodyJsonValue)
    }

    @Test(arguments: [
        NCMBGeoPoint(latitude: 91, longitude: 0), NCMBGeoPoint(latitude: 0, longitude: -180.5),
    ])
    func aGeoConditionTheServerWouldRejectFailsWithItsErrorBeforeAnyRequest(point: NCMBGeoPoint) async throws {
        var query = makeQuery()
        query.where(field: "location", nearGeoPoint: point)

        let builtQuery = query

        let error = await #expect(throws: NCMBApiError.self) { _ = try await builtQuery.find() }

        #expect(error?.errorCode == .invalidGeoPointValue)
        #expect(error?.message == "Invalid GeoPoint value.")
        #expect(transport.requests.isEmpty)
    }

    @Test func aBoxWhoseCornersAreSwappedFailsWithTheServersErrorBeforeAnyRequest() async throws {
        var query = makeQuery()
        query.where(
            field: "location", withinGeoBoxFromSouthwest: NCMBGeoPoint(latitude: 80, longitude: 80),
            toNortheast: NCMBGeoPoint(latitude: 0, longitude: 0))

        let builtQuery = query

        let error = await #expect(throws: NCMBApiError.self) { _ = try await builtQuery.find() }

        #expect(error?.errorCode == .invalidGeoPointValue)
    }

    @Test func anExistsConditionThatIsNotABooleanFailsWithTheServersErrorBeforeAnyRequest() async throws {
        var query = makeQuery()
        query.where(field: "name", exists: "yes")

        let builtQuery = query

        let error = await #expect(throws: NCMBApiError.self) { _ = try await builtQuery.find() }

        #expect(error?.errorCode == .invalidType)
        #expect(error?.message == "name is invalid.")
    }
}
