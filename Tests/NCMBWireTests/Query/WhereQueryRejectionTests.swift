import NCMBWire
import Testing

@Suite struct WhereQueryRejectionTests {
    static let geoPoint = #"{"__type":"GeoPoint","latitude":0,"longitude":0}"#
    static let invalidGeoPoint = APIError(.invalidGeoPointValue)

    // MARK: Tests

    @Test(arguments: ["[]", "1", #""where""#, "null", "true"])
    func rejectsAWhereThatIsNotAnObject(text: String) {
        #expect(throws: APIError(.invalidType, "where")) { try WhereQuery(parsing: .json(text)) }
    }

    @Test(arguments: [
        (#"{"1abc":1}"#, APIError(.invalidType, "1abc")),
        (#"{"_id":1}"#, APIError(.invalidType, "_id")),
        (#"{"a b":1}"#, APIError(.invalidType, "a b")),
        (#"{"":1}"#, APIError(.invalidType, "")),
        (#"{"a..b":1}"#, APIError(.invalidType, "a..b")),
        (#"{"a.":1}"#, APIError(.invalidType, "a.")),
        (#"{".a":1}"#, APIError(.invalidType, ".a")),
        (#"{"1a.b":1}"#, APIError(.invalidType, "1a.b")),
        (#"{"_a.b":1}"#, APIError(.invalidType, "_a.b")),
        (#"{"a.b-c":1}"#, APIError(.invalidType, "a.b-c")),
        (#"{"a.01":1}"#, APIError(.invalidType, "a.01")),
        (#"{"a.-1":1}"#, APIError(.invalidType, "a.-1")),
        (#"{"a.b c":1}"#, APIError(.invalidType, "a.b c")),
        (#"{"a.b.c.d.e.f.g.h.i":1}"#, APIError(.invalidType, "a.b.c.d.e.f.g.h.i")),
        (#"{"$or":[{"bad-name":1}]}"#, APIError(.invalidType, "bad-name")),
        (#"{"$and":[{"a..b":1}]}"#, APIError(.invalidType, "a..b")),
        (#"{"p":{"$inQuery":{"className":"C","where":{"x.":1}}}}"#, APIError(.invalidType, "x.")),
        (#"{"p":{"$select":{"query":{"className":"C"},"key":"k..x"}}}"#, APIError(.invalidType, "k..x")),
    ])
    func rejectsInvalidFieldNames(text: String, error: APIError) {
        #expect(throws: error) { try WhereQuery(parsing: .json(text)) }
    }

    @Test(arguments: [
        (#"{"$nor":[]}"#, "$nor"),
        (#"{"a":{"$foo":1}}"#, "$foo"),
        (#"{"a":{"$eq":1}}"#, "$eq"),
        (#"{"a":{"$regex":"x","$options":"i"}}"#, "$options"),
        (#"{"a":{"$gt":1,"$geoWithin":{}}}"#, "$geoWithin"),
        (#"{"a":{"$text":"x"}}"#, "$text"),
    ])
    func namesTheUnknownOperatorInTheMessage(text: String, name: String) {
        #expect(throws: APIError(.invalidType, name)) { try WhereQuery(parsing: .json(text)) }
    }

    @Test func rejectsAnAndThatIsNotAListOfObjects() {
        #expect(throws: APIError(.invalidType, "$and")) { try WhereQuery(parsing: .json(#"{"$and":{"a":1}}"#)) }
        #expect(throws: APIError(.invalidType, "$and")) { try WhereQuery(parsing: .json(#"{"$and":[1]}"#)) }
        #expect(throws: APIError(.invalidValue, "$and")) { try WhereQuery(parsing: .json(#"{"$and":[]}"#)) }
    }

    @Test func rejectsAnObjectMixingOperatorsAndPlainKeys() {
        #expect(throws: APIError(.invalidType, "a")) { try WhereQuery(parsing: .json(#"{"a":{"$gt":1,"lt":5}}"#)) }
    }

    @Test(arguments: [
        #"{"a":{"$lt":true}}"#, #"{"a":{"$lte":null}}"#, #"{"a":{"$gt":[1]}}"#, #"{"a":{"$gte":{"x":1}}}"#,
        #"{"a":{"$lt":{"__type":"Pointer","className":"user","objectId":"x"}}}"#,
        #"{"a":{"$gt":{"__type":"Date","iso":"yesterday"}}}"#,
        #"{"a":{"$ne":[1]}}"#, #"{"a":{"$ne":{"x":1}}}"#,
        #"{"a":{"$in":1}}"#, #"{"a":{"$nin":"x"}}"#, #"{"a":{"$inArray":{}}}"#, #"{"a":{"$ninArray":null}}"#,
        #"{"a":{"$all":true}}"#, #"{"a":{"$exists":"true"}}"#, #"{"a":{"$exists":1}}"#,
        #"{"a":{"$regex":1}}"#, #"{"a":{"$regex":"("}}"#, #"{"a":{"$regex":"[a-"}}"#,
        #"{"a":{"__type":"Date","iso":"nope"}}"#, #"{"a":{"__type":"Date"}}"#,
        #"{"a":{"__type":"Pointer","className":"user"}}"#, #"{"a":{"__type":"Pointer","className":"1x","objectId":"y"}}"#,
        #"{"a":{"__type":"Relation","className":"user"}}"#, #"{"a":{"__type":"Object","className":"user"}}"#,
        #"{"a":{"$in":[{"__type":"Date","iso":"nope"}]}}"#, #"{"a":{"tags":[{"__type":"Bytes"}]}}"#,
    ])
    func rejectsOperandsOfTheWrongKind(text: String) {
        #expect(throws: APIError(.invalidType, "a")) { try WhereQuery(parsing: .json(text)) }
    }

    @Test(arguments: ["$in", "$nin", "$inArray", "$ninArray", "$all"])
    func rejectsArrayOperandsOfMoreThanOneThousandValues(operatorName: String) {
        let values = JSONValue.array((0...1000).map { .integer(Int64($0)) })
        let json: JSONValue = ["a": .object(JSONObject([(operatorName, values)]))]

        #expect(throws: APIError(.invalidValue, "a")) { try WhereQuery(parsing: json) }
    }

    @Test(arguments: [
        (#"{"p":{"$inQuery":{"where":{}}}}"#, APIError(.invalidType, "p")),
        (#"{"p":{"$inQuery":"C"}}"#, APIError(.invalidType, "p")),
        (#"{"p":{"$inQuery":{"className":1}}}"#, APIError(.invalidType, "p")),
        (#"{"p":{"$inQuery":{"className":"1C"}}}"#, APIError(.invalidType, "1C")),
        (#"{"p":{"$inQuery":{"className":"C","where":[]}}}"#, APIError(.invalidType, "p")),
        (#"{"p":{"$inQuery":{"className":"C","where":{"b c":1}}}}"#, APIError(.invalidType, "b c")),
        (#"{"p":{"$notInQuery":{"className":"C","limit":1001}}}"#, APIError(.invalidValue, "limit")),
        (#"{"p":{"$inQuery":{"className":"C","limit":-1}}}"#, APIError(.invalidValue, "limit")),
        (#"{"p":{"$inQuery":{"className":"C","limit":"1"}}}"#, APIError(.invalidValue, "limit")),
        (#"{"p":{"$inQuery":{"className":"C","skip":-1}}}"#, APIError(.invalidValue, "skip")),
        (#"{"p":{"$inQuery":{"className":"C","skip":1.5}}}"#, APIError(.invalidValue, "skip")),
        (#"{"p":{"$inQuery":{"className":"C","order":1}}}"#, APIError(.invalidType, "p")),
        (#"{"p":{"$inQuery":{"className":"C","order":"-1x"}}}"#, APIError(.invalidType, "-1x")),
        (#"{"p":{"$select":{"query":{"className":"C"}}}}"#, APIError(.invalidType, "p")),
        (#"{"p":{"$select":{"key":"k"}}}"#, APIError(.invalidType, "p")),
        (#"{"p":{"$select":{"query":{"className":"C"},"key":"k-1"}}}"#, APIError(.invalidType, "k-1")),
        (#"{"p":{"$dontSelect":{"query":{"where":{}},"key":"k"}}}"#, APIError(.invalidType, "p")),
    ])
    func rejectsMalformedSubQueries(text: String, error: APIError) {
        #expect(throws: error) { try WhereQuery(parsing: .json(text)) }
    }

    @Test(arguments: [
        (#"{"$or":{"a":1}}"#, APIError(.invalidType, "$or")),
        (#"{"$or":[1]}"#, APIError(.invalidType, "$or")),
        (#"{"$or":[{"a":1},[]]}"#, APIError(.invalidType, "$or")),
        (#"{"$or":[]}"#, APIError(.invalidValue, "$or")),
        (#"{"$relatedTo":{"key":"friends"}}"#, APIError(.invalidType, "$relatedTo")),
        (#"{"$relatedTo":{"object":{"__type":"Pointer","className":"user"},"key":"friends"}}"#, APIError(.invalidType, "$relatedTo")),
        (
            #"{"$relatedTo":{"object":{"__type":"Pointer","className":"user","objectId":"u"},"key":1}}"#,
            APIError(.invalidType, "$relatedTo")
        ),
        (#"{"$relatedTo":{"object":{"__type":"Pointer","className":"user","objectId":"u"},"key":"1x"}}"#, APIError(.invalidType, "1x")),
        (#"{"$relatedTo":[]}"#, APIError(.invalidType, "$relatedTo")),
    ])
    func rejectsMalformedOrAndRelatedTo(text: String, error: APIError) {
        #expect(throws: error) { try WhereQuery(parsing: .json(text)) }
    }

    @Test func rejectsMoreThanOneHundredOrBranches() {
        let branches = JSONValue.array((0...100).map { ["n": .integer(Int64($0))] })

        #expect(throws: APIError(.invalidValue, "$or")) { try WhereQuery(parsing: ["$or": branches]) }
    }

    @Test(arguments: [
        #"{"l":{"$nearSphere":{"__type":"GeoPoint","latitude":91,"longitude":0}}}"#,
        #"{"l":{"$nearSphere":{"__type":"GeoPoint","latitude":0,"longitude":-180.5}}}"#,
        #"{"l":{"$nearSphere":{"__type":"GeoPoint","latitude":"0","longitude":0}}}"#,
        #"{"l":{"$nearSphere":{"latitude":0,"longitude":0}}}"#,
        #"{"l":{"$nearSphere":[0,0]}}"#,
        "{\"l\":{\"$nearSphere\":\(geoPoint),\"$maxDistanceInKilometers\":-1}}",
        "{\"l\":{\"$nearSphere\":\(geoPoint),\"$maxDistanceInMiles\":\"5\"}}",
        "{\"l\":{\"$nearSphere\":\(geoPoint),\"$maxDistanceInKilometers\":1,\"$maxDistanceInRadians\":1}}",
        #"{"l":{"$maxDistanceInKilometers":1}}"#,
        #"{"l":{"$within":[]}}"#,
        "{\"l\":{\"$within\":{\"$box\":[\(geoPoint)]}}}",
        "{\"l\":{\"$within\":{\"$box\":[\(geoPoint),\(geoPoint),\(geoPoint)]}}}",
        "{\"l\":{\"$within\":{\"$box\":[\(geoPoint),{\"__type\":\"GeoPoint\",\"latitude\":100,\"longitude\":0}]}}}",
        "{\"l\":{\"$within\":{\"$box\":[{\"__type\":\"GeoPoint\",\"latitude\":10,\"longitude\":0},\(geoPoint)]}}}",
        "{\"l\":{\"$within\":{\"$box\":[{\"__type\":\"GeoPoint\",\"latitude\":0,\"longitude\":10},\(geoPoint)]}}}",
        "{\"l\":{\"$within\":{\"$polygon\":[\(geoPoint)]}}}",
        "{\"l\":{\"$within\":{\"$box\":[\(geoPoint),\(geoPoint)],\"$polygon\":[]}}}",
        #"{"l":{"__type":"GeoPoint","latitude":100,"longitude":0}}"#,
        #"{"l":{"$in":[{"__type":"GeoPoint","latitude":0}]}}"#,
    ])
    func rejectsMalformedGeoQueriesWithTheGeoPointError(text: String) {
        #expect(throws: Self.invalidGeoPoint) { try WhereQuery(parsing: .json(text)) }
    }

    @Test func rejectsOrNestingBeyondTheMaximumDepth() {
        var json: JSONValue = ["a": 1]
        for _ in 0...WhereQuery.maximumNestingDepth { json = ["$or": [json]] }

        #expect(throws: APIError(.invalidValue, "where")) { try WhereQuery(parsing: json) }
    }

    @Test func rejectsSubQueryNestingBeyondTheMaximumDepth() {
        var json: JSONValue = ["a": 1]
        for _ in 0...WhereQuery.maximumNestingDepth {
            json = ["p": ["$select": ["query": ["className": "C", "where": json], "key": "k"]]]
        }

        #expect(throws: APIError(.invalidValue, "where")) { try WhereQuery(parsing: json) }
    }

    @Test func countsSubQueriesWithoutWhereTowardsTheDepth() {
        var json: JSONValue = ["p": ["$inQuery": ["className": "C"]]]
        for _ in 0..<WhereQuery.maximumNestingDepth { json = ["$or": [json]] }

        #expect(throws: APIError(.invalidValue, "where")) { try WhereQuery(parsing: json) }
    }

    @Test func rendersTheWireMessages() {
        #expect(APIError(.invalidType, "where").message == "where is invalid.")
        #expect(APIError(.invalidValue, "where").message == "where is not a valid value.")
        #expect(Self.invalidGeoPoint.body == ErrorBody(code: "E403006", error: "Invalid GeoPoint value."))
    }
}
