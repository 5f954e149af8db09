import NCMBWire
import Testing

@Suite struct PercentEncodingTests {
    @Test(arguments: [
        ("AZaz09-._~", "AZaz09-._~"), ("a b+c", "a%20b%2Bc"), ("!*'()", "%21%2A%27%28%29"),
        (":/?#[]@$&=,;", "%3A%2F%3F%23%5B%5D%40%24%26%3D%2C%3B"),
        (#"{"n":1}"#, "%7B%22n%22%3A1%7D"), ("日本", "%E6%97%A5%E6%9C%AC"), ("%", "%25"),
    ])
    func encodesEverythingButUnreservedCharacters(text: String, encoded: String) {
        #expect(PercentEncoding.encode(text) == encoded)
    }

    @Test(arguments: [
        ("a%20b", "a b"), ("a+b", "a+b"), ("%e6%97%a5", "日"), ("%E6%97%A5", "日"), ("100%", "100%"), ("%zz%4", "%zz%4"), ("日本 語", "日本 語"),
    ])
    func decodesEscapesAndKeepsPlusInPaths(text: String, decoded: String) {
        #expect(PercentEncoding.decode(text) == decoded)
    }

    @Test func decodesPlusAsASpaceInFormEncoding() {
        #expect(PercentEncoding.decode("Yamada+Tarou%2B", plusAsSpace: true) == "Yamada Tarou+")
    }

    @Test func refusesEscapesThatAreNotUTF8() {
        #expect(PercentEncoding.decode("%FF%FE") == nil)
    }

    @Test func readsQueryItemsDroppingEmptySegments() throws {
        let items = try QueryItem.parse("&a=1&&b&c=x=y&=v&")

        #expect(
            items == [
                QueryItem(name: "a", value: "1"), QueryItem(name: "b", value: ""), QueryItem(name: "c", value: "x=y"),
                QueryItem(name: "", value: "v"),
            ])
    }

    @Test func printsQueryItemsStrictlyInTheirOrder() {
        let query = QueryItem.encode([QueryItem(name: "b", value: "a b"), QueryItem(name: "a", value: "+")])

        #expect(query == "b=a%20b&a=%2B")
    }

    @Test func splitsARequestTargetAtTheFirstQuestionMark() {
        let request = RequestData(method: .get, target: "/2013-09-01/files/a?b?c=d")

        #expect(request.path == "/2013-09-01/files/a")
        #expect(request.query == "b?c=d")
        #expect(request.target == "/2013-09-01/files/a?b?c=d")
    }

    @Test func keepsATargetWithoutQueryWithoutQuestionMark() {
        let request = RequestData(method: .get, target: "/2013-09-01/logout")

        #expect(request.query == nil)
        #expect(request.target == "/2013-09-01/logout")
    }
}
