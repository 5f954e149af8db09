import NCMBWire
import Testing

/// Dotted paths as `where`, `order` and indexes name them (docs/decisions/0104-dotted-paths.md).
@Suite struct FieldPathTests {
    @Test(arguments: [
        ("score", "score", [FieldPath.Key]()),
        ("hash.a", "hash", [.name("a")]),
        ("hash.arr.0", "hash", [.name("arr"), .index(0)]),
        ("ref.objectId", "ref", [.name("objectId")]),
        ("ref.__type", "ref", [.name("__type")]),
        ("items.12.name_2", "items", [.index(12), .name("name_2")]),
        ("a.b.c.d.e.f.g.h", "a", [.name("b"), .name("c"), .name("d"), .name("e"), .name("f"), .name("g"), .name("h")]),
    ])
    func readsEachSegment(text: String, root: String, keys: [FieldPath.Key]) throws {
        let path = try FieldPath(validating: text)

        #expect(path.root == .named(root))
        #expect(path.keys == keys)
        #expect(path.text == text)
        #expect(path.isDotted == !keys.isEmpty)
    }

    /// An empty segment, a bad first segment, a key that is not `[A-Za-z_][A-Za-z0-9_]*`, a position with a leading zero
    /// or more than 9 digits, and more than 8 segments are E400002 naming the path.
    @Test(arguments: [
        "", ".", "a.", ".a", "a..b", "_a", "1a", "1a.b", "a-b.c", "a.b-c", "a.b c", "a.01", "a.-1", "a.1234567890", "a.1a",
        "a.b.c.d.e.f.g.h.i", "a.é", String(repeating: "x", count: 101), "a." + String(repeating: "x", count: 101),
    ])
    func refusesMalformedPaths(text: String) {
        #expect(FieldPath(text) == nil)
        #expect(throws: APIError(.invalidType, text)) { try FieldPath(validating: text) }
    }

    @Test func aPlainFieldIsAPathWithoutKeys() {
        let path = FieldName.named("score").path

        #expect(path == FieldPath("score"))
        #expect(!path.isDotted && path.text == "score")
        #expect(FieldPath("objectId")?.isSystemField == true)
        #expect(FieldPath("objectId.x")?.isSystemField == false)
    }
}
