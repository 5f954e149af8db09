/// The one data set every conformance case queries, as plain data (handles instead of objectIds).
///
/// Objects are created in the order listed, one second apart, so `createDate` order is the list order. Then the
/// updates run, one second apart, so `i05` and then `i02` have the latest `updateDate` of their class. Objects with a
/// restricted ACL (`h1`…`h4`, `carol`, `hiddenCity`, `hiddenPlace`, `teamHidden`) are invisible to the anonymous caller
/// of the suite and repeat values of visible objects, so any ACL leak changes some result or count.
///
/// Visible `Item` objects (createDate order): i01 … i14, r1, r2.
///
/// | handle | number | name | flag | tags | scores | when | category | rank | owner | other |
/// |---|---|---|---|---|---|---|---|---|---|---|
/// | i01 | 1 | apple | true | [red, fruit] | [1,2,3] | 2020-01-01 | a | 1 | alice | |
/// | i02 | 2 | banana | false | [yellow, fruit] | [2,4] | 2020-06-15T12:00 | a | 2 | bob | touched (updated last) |
/// | i03 | 3 | cherry | true | [red] | [3] | 2021-01-01 | b | 1 | alice | note `50% off & "quoted" + more/=?#tag` |
/// | i04 | 2.5 | date | false | [] | [] | 2019-12-31T23:59:59.999 | b | 2 | carol (hidden) | |
/// | i05 | -1 | Elderberry | true | [purple, fruit, rare] | [5,6] | – | c | 1 | – | touched (updated) |
/// | i06 | 0 | "" | false | – | – | – | c | 2 | – | |
/// | i07 | 100 | 東京タワー | – | [赤] | [100] | – | d | 3 | – | |
/// | i08 | "5" | "5" | – | – | – | – | d | 3 | – | |
/// | i09 | null | null | null | null | – | null | e | – | – | |
/// | i10 | – | – | – | – | – | – | e | – | – | |
/// | i11 | 1.5 | apricot | true | [orange] | – | – | a | 3 | – | mixed [1,"1",true,null] |
/// | i12 | 1000000 | zucchini | – | – | [1.5,2.5] | – | b | 3 | missing object | mixed ["a",2,{"k":"v"}], big 2^53+1 |
/// | i13 | -3.25 | Apple | true | – | – | 2020-01-01 (sent with 6 fraction digits) | a | 1 | – | |
/// | i14 | 7 | アップル | – | [fruit] | – | – | c | 1 | erin | nested {"a":1,"b":[1,2]} |
/// | r1 | 4 | readonly | – | – | – | – | f | 1 | – | acl public read only |
/// | r2 | 5 | shared | – | – | – | – | f | 2 | – | acl public read, someUser write |
enum ConformanceFixture {
    /// An object to create with `POST /classes/{className}`.
    struct Object: Sendable {
        /// The name cases use for the object.
        var handle: String
        /// Its class.
        var className: String
        /// The create body (JSON, placeholders allowed), including `acl` when restricted.
        var body: String
    }

    /// A `PUT /classes/{className}/{objectId}` run after every object exists.
    struct Update: Sendable {
        /// The object to update.
        var handle: String
        /// The update body (JSON, placeholders allowed).
        var body: String
    }

    /// An ACL that only a user who never signs in may read: invisible to the suite.
    static let someUserOnly = #""acl":{"someUser":{"read":true,"write":true}}"#

    /// Every object, in creation order.
    static let objects: [Object] = people + cities + items + places + teams + bulk

