import NCMBWire
import Testing

@Suite struct WhereQueryPrintingTests {
    func field(_ name: String, _ conditions: FieldCondition...) -> WhereClause { .field(.named(name), conditions) }

    // MARK: Tests

    @Test(arguments: WhereQueryExamples.all)
    func roundTripsEveryOperator(text: String, query: WhereQuery) throws {
        #expect(try WhereQuery(parsing: query.json) == query)
    }

    @Test(arguments: [
        #"{"number":1}"#,
        #"{"number":{"$gt":1,"$lt":5}}"#,
        #"{"$or":[{"number":{"$gt":2}},{"number":{"$lt":2}}]}"#,
        #"{"pointer":{"$inQuery":{"where":{"status":"pointed"},"className":"SubQuery","limit":1,"skip":1}}}"#,
        #"{"city":{"$select":{"query":{"where":{"population":{"$gt":10000000}},"className":"SubQuery"},"key":"cityName"}}}"#,
        #"{"$relatedTo":{"object":{"__type":"Pointer","className":"BaseClass","objectId":"base_id"},"key":"belongs"}}"#,
        #"{"date":{"__type":"Date","iso":"2015-07-29T14:59:59.999Z"}}"#,
        #"{"array":{"$inArray":[1,5,6]},"regex":{"$regex":"^for"},"name":{"$exists":true}}"#,
        #"{"location":{"$nearSphere":{"__type":"GeoPoint","latitude":1.5,"longitude":2.5},"$maxDistanceInKilometers":10.0}}"#,
    ])
    func printsTheTextItWasParsedFrom(text: String) throws {
        let query = try WhereQuery(parsing: .json(text))

        #expect(query.json.serializedString() == text)
    }

    @Test func printsAnEmptyQueryAsAnEmptyObject() {
        #expect(WhereQuery.all.json.serializedString() == "{}")
    }

    @Test func printsGeoPointsWithDoubleCoordinates() {
        let query = WhereQuery([field("l", .withinBox(southwest: .at(0, 0), northeast: .at(80, 80)))])

        let expected =
            #"{"l":{"$within":{"$box":[{"__type":"GeoPoint","latitude":0.0,"longitude":0.0},"#
            + #"{"__type":"GeoPoint","latitude":80.0,"longitude":80.0}]}}}"#
        #expect(query.json.serializedString() == expected)
    }

    @Test func printsSubQueryOrdersAsOneCommaSeparatedString() {
        let order = [SortKey(field: .named("a"), isDescending: true), SortKey(field: .named("b"))]
        let subQuery = SubQuery(className: .named("C"), order: order)

        #expect(subQuery.json.serializedString() == #"{"className":"C","order":"-a,b"}"#)
    }

    @Test func mergesClausesOnOneFieldIntoOneOperatorObject() {
        let query = WhereQuery([field("a", .greaterThan(1)), field("b", .equalTo(2)), field("a", .lessThan(5))])

        #expect(query.json.serializedString() == #"{"a":{"$gt":1,"$lt":5},"b":2}"#)
    }

    @Test func andsAnEqualityAndAnOperatorOnOneFieldThroughAOneBranchOr() throws {
        let query = WhereQuery([field("a", .equalTo(1)), field("a", .greaterThan(0))])

        #expect(query.json.serializedString() == #"{"a":1,"$or":[{"a":{"$gt":0}}]}"#)
        let reparsed = try WhereQuery(parsing: query.json)
        #expect(reparsed == WhereQuery([field("a", .equalTo(1)), .or([WhereQuery([field("a", .greaterThan(0))])])]))
    }

    @Test func andsARepeatedOperatorThroughAOneBranchOr() {
        let query = WhereQuery([field("a", .greaterThan(1), .greaterThan(2))])

        #expect(query.json.serializedString() == #"{"a":{"$gt":1},"$or":[{"a":{"$gt":2}}]}"#)
    }

    @Test func pushesASecondOrIntoEachBranchOfTheFirst() {
        let first = WhereClause.or([WhereQuery([field("x", .equalTo(1))]), WhereQuery([field("y", .equalTo(2))])])
        let second = WhereClause.or([WhereQuery([field("z", .equalTo(3))])])

        let text = WhereQuery([first, second]).json.serializedString()

        #expect(text == #"{"$or":[{"x":1,"$or":[{"z":3}]},{"y":2,"$or":[{"z":3}]}]}"#)
    }

    @Test func andsASecondRelatedToThroughAOneBranchOr() {
        let owner = Pointer(className: .user, objectId: "u")
        let query = WhereQuery([.relatedTo(owner: owner, key: .named("a")), .relatedTo(owner: owner, key: .named("b"))])

        let pointer = #"{"__type":"Pointer","className":"user","objectId":"u"}"#
        let expected = #"{"$relatedTo":{"object":\#(pointer),"key":"a"},"$or":[{"$relatedTo":{"object":\#(pointer),"key":"b"}}]}"#
        #expect(query.json.serializedString() == expected)
    }

    @Test func printsAnEqualityToAnOperatorLookingObjectAsIn() {
        let query = WhereQuery([field("a", .equalTo(["$gt": 1]))])

        #expect(query.json.serializedString() == #"{"a":{"$in":[{"$gt":1}]}}"#)
    }
}
