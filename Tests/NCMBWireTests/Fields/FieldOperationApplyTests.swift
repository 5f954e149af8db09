import NCMBWire
import Testing

@Suite struct FieldOperationApplyTests {
    static let field = FieldName.named("score")
    static let alice = Pointer(className: .user, objectId: "alice")
    static let team = Pointer(className: .named("Team"), objectId: "t1")

    static let ruleCases: [(operation: FieldOperation, current: JSONValue?, expected: JSONValue)] = [
        (FieldOperation.set("new"), JSONValue?.none, JSONValue.string("new")),
        (.set([1]), "old", [1]),
        (.delete, 5, nil),
        (.delete, nil, nil),
        (.increment(1), nil, 1),
        (.increment(1), .null, 1),
        (.increment(2), 40, 42),
        (.increment(-5), 3, -2),
        (.increment(0.5), 1, 1.5),
        (.increment(1), 1.5, 2.5),
        (.increment(1.0), 2, 3.0),
        (.increment(2.5), nil, 2.5),
        (.add([3, 4]), nil, [3, 4]),
        (.add([3]), .null, [3]),
        (.add([3, 3]), [1, 3], [1, 3, 3, 3]),
        (.add([]), [1], [1]),
        (.addUnique(["a", "b"]), ["b", "c"], ["b", "c", "a"]),
        (.addUnique(["a", "a"]), nil, ["a"]),
        (.addUnique([1]), [1.0], [1.0]),
        (.addUnique([["k": 1]]), [["k": 1.0]], [["k": 1.0]]),
        (.addUnique([[1, 2]]), [[1, 2]], [[1, 2]]),
        (.addUnique([[2, 1]]), [[1, 2]], [[1, 2], [2, 1]]),
        (.addUnique(["1"]), [1], [1, "1"]),
        (.remove(["a"]), ["a", "b", "a"], ["b"]),
        (.remove([1]), [1.0, 2, 1], [2]),
        (.remove(["x"]), ["a"], ["a"]),
        (.addUnique([["b": 2, "a": 1.0]]), [["a": 1, "b": 2]], [["a": 1, "b": 2]]),
        (.addUnique([-0.0, 0]), [0], [0]),
        (.addUnique([[["k": 1]]]), [[["k": 1.0]]], [[["k": 1.0]]]),
        (.remove([["b": [2.0], "a": 1]]), [["a": 1, "b": [2]], 3], [3]),
        (.remove([9_007_199_254_740_993]), [9_007_199_254_740_992.0], []),
        (.remove(["x"]), nil, []),
        (.remove(["x"]), .null, []),
        (.remove([nil]), [nil, 1], [1]),
    ]

    static let relationCases: [(operation: FieldOperation, current: JSONValue?)] = [
        (FieldOperation.addRelation([alice]), JSONValue?.none),
        (.addRelation([alice]), .null),
        (.addRelation([alice]), Relation(className: .user).json),
        (.removeRelation([alice]), Relation(className: .user).json),
        (.removeRelation([alice]), nil),
    ]

    static let misfitCases: [(operation: FieldOperation, current: JSONValue?)] = [
        (FieldOperation.increment(1), JSONValue?.some("1")),
        (.increment(1), true),
        (.increment(1), [1]),
        (.increment(1), ["a": 1]),
        (.add([1]), "a"),
        (.add([1]), 1),
        (.add([1]), ["a": 1]),
        (.addUnique([1]), 1),
        (.remove([1]), "a"),
        (.addRelation([team]), Relation(className: .user).json),
        (.addRelation([team]), "text"),
        (.removeRelation([team]), [1]),
        (.addRelation([]), nil),
    ]

    static let overflowCases: [(current: JSONValue, amount: JSONValue)] = [
        (JSONValue.integer(Int64.max), JSONValue.integer(1)),
        (.integer(Int64.min), .integer(-1)),
        (.double(1.7976931348623157e308), .double(1.7976931348623157e308)),
    ]

    static let equivalenceCases: [(left: JSONValue, right: JSONValue, isEquivalent: Bool)] = [
        (JSONValue.integer(1), JSONValue.double(1), true),
        (["a": 1, "b": [2]], ["b": [2.0], "a": 1.0], true),
        ([1, 2], [2, 1], false),
        ("1", 1, false),
        (nil, false, false),
        (["a": 1], ["a": 1, "b": 2], false),
        (["a": 1], ["b": 1], false),
    ]

    func apply(_ operation: FieldOperation, to current: JSONValue?) throws -> JSONValue {
        try operation.apply(to: current, field: Self.field)
    }

    // MARK: Tests

    @Test(arguments: ruleCases)
    func appliesTheOperatorRules(operation: FieldOperation, current: JSONValue?, expected: JSONValue) throws {
        let result = try apply(operation, to: current)

        #expect(result == expected)
    }

    @Test func keepsIntegerSumsIntegers() throws {
        #expect(try apply(.increment(1), to: 1) == .integer(2))
    }

    @Test(arguments: relationCases)
    func givesTheRelationMarkerForRelationOperators(operation: FieldOperation, current: JSONValue?) throws {
        #expect(try apply(operation, to: current) == Relation(className: .user).json)
    }

    @Test(arguments: misfitCases)
    func rejectsOperatorsThatDoNotFitTheCurrentValue(operation: FieldOperation, current: JSONValue?) {
        #expect(throws: APIError(.invalidType, "score")) { try apply(operation, to: current) }
    }

    @Test(arguments: overflowCases)
    func rejectsSumsThatOverflow(current: JSONValue, amount: JSONValue) {
        #expect(throws: APIError(.invalidValue, "score")) { try apply(.increment(amount), to: current) }
    }

    @Test(arguments: equivalenceCases)
    func comparesValuesWithNumbersByValue(left: JSONValue, right: JSONValue, isEquivalent: Bool) {
        #expect(left.isEquivalent(to: right) == isEquivalent)
    }

    @Test(.timeLimit(.minutes(1)))
    func addUniqueAndRemoveOnLongArraysCostTheirSumNotTheirProduct() throws {
        // Every value was compared with every element: 10¹⁰ comparisons for 100,000 values on 100,000 elements.
        let current = JSONValue.array((0..<100_000).map { .integer(Int64($0)) })
        let added = (50_000..<150_000).map { JSONValue.double(Double($0)) }

        let unique = try FieldOperation.addUnique(added).apply(to: current, field: Self.field)
        let removed = try FieldOperation.remove((0..<150_000).filter { $0 % 2 == 0 }.map { .integer(Int64($0)) })
            .apply(to: unique, field: Self.field)

        #expect(unique.arrayValue?.count == 150_000)
        #expect(unique.arrayValue?.last == .double(149_999))
        #expect(removed.arrayValue?.count == 75_000)
        #expect(removed.arrayValue?.first == .integer(1))
    }
}