    /// `Person`: pointer targets for include, `$inQuery` and `$relatedTo`.
    static let people: [Object] = [
        Object(handle: "carol", className: "Person", body: #"{"name":"Carol","age":40,"city":"Tokyo","status":"active",\#(someUserOnly)}"#),
        Object(
            handle: "alice", className: "Person",
            body: #"{"name":"Alice","age":30,"city":"Tokyo","status":"active","mentor":\#(Wire.pointer("Person", "carol"))}"#),
        Object(handle: "bob", className: "Person", body: #"{"name":"Bob","age":25,"city":"Osaka","status":"inactive"}"#),
        Object(
            handle: "erin", className: "Person",
            body: #"{"name":"Erin","age":35,"city":"Sapporo","status":"active","mentor":\#(Wire.pointer("Person", "alice"))}"#),
        Object(handle: "frank", className: "Person", body: #"{"name":"Frank","age":28,"status":"inactive"}"#),
    ]

    /// `City`: the other side of `$select`.
    static let cities: [Object] = [
        Object(handle: "tokyo", className: "City", body: #"{"cityName":"Tokyo","population":14000000}"#),
        Object(handle: "osaka", className: "City", body: #"{"cityName":"Osaka","population":2700000}"#),
        Object(handle: "sapporo", className: "City", body: #"{"cityName":"Sapporo","population":1970000}"#),
        Object(handle: "hiddenCity", className: "City", body: #"{"cityName":"Sapporo","population":20000000,"acl":{}}"#),
    ]

    /// `Item`: scalars, arrays, dates, pointers, nulls and missing fields (see the table above).
    static let items: [Object] = [
        item(
            "i01",
            #""number":1,"name":"apple","flag":true,"tags":["red","fruit"],"scores":[1,2,3],"when":\#(Wire.date("2020-01-01T00:00:00.000Z")),"category":"a","rank":1,"owner":\#(Wire.pointer("Person", "alice"))"#
        ),
        item(
            "i02",
            #""number":2,"name":"banana","flag":false,"tags":["yellow","fruit"],"scores":[2,4],"when":\#(Wire.date("2020-06-15T12:00:00.000Z")),"category":"a","rank":2,"owner":\#(Wire.pointer("Person", "bob"))"#
        ),
        item(
            "h1",
            #""number":1,"name":"apple","flag":true,"tags":["red","fruit"],"scores":[1,2,3],"when":\#(Wire.date("2020-01-01T00:00:00.000Z")),"category":"a","rank":1,"owner":\#(Wire.pointer("Person", "alice")),\#(someUserOnly)"#
        ),
        item(
            "i03",
            #""number":3,"name":"cherry","flag":true,"tags":["red"],"scores":[3],"when":\#(Wire.date("2021-01-01T00:00:00.000Z")),"category":"b","rank":1,"owner":\#(Wire.pointer("Person", "alice")),"note":"50% off & \"quoted\" + more/=?#tag""#
        ),
        item(
            "i04",
            #""number":2.5,"name":"date","flag":false,"tags":[],"scores":[],"when":\#(Wire.date("2019-12-31T23:59:59.999Z")),"category":"b","rank":2,"owner":\#(Wire.pointer("Person", "carol"))"#
        ),
        item(
            "i05", #""number":-1,"name":"Elderberry","flag":true,"tags":["purple","fruit","rare"],"scores":[5,6],"category":"c","rank":1"#),
        item("h2", #""number":2,"name":"banana","flag":false,"tags":["fruit"],"category":"a","rank":2,"acl":{}"#),
        item("i06", #""number":0,"name":"","flag":false,"category":"c","rank":2"#),
        item("i07", #""number":100,"name":"東京タワー","tags":["赤"],"scores":[100],"category":"d","rank":3"#),
        item("i08", #""number":"5","name":"5","category":"d","rank":3"#),
        item("i09", #""number":null,"name":null,"flag":null,"tags":null,"when":null,"category":"e""#),
        item("h3", #""number":3,"name":"cherry","category":"b","rank":1,"acl":{"role:Admin":{"read":true,"write":true}}"#),
        item("i10", #""category":"e""#),
        item("i11", #""number":1.5,"name":"apricot","flag":true,"tags":["orange"],"mixed":[1,"1",true,null],"category":"a","rank":3"#),
        item(
            "i12",
            #""number":1000000,"name":"zucchini","scores":[1.5,2.5],"mixed":["a",2,{"k":"v"}],"category":"b","rank":3,"owner":{"__type":"Pointer","className":"Person","objectId":"missingPerson001"},"big":9007199254740993"#
        ),
        item("h4", #""number":4,"name":"writeonly","category":"b","rank":2,"acl":{"*":{"write":true}}"#),
        item(
            "i13", #""number":-3.25,"name":"Apple","flag":true,"when":\#(Wire.date("2020-01-01T00:00:00.000000Z")),"category":"a","rank":1"#
        ),
        item(
            "i14",
            #""number":7,"name":"アップル","tags":["fruit"],"nested":{"a":1,"b":[1,2]},"category":"c","rank":1,"owner":\#(Wire.pointer("Person", "erin"))"#
        ),
        item("r1", #""number":4,"name":"readonly","category":"f","rank":1,"acl":{"*":{"read":true}}"#),
        item("r2", #""number":5,"name":"shared","category":"f","rank":2,"acl":{"*":{"read":true},"someUser":{"write":true}}"#),
    ]

    /// `Place`: GeoPoints in Japan, New York, London, either side of the antimeridian and at the origin.
    static let places: [Object] = [
        place("tokyoStation", "Tokyo Station", location: Wire.geoPoint(35.681236, 139.767125)),
        place("hiddenPlace", "Hidden", location: Wire.geoPoint(35.6812, 139.7671), extra: #","acl":{}"#),
        place("osakaStation", "Osaka Station", location: Wire.geoPoint(34.702485, 135.495951)),
        place("sapporoStation", "Sapporo Station", location: Wire.geoPoint(43.068661, 141.350755)),
        place("newYork", "New York", location: Wire.geoPoint(40.712776, -74.005974)),
        place("london", "London", location: Wire.geoPoint(51.507351, -0.127758)),
        place("fijiEast", "Fiji East", location: Wire.geoPoint(-17.0, 179.9)),
        place("fijiWest", "Fiji West", location: Wire.geoPoint(-17.0, -179.9)),
        place("origin", "Origin", location: Wire.geoPoint(0.0, 0.0)),
        place("noLocation", "Nowhere", location: nil),
        place("nullLocation", "Null Island", location: "null"),
    ]

    /// `Team`: owners of the `members` relation, filled by ``updates``.
    static let teams: [Object] = [
        Object(handle: "teamA", className: "Team", body: #"{"name":"A"}"#),
        Object(handle: "teamB", className: "Team", body: #"{"name":"B"}"#),
        Object(handle: "teamHidden", className: "Team", body: #"{"name":"Hidden"}"#),
    ]

    /// `Bulk`: 101 objects `bulk1` … `bulk101` with `"n":1` … `"n":101`, one more than the default limit
    /// (docs/decisions/0001-query-limit.md).
    static let bulk: [Object] = (1...101).map { number in
        Object(handle: "bulk\(number)", className: "Bulk", body: #"{"n":\#(number)}"#)
    }

    /// The updates, in order: relations (AddRelation and RemoveRelation in PUTs), an ACL change, touched items.
    static let updates: [Update] = [
        Update(
            handle: "teamA",
            body:
                #"{"members":{"__op":"AddRelation","objects":[\#(Wire.pointer("Person", "alice")),\#(Wire.pointer("Person", "bob")),\#(Wire.pointer("Person", "frank"))]}}"#
        ),
        Update(handle: "teamA", body: #"{"members":{"__op":"RemoveRelation","objects":[\#(Wire.pointer("Person", "frank"))]}}"#),
        Update(
            handle: "teamB",
            body: #"{"members":{"__op":"AddRelation","objects":[\#(Wire.pointer("Person", "carol")),\#(Wire.pointer("Person", "erin"))]}}"#),
        Update(handle: "teamHidden", body: #"{"members":{"__op":"AddRelation","objects":[\#(Wire.pointer("Person", "alice"))]}}"#),
        Update(handle: "teamHidden", body: #"{\#(someUserOnly)}"#),
        Update(handle: "i05", body: #"{"touched":true}"#),
        Update(handle: "i02", body: #"{"touched":true}"#),
    ]

    /// An `Item` from the inside of its JSON body.
    private static func item(_ handle: String, _ fields: String) -> Object {
        Object(handle: handle, className: "Item", body: "{\(fields)}")
    }

    /// A `Place` with a name and a location (`nil` leaves the field out).
    private static func place(_ handle: String, _ name: String, location: String?, extra: String = "") -> Object {
        let locationField = location.map { #","location":\#($0)"# } ?? ""
        return Object(handle: handle, className: "Place", body: #"{"name":"\#(name)"\#(locationField)\#(extra)}"#)
    }
}
