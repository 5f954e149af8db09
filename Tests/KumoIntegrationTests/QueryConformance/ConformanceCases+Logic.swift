/// `$or`, `$inQuery`, `$notInQuery`, `$select`, `$dontSelect` and `$relatedTo` (docs/wire/query-operators.md,
/// docs/decisions/0011-extensions.md). Sub-queries run under the caller's ACL, so unreadable objects never contribute.
extension ConformanceCase {
    /// `$or`, alone, nested and combined with other clauses.
    static let disjunctionCases: [ConformanceCase] = [
        find(
            "orMatchesEitherBranch", where: #"{"$or":[{"number":{"$gt":2}},{"number":{"$lt":2}}]}"#,
            .matches("i01", "i03", "i04", "i05", "i06", "i07", "i11", "i12", "i13", "i14", "r1", "r2")),
        find("orOnDifferentFields", where: #"{"$or":[{"number":{"$gt":100}},{"name":"apple"}]}"#, .matches("i01", "i12")),
        find(
            "orBranchesWithSeveralConditions", where: #"{"$or":[{"number":{"$gte":1,"$lt":2}},{"flag":false,"category":"c"}]}"#,
            .matches("i01", "i06", "i11")),
        find(
            "orIsAndedWithTopLevelFields", where: #"{"category":"a","$or":[{"flag":false},{"number":{"$lt":0}}]}"#, .matches("i02", "i13")),
        find("nestedOr", where: #"{"$or":[{"$or":[{"name":"apple"},{"name":"cherry"}]},{"number":100}]}"#, .matches("i01", "i03", "i07")),
        find("orWithASingleBranch", where: #"{"$or":[{"rank":3}]}"#, .matches("i07", "i08", "i11", "i12")),
        find(
            "orMatchingOnlyUnreadableObjectsMatchesNothing",
            where: #"{"$or":[{"name":"writeonly"},{"name":"cherry","flag":{"$exists":false}},{"name":"banana","tags":["fruit"]}]}"#,
            .nothing),
        find(
            "orWithArrayOperators", where: #"{"$or":[{"tags":{"$all":["red","fruit"]}},{"scores":{"$inArray":[100]}}]}"#,
            .matches("i01", "i07")),
        find("orWithNullEquality", where: #"{"$or":[{"number":null},{"name":""}]}"#, .matches("i06", "i09", "i10")),
        find(
            "orWithNotEqualBranches", where: #"{"$or":[{"category":{"$ne":"a"},"rank":1},{"number":{"$in":[2,1000000]}}]}"#,
            .matches("i02", "i03", "i05", "i12", "i14", "r1")),
    ]

    /// `$inQuery` and `$notInQuery` on Pointer fields.
    static let inQueryCases: [ConformanceCase] = [
        find(
            "inQueryMatchesPointersToSubQueryResults", where: #"{"owner":{"$inQuery":{"where":{"status":"active"},"className":"Person"}}}"#,
            .matches("i01", "i03", "i14")),
        find(
            "inQueryNeverReturnsUnreadableTargets", where: #"{"owner":{"$inQuery":{"where":{"name":"Carol"},"className":"Person"}}}"#,
            .nothing),
        find("inQueryWithoutWhere", where: #"{"owner":{"$inQuery":{"className":"Person"}}}"#, .matches("i01", "i02", "i03", "i14")),
        find(
            "inQueryHonoursOrderAndLimit",
            where: #"{"owner":{"$inQuery":{"where":{"status":"active"},"className":"Person","order":"age","limit":1}}}"#,
            .matches("i01", "i03")),
        find(
            "inQueryHonoursSkip",
            where: #"{"owner":{"$inQuery":{"where":{"status":"active"},"className":"Person","order":"age","skip":1,"limit":1}}}"#,
            .matches("i14")),
        find("inQueryOnAnotherClassMatchesNothing", where: #"{"owner":{"$inQuery":{"className":"City"}}}"#, .nothing),
        find(
            "inQueryCombinedWithAField", where: #"{"owner":{"$inQuery":{"where":{"city":"Tokyo"},"className":"Person"}},"flag":true}"#,
            .matches("i01", "i03")),
        find(
            "inQueryNestingSelect",
            where:
                #"{"owner":{"$inQuery":{"className":"Person","where":{"city":{"$select":{"query":{"className":"City","where":{"population":{"$lt":3000000}}},"key":"cityName"}}}}}}"#,
            .matches("i02", "i14")),
        find(
            "inQueryInsideOr", where: #"{"$or":[{"owner":{"$inQuery":{"className":"Person","where":{"name":"Bob"}}}},{"name":"date"}]}"#,
            .matches("i02", "i04")),
        find(
            "inQueryOnTheSameClass", in: "Person", where: #"{"mentor":{"$inQuery":{"className":"Person","where":{"name":"Alice"}}}}"#,
            .matches("erin")),
        find(
            "notInQueryMatchesOtherPointersAndMissingFields",
            where: #"{"owner":{"$notInQuery":{"where":{"status":"active"},"className":"Person"}}}"#,
            visibleItems(except: "i01", "i03", "i14")),
        find(
            "notInQueryMatchesPointersToUnreadableAndMissingObjects", where: #"{"owner":{"$notInQuery":{"className":"Person"}}}"#,
            visibleItems(except: "i01", "i02", "i03", "i14")),
    ]

    /// `$select` and `$dontSelect`: values compared type-aware with a key of the sub-query's results.
    static let selectCases: [ConformanceCase] = [
        find(
            "selectMatchesValuesOfTheSubQueryKey", in: "Person",
            where: #"{"city":{"$select":{"query":{"className":"City","where":{"population":{"$gt":10000000}}},"key":"cityName"}}}"#,
            .matches("alice")),
        find(
            "selectOverSeveralSubQueryResults", in: "Person",
            where: #"{"city":{"$select":{"query":{"className":"City","where":{"population":{"$gt":1000000}}},"key":"cityName"}}}"#,
            .matches("alice", "bob", "erin")),
        find(
            "selectHonoursOrderAndLimit", in: "Person",
            where: #"{"city":{"$select":{"query":{"className":"City","order":"population","limit":1},"key":"cityName"}}}"#,
            .matches("erin")),
        find(
            "selectWithoutWhere", in: "Person", where: #"{"city":{"$select":{"query":{"className":"City"},"key":"cityName"}}}"#,
            .matches("alice", "bob", "erin")),
        find(
            "selectNeverUsesUnreadableObjects", in: "Person",
            where: #"{"city":{"$select":{"query":{"className":"City","where":{"population":{"$gt":15000000}}},"key":"cityName"}}}"#,
            .nothing),
        find(
            "selectIsTypeAware", where: #"{"number":{"$select":{"query":{"className":"Item","where":{"category":"d"}},"key":"name"}}}"#,
            .matches("i08")),
        find(
            "selectComparesPointers",
            where: #"{"owner":{"$select":{"query":{"className":"Item","where":{"name":"apple"}},"key":"owner"}}}"#,
            .matches("i01", "i03")),
        find(
            "selectComparesDates", where: #"{"when":{"$select":{"query":{"className":"Item","where":{"name":"Apple"}},"key":"when"}}}"#,
            .matches("i01", "i13")),
        find(
            "dontSelectMatchesOtherValuesAndMissingFields", in: "Person",
            where: #"{"city":{"$dontSelect":{"query":{"className":"City","where":{"population":{"$gt":10000000}}},"key":"cityName"}}}"#,
            .matches("bob", "erin", "frank")),
        find(
            "dontSelectMatchesMissingFields", in: "Person",
            where: #"{"city":{"$dontSelect":{"query":{"className":"City"},"key":"cityName"}}}"#, .matches("frank")),
    ]

    /// `$relatedTo` over relations filled with AddRelation and RemoveRelation.
    static let relatedToCases: [ConformanceCase] = [
        find(
            "relatedToMatchesTheRelationMembers", in: "Person",
            where: #"{"$relatedTo":{"object":\#(Wire.pointer("Team", "teamA")),"key":"members"}}"#, .matches("alice", "bob")),
        find(
            "relatedToOmitsUnreadableMembers", in: "Person",
            where: #"{"$relatedTo":{"object":\#(Wire.pointer("Team", "teamB")),"key":"members"}}"#, .matches("erin")),
        find(
            "relatedToOfAnUnreadableOwnerMatchesNothing", in: "Person",
            where: #"{"$relatedTo":{"object":\#(Wire.pointer("Team", "teamHidden")),"key":"members"}}"#, .nothing),
        find(
            "relatedToAnotherKeyMatchesNothing", in: "Person",
            where: #"{"$relatedTo":{"object":\#(Wire.pointer("Team", "teamA")),"key":"others"}}"#, .nothing),
        find(
            "relatedToWithTheWrongOwnerClassMatchesNothing", in: "Person",
            where: #"{"$relatedTo":{"object":\#(Wire.pointer("City", "teamA")),"key":"members"}}"#, .nothing),
        find(
            "relatedToCombinedWithAField", in: "Person",
            where: #"{"$relatedTo":{"object":\#(Wire.pointer("Team", "teamA")),"key":"members"},"age":{"$gt":26}}"#, .matches("alice")),
        find(
            "relatedToInsideOr", in: "Person",
            where: #"{"$or":[{"$relatedTo":{"object":\#(Wire.pointer("Team", "teamA")),"key":"members"}},{"name":"Erin"}]}"#,
            .matches("alice", "bob", "erin")),
        find(
            "relationFieldReadsAsItsMarker", in: "Team", where: #"{"name":"A"}"#, .ordered("teamA"),
            checks: [FieldCheck("teamA", "members", .equals(#"{"__type":"Relation","className":"Person"}"#))]),
        find("relationFieldExists", in: "Team", where: #"{"members":{"$exists":true}}"#, .matches("teamA", "teamB")),
        find(
            "includeLeavesARelationAlone", in: "Team", where: #"{"name":"B"}"#, include: "members", .ordered("teamB"),
            checks: [FieldCheck("teamB", "members", .equals(#"{"__type":"Relation","className":"Person"}"#))]),
        find(
            "relatedToForgetsRemovedMembers", in: "Person",
            where: #"{"$relatedTo":{"object":\#(Wire.pointer("Team", "teamA")),"key":"members"},"name":"Frank"}"#, .nothing),
    ]
}
