import NCMBWire
import Testing

@Suite struct JSONParserTests {
    /// Parses UTF-8 text, failing the test on a parse error.
    func parse(_ text: String) throws -> JSONValue { try JSONValue(parsing: text) }

    // MARK: Tests

    @Test func countsEveryValueAgainstTheMaximumTheDocumentIncluded() throws {
        let text = Array(#"{"a":[1,2],"b":{"c":null}}"#.utf8)  // object, array, 1, 2, object, null: 6 values
        #expect(try JSONValue(parsing: text, maximumValues: 6) == ["a": [1, 2], "b": ["c": nil]])
        do {
            _ = try JSONValue(parsing: text, maximumValues: 5)
            Issue.record("a document of 6 values parsed with a maximum of 5")
        } catch {
            #expect(error.isTooManyValues)
        }
        do {
            _ = try JSONValue(parsing: Array("[1,".utf8), maximumValues: 5)
        } catch {
            #expect(!error.isTooManyValues, "a syntax error is not a size error")
        }
    }

    @Test(arguments: [
        ("null", JSONValue.null),
        ("true", .bool(true)),
        ("false", .bool(false)),
        ("0", .integer(0)),
        ("-0", .integer(0)),
        ("123", .integer(123)),
        ("-45", .integer(-45)),
        ("9223372036854775807", .integer(Int64.max)),
        ("-9223372036854775808", .integer(Int64.min)),
        ("9223372036854775808", .double(9_223_372_036_854_775_808)),
        ("1.5", .double(1.5)),
        ("1.0", .double(1)),
        ("1e3", .double(1000)),
        ("1E-2", .double(0.01)),
        ("-2.5e+2", .double(-250)),
    ])
    func parsesScalars(text: String, expected: JSONValue) throws {
        #expect(try parse(text) == expected)
    }

    @Test func keepsIntegersAndDoublesApart() throws {
        let integer = try parse("1")
        let double = try parse("1.0")

        #expect(integer != double)
    }

    @Test(arguments: [
        (#""plain""#, "plain"),
        (#""a\nb\tc\rd""#, "a\nb\tc\rd"),
        (#""quote \" and backslash \\""#, "quote \" and backslash \\"),
        (#""slash \/ escaped""#, "slash / escaped"),
        (#""\b\f""#, "\u{08}\u{0C}"),
        (#""\u00e9\u65e5""#, "é日"),
        (#""\ud83d\ude00""#, "😀"),
        (#""\u0000""#, "\u{00}"),
        ("\"raw 日本語 😀\"", "raw 日本語 😀"),
    ])
    func parsesStringEscapes(text: String, expected: String) throws {
        #expect(try parse(text) == .string(expected))
    }

    @Test(arguments: [
        "", " ", "{", "[1,]", #"{"a":1,}"#, "01", "1.", ".5", "+1", "-", "1e", "tru", "nul", "1 2", "NaN", "Infinity",
        "1e400", "'a'", "{a:1}", #"{"a" 1}"#, #""\x""#, #""\ud83d""#, #""\ud83dx""#, #""\udc00""#, #""\u12""#,
        "\"a\u{01}b\"", "\"unterminated", "[1 2]", #"{"a":1 "b":2}"#, "[", "]",
    ])
    func rejectsInvalidText(text: String) {
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: text) }
    }

    @Test func rejectsInvalidUTF8InStrings() {
        let bytes: [UInt8] = [0x22, 0xC3, 0x28, 0x22]

        #expect(throws: JSONParseError.self) { try JSONValue(parsing: bytes) }
    }

    @Test func acceptsNestingUpToTheMaximumDepth() throws {
        let depth = JSONValue.maximumNestingDepth
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)

        #expect(throws: Never.self) { try JSONValue(parsing: text) }
    }

    @Test func rejectsNestingBeyondTheMaximumDepth() {
        let depth = JSONValue.maximumNestingDepth + 1
        let text = String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth)

        #expect(throws: JSONParseError.self) { try JSONValue(parsing: text) }
    }

    @Test func keepsTheLastValueOfARepeatedKeyAtItsFirstPosition() throws {
        let value = try parse(#"{"a":1,"b":2,"a":3}"#)

        #expect(value.objectValue?.keys == ["a", "b"])
        #expect(value.objectValue?["a"] == 3)
    }

    @Test func skipsWhitespaceBetweenTokens() throws {
        let value = try parse(" \n{ \"a\" :\t[ 1 , 2 ] }\r\n")

        #expect(value == ["a": [1, 2]])
    }

    @Test func keepsObjectKeyOrder() throws {
        let value = try parse(#"{"z":1,"a":2,"m":3}"#)

        #expect(value.objectValue?.keys == ["z", "a", "m"])
    }

    @Test func reportsTheOffsetOfTheError() {
        let error = #expect(throws: JSONParseError.self) { try JSONValue(parsing: "[1,2 3]") }

        #expect(error?.offset == 5)
    }
}
