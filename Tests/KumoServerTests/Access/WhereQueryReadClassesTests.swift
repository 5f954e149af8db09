import KumoServer
import NCMBWire
import Testing

/// Which classes a `where` reads besides its own, for the class-level permission gate.
@Suite struct WhereQueryReadClassesTests {
    func readClasses(_ text: String) throws -> [String] {
        let query = try WhereQuery(parsing: try JSONValue(parsing: Array(text.utf8)))
        return query.readClasses.map { "\($0.operation.rawValue) \($0.className.rawValue)" }
    }

    @Test func aPlainQueryReadsNoOtherClass() throws {
        #expect(try readClasses(#"{"name":"x","n":{"$gt":1}}"#).isEmpty)
    }

    @Test func subQueriesNeedFindOnTheirClassAtAnyDepth() throws {
        let text = #"""
            {"$or":[{"p":{"$inQuery":{"className":"Secret","where":{"q":{"$select":{"query":{"className":"Deep","where":{}},"key":"k"}}}}}},
            {"c":{"$notInQuery":{"className":"Secret","where":{}}}}],"d":{"$dontSelect":{"query":{"className":"Other","where":{}},"key":"k"}}}
            """#

        #expect(try readClasses(text) == ["find Deep", "find Other", "find Secret"])
    }

    @Test func relatedToNeedsGetOnTheOwnersClass() throws {
        let text = #"{"$relatedTo":{"object":{"__type":"Pointer","className":"role","objectId":"r1"},"key":"belongUser"}}"#

        #expect(try readClasses(text) == ["get role"])
    }
}
