import NCMBWire
import Testing

@Suite struct JSONSerializerTests {
    @Test(arguments: [
        (JSONValue.null, "null"),
        (.bool(true), "true"),
        (.integer(-42), "-42"),
        (.double(2), "2.0"),
        (.double(1.5), "1.5"),
        (.double(-0.25), "-0.25"),
        (.string("a/b"), #""a/b""#),
        (.string("日本語😀"), "\"日本語😀\""),
        (.string("\"\\\n\r\t\u{08}\u{0C}"), #""\"\\\n\r\t\b\f""#),
        (.string("\u{01}\u{1F}"), #""\u0001\u001f""#),
        (.string("plain run \"quoted\" then\ttab and é\n"), #""plain run \"quoted\" then\ttab and é\n""#),
        (.string("\\x\u{00}"), #""\\x\u0000""#),
        (JSONValue.array([1, "a", nil]), #"[1,"a",null]"#),
        (JSONValue.object(["b": 1, "a": [true]]), #"{"b":1,"a":[true]}"#),
        (.object(JSONObject()), "{}"),
        (.array([]), "[]"),
    ])
    func writesTheCompactWireForm(value: JSONValue, expected: String) {
        #expect(value.serializedString() == expected)
    }

    @Test func writesNonFiniteDoublesAsNull() {
        #expect(JSONValue.double(.infinity).serializedString() == "null")
    }

    @Test(arguments: [
        #"{"objectId":"7FrmPTBKSNtVjajm","createDate":"2013-12-02T02:44:35.452Z","score":1.25,"tags":["a","b"]}"#,
        #"{"a":{"b":{"c":[1,2.5,-3e-7,null,true,false]}}}"#,
        #"["\u0000","\"","\\","é😀","\u001f"]"#,
        #"{"location":{"__type":"GeoPoint","latitude":35.6666269,"longitude":139.765607}}"#,
        "[9223372036854775807,-9223372036854775808,1e300,5e-324]",
    ])
    func roundTripsThroughTheParser(text: String) throws {
        let value = try JSONValue(parsing: text)

        let reparsed = try JSONValue(parsing: value.serializedBytes())

        #expect(reparsed == value)
    }

    @Test func writesObjectKeysInInsertionOrder() {
        var object = JSONObject()
        object["z"] = 1
        object["a"] = 2
        object["z"] = 3

        #expect(JSONValue.object(object).serializedString() == #"{"z":3,"a":2}"#)
    }

    @Test func comparesObjectsWithoutRegardToKeyOrder() {
        let first: JSONValue = ["a": 1, "b": 2]
        let second: JSONValue = ["b": 2, "a": 1]

        #expect(first == second)
        #expect(first.hashValue == second.hashValue)
    }

    @Test func removesAKeyWhenAssignedNil() {
        var object: JSONObject = ["a": 1, "b": nil]

        object["a"] = nil

        #expect(object.keys == ["b"])
        #expect(object.contains("b"))
    }
}
