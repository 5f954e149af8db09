import NCMBWire
import Testing

/// `where` texts with the query each must parse to; shared with the printing tests.
enum WhereQueryExamples {
    static let number = FieldName.named("number")
    static let location = FieldName.named("location")
    static let dateJSON = JSONValue.json(#"{"__type":"Date","iso":"2015-07-29T14:59:59.999Z"}"#)
    static let pointerJSON = JSONValue.json(#"{"__type":"Pointer","className":"user","objectId":"7FrmPTBKSNtVjajm"}"#)
    static let origin = GeoPoint.at(0, 0)

    static func field(_ name: String, _ conditions: FieldCondition...) -> WhereClause { .field(.named(name), conditions) }

    /// A clause on a dotted path (docs/decisions/0104-dotted-paths.md).
    static func path(_ text: String, _ conditions: FieldCondition...) -> WhereClause {
        guard let path = FieldPath(text) else { preconditionFailure("Invalid example path \(text)") }
        return .field(path, conditions)
    }

    static let all: [(text: String, query: WhereQuery)] = [
        ("{}", .all),
        (#"{"number":1}"#, WhereQuery([field("number", .equalTo(1))])),
        (#"{"name":"Tokyo"}"#, WhereQuery([field("name", .equalTo("Tokyo"))])),
        (#"{"name":null}"#, WhereQuery([field("name", .equalTo(nil))])),
        (#"{"flag":false}"#, WhereQuery([field("flag", .equalTo(false))])),
        (#"{"tags":[1,"a"]}"#, WhereQuery([field("tags", .equalTo([1, "a"]))])),
        (#"{"meta":{"a":1}}"#, WhereQuery([field("meta", .equalTo(["a": 1]))])),
        (#"{"meta":{}}"#, WhereQuery([field("meta", .equalTo(.object(JSONObject())))])),
        (#"{"date":{"__type":"Date","iso":"2015-07-29T14:59:59.999Z"}}"#, WhereQuery([field("date", .equalTo(dateJSON))])),
        (
            #"{"owner":{"__type":"Pointer","className":"user","objectId":"7FrmPTBKSNtVjajm"}}"#,
            WhereQuery([field("owner", .equalTo(pointerJSON))])
        ),
        (
            #"{"location":{"__type":"GeoPoint","latitude":10,"longitude":20}}"#,
            WhereQuery([field("location", .equalTo(.json(#"{"__type":"GeoPoint","latitude":10,"longitude":20}"#)))])
        ),
        (#"{"number":{"$ne":2}}"#, WhereQuery([field("number", .notEqualTo(2))])),
        (#"{"number":{"$ne":null}}"#, WhereQuery([field("number", .notEqualTo(nil))])),
        (
            #"{"owner":{"$ne":{"__type":"Pointer","className":"user","objectId":"7FrmPTBKSNtVjajm"}}}"#,
            WhereQuery([field("owner", .notEqualTo(pointerJSON))])
        ),
        (#"{"number":{"$lt":2}}"#, WhereQuery([field("number", .lessThan(2))])),
        (#"{"number":{"$lte":2.5}}"#, WhereQuery([field("number", .lessThanOrEqualTo(2.5))])),
        (#"{"name":{"$gt":"m"}}"#, WhereQuery([field("name", .greaterThan("m"))])),
        (
            #"{"date":{"$gte":{"__type":"Date","iso":"2015-07-29T14:59:59.999Z"}}}"#,
            WhereQuery([field("date", .greaterThanOrEqualTo(dateJSON))])
        ),
        (#"{"number":{"$gt":1,"$lt":5}}"#, WhereQuery([field("number", .greaterThan(1), .lessThan(5))])),
        (#"{"number":{"$in":[1,3,4]}}"#, WhereQuery([field("number", .containedIn([1, 3, 4]))])),
        (#"{"number":{"$nin":[2,3,4]}}"#, WhereQuery([field("number", .notContainedIn([2, 3, 4]))])),
        (#"{"number":{"$in":[]}}"#, WhereQuery([field("number", .containedIn([]))])),
        (#"{"name":{"$exists":true}}"#, WhereQuery([field("name", .exists(true))])),
        (#"{"name":{"$exists":false}}"#, WhereQuery([field("name", .exists(false))])),
        (#"{"regex":{"$regex":"^for"}}"#, WhereQuery([field("regex", .regex("^for"))])),
        (#"{"array":{"$inArray":[1,5,6]}}"#, WhereQuery([field("array", .inArray([1, 5, 6]))])),
        (#"{"array":{"$ninArray":[4,5,6]}}"#, WhereQuery([field("array", .notInArray([4, 5, 6]))])),
        (#"{"array":{"$all":[1,2,3]}}"#, WhereQuery([field("array", .containsAll([1, 2, 3]))])),
        (
            #"{"$or":[{"number":{"$gt":2}},{"number":{"$lt":2}}]}"#,
            WhereQuery([.or([WhereQuery([field("number", .greaterThan(2))]), WhereQuery([field("number", .lessThan(2))])])])
        ),
        (
            #"{"pointer":{"$inQuery":{"where":{"status":"pointed"},"className":"SubQuery","limit":1,"skip":1}}}"#,
            WhereQuery([
                field(
                    "pointer",
                    .inQuery(
                        SubQuery(
                            className: .named("SubQuery"), whereQuery: WhereQuery([field("status", .equalTo("pointed"))]),
                            limit: 1, skip: 1)))
            ])
        ),
        (
            #"{"pointer":{"$notInQuery":{"className":"user"}}}"#,
            WhereQuery([field("pointer", .notInQuery(SubQuery(className: .user)))])
        ),
        (
            #"{"pointer":{"$inQuery":{"className":"SubQuery","order":"-score,name"}}}"#,
            WhereQuery([
                field(
                    "pointer",
                    .inQuery(
                        SubQuery(
                            className: .named("SubQuery"),
                            order: [SortKey(field: .named("score"), isDescending: true), SortKey(field: .named("name"))])))
            ])
        ),
        (
            #"{"city":{"$select":{"query":{"className":"SubQuery","where":{"population":{"$gt":10000000}}},"key":"cityName"}}}"#,
            WhereQuery([
                field(
                    "city",
                    .select(
                        SubQuery(
                            className: .named("SubQuery"),
                            whereQuery: WhereQuery([field("population", .greaterThan(10_000_000))])),
                        key: .named("cityName")))
            ])
        ),
        (
            #"{"city":{"$dontSelect":{"query":{"className":"SubQuery"},"key":"cityName"}}}"#,
            WhereQuery([field("city", .dontSelect(SubQuery(className: .named("SubQuery")), key: .named("cityName")))])
        ),
        (#"{"hash.a":"b"}"#, WhereQuery([path("hash.a", .equalTo("b"))])),
        (#"{"hash.arr.0":{"$gte":1}}"#, WhereQuery([path("hash.arr.0", .greaterThanOrEqualTo(1))])),
        (#"{"ref.objectId":"AAAAAAA","ref.__type":"Pointer"}"#, WhereQuery([path("ref.objectId", .equalTo("AAAAAAA")), path("ref.__type", .equalTo("Pointer"))])),
        (
            #"{"$and":[{"hash.n":{"$gt":1}},{"tags":"t2"}]}"#,
            WhereQuery([.and([WhereQuery([path("hash.n", .greaterThan(1))]), WhereQuery([field("tags", .equalTo("t2"))])])])
        ),
        (
            #"{"$or":[{"items.name":"x"},{"$and":[{"a":1}]}]}"#,
            WhereQuery([.or([WhereQuery([path("items.name", .equalTo("x"))]), WhereQuery([.and([WhereQuery([field("a", .equalTo(1))])])])])])
        ),
        (
            #"{"city":{"$select":{"query":{"className":"SubQuery","where":{"info.size":{"$gt":1}}},"key":"info.name"}}}"#,
            WhereQuery([
                field(
                    "city",
                    .select(
                        SubQuery(className: .named("SubQuery"), whereQuery: WhereQuery([path("info.size", .greaterThan(1))])),
                        key: FieldPath(root: .named("info"), keys: [.name("name")])))
            ])
        ),
        (
            #"{"$relatedTo":{"object":{"__type":"Pointer","className":"BaseClass","objectId":"base_id"},"key":"belongs"}}"#,
            WhereQuery([.relatedTo(owner: Pointer(className: .named("BaseClass"), objectId: "base_id"), key: .named("belongs"))])
        ),
        (
            #"{"location":{"$nearSphere":{"__type":"GeoPoint","latitude":0,"longitude":0}}}"#,
            WhereQuery([field("location", .nearSphere(origin, maximumDistance: nil))])
        ),
        (
            #"{"location":{"$nearSphere":{"__type":"GeoPoint","latitude":0,"longitude":0},"$maxDistanceInKilometers":1000}}"#,
            WhereQuery([field("location", .nearSphere(origin, maximumDistance: .kilometers(1000)))])
        ),
        (
            #"{"location":{"$maxDistanceInMiles":2.5,"$nearSphere":{"__type":"GeoPoint","latitude":0,"longitude":0}}}"#,
            WhereQuery([field("location", .nearSphere(origin, maximumDistance: .miles(2.5)))])
        ),
        (
            #"{"location":{"$nearSphere":{"__type":"GeoPoint","latitude":0,"longitude":0},"$maxDistanceInRadians":0}}"#,
            WhereQuery([field("location", .nearSphere(origin, maximumDistance: .radians(0)))])
        ),
        (
            #"{"location":{"$within":{"$box":[{"__type":"GeoPoint","latitude":0,"longitude":0},"#
                + #"{"__type":"GeoPoint","latitude":80,"longitude":80}]}}}"#,
            WhereQuery([field("location", .withinBox(southwest: origin, northeast: .at(80, 80)))])
        ),
        (
            #"{"objectId":"7FrmPTBKSNtVjajm","createDate":{"$gt":{"__type":"Date","iso":"2015-07-29T14:59:59.999Z"}},"#
                + #""updateDate":{"$exists":true}}"#,
            WhereQuery([
                field("objectId", .equalTo("7FrmPTBKSNtVjajm")), field("createDate", .greaterThan(dateJSON)),
                field("updateDate", .exists(true)),
            ])
        ),
        (
            #"{"b":1,"$relatedTo":{"object":{"__type":"Pointer","className":"user","objectId":"u1"},"key":"friends"},"a":{"$lt":3}}"#,
            WhereQuery([
                field("b", .equalTo(1)), .relatedTo(owner: Pointer(className: .user, objectId: "u1"), key: .named("friends")),
                field("a", .lessThan(3)),
            ])
        ),
    ]
}

@Suite struct WhereQueryParsingTests {
    @Test(arguments: WhereQueryExamples.all)
    func parsesEveryOperator(text: String, query: WhereQuery) throws {
        #expect(try WhereQuery(parsing: .json(text)) == query)
    }

    @Test func readsAnOrderGivenAsAnArrayInASubQuery() throws {
        let text = #"{"p":{"$inQuery":{"className":"C","order":["-a","b"]}}}"#

        let query = try WhereQuery(parsing: .json(text))

        let order = [SortKey(field: .named("a"), isDescending: true), SortKey(field: .named("b"))]
        let expected = SubQuery(className: .named("C"), order: order)
        #expect(query == WhereQuery([.field(.named("p"), [.inQuery(expected)])]))
    }

    @Test func ignoresTheCountThatSwiftCopiesIntoSubQueries() throws {
        let text = #"{"p":{"$inQuery":{"className":"C","count":1,"limit":0}}}"#

        let query = try WhereQuery(parsing: .json(text))

        #expect(query == WhereQuery([.field(.named("p"), [.inQuery(SubQuery(className: .named("C"), limit: 0))])]))
    }

    @Test func keepsDateOperandsAsSent() throws {
        let date: JSONValue = .json(#"{"__type":"Date","iso":"2015-07-29T14:59:59.123456Z"}"#)

        let query = try WhereQuery(parsing: ["date": date])

        #expect(query == WhereQuery([.field(.named("date"), [.equalTo(date)])]))
    }

    @Test func acceptsOneThousandValuesInAnArrayOperand() throws {
        let values = JSONValue.array((0..<1000).map { .integer(Int64($0)) })

        let query = try WhereQuery(parsing: ["n": ["$in": values]])

        #expect(query.clauses.count == 1)
    }

    @Test func acceptsNestingUpToTheMaximumDepth() throws {
        var json: JSONValue = ["a": 1]
        for _ in 0..<WhereQuery.maximumNestingDepth { json = ["$or": [json]] }

        #expect(throws: Never.self) { try WhereQuery(parsing: json) }
    }

    @Test func acceptsSubQueriesUpToTheMaximumDepth() throws {
        var json: JSONValue = ["a": 1]
        for _ in 0..<WhereQuery.maximumNestingDepth { json = ["p": ["$inQuery": ["className": "C", "where": json]]] }

        #expect(throws: Never.self) { try WhereQuery(parsing: json) }
    }

    @Test func acceptsOneHundredOrBranches() throws {
        let branches = JSONValue.array((0..<100).map { ["n": .integer(Int64($0))] })

        let query = try WhereQuery(parsing: ["$or": branches])

        #expect(query.clauses.count == 1)
    }
}
