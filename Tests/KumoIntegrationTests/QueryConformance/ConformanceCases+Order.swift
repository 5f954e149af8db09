/// `order` (docs/decisions/0002-default-order.md and the type ranks documented on `QueryCompiler+Order`),
/// `limit`/`skip` paging (docs/decisions/0001-query-limit.md) and `count` (docs/wire/endpoints/queries.md, F25–F27).
extension ConformanceCase {
    /// The default order of the visible items: `createDate` descending.
    static let itemsNewestFirst = [
        "r2", "r1", "i14", "i13", "i12", "i11", "i10", "i09", "i08", "i07", "i06", "i05", "i04", "i03", "i02", "i01",
    ]

    /// Sort orders: system fields, each value type, several keys, ties.
    static let orderCases: [ConformanceCase] = [
        find("defaultOrderIsCreateDateDescending", .inOrder(itemsNewestFirst)),
        find("orderByCreateDateAscending", order: "createDate", .inOrder(itemsNewestFirst.reversed())),
        find("orderByCreateDateDescending", order: "-createDate", .inOrder(itemsNewestFirst)),
        find(
            "orderByUpdateDateDescending", order: "-updateDate",
            .ordered("i02", "i05", "r2", "r1", "i14", "i13", "i12", "i11", "i10", "i09", "i08", "i07", "i06", "i04", "i03", "i01")),
        find(
            "orderByUpdateDateAscending", order: "updateDate",
            .ordered("i01", "i03", "i04", "i06", "i07", "i08", "i09", "i10", "i11", "i12", "i13", "i14", "r1", "r2", "i05", "i02")),
        find("orderByObjectId", order: "objectId", .inOrder(itemsNewestFirst.reversed())),
        find("orderByObjectIdDescending", order: "-objectId", .inOrder(itemsNewestFirst)),
        find(
            "orderByNumberRanksMissingThenNumbersThenStrings", order: "number",
            .ordered("i10", "i09", "i13", "i05", "i06", "i01", "i11", "i02", "i04", "i03", "r1", "r2", "i14", "i07", "i12", "i08")),
        find(
            "orderByNumberDescendingReversesTheRanksButNotTheTieBreak", order: "-number",
            .ordered("i08", "i12", "i07", "i14", "r2", "r1", "i03", "i04", "i02", "i11", "i01", "i06", "i05", "i13", "i10", "i09")),
        find(
            "orderByNameUsesCodePoints", order: "name",
            .ordered("i10", "i09", "i06", "i08", "i13", "i05", "i01", "i11", "i02", "i03", "i04", "r1", "r2", "i12", "i14", "i07")),
        find(
            "orderByNameDescending", order: "-name",
            .ordered("i07", "i14", "i12", "r2", "r1", "i04", "i03", "i02", "i11", "i01", "i05", "i13", "i08", "i06", "i10", "i09")),
        find(
            "orderTiesAreBrokenByCreateDateDescending", order: "category",
            .ordered("i13", "i11", "i02", "i01", "i12", "i04", "i03", "i14", "i06", "i05", "i08", "i07", "i10", "i09", "r2", "r1")),
        find(
            "descendingOrderTiesAreStillNewestFirst", order: "-category",
            .ordered("r2", "r1", "i10", "i09", "i08", "i07", "i14", "i06", "i05", "i12", "i04", "i03", "i13", "i11", "i02", "i01")),
        find(
            "orderByTwoAscendingKeys", order: "category,rank",
            .ordered("i13", "i01", "i02", "i11", "i03", "i04", "i12", "i14", "i05", "i06", "i08", "i07", "i10", "i09", "r1", "r2")),
        find(
            "orderAscendingThenDescending", order: "category,-rank",
            .ordered("i11", "i02", "i13", "i01", "i12", "i04", "i03", "i06", "i14", "i05", "i08", "i07", "i10", "i09", "r2", "r1")),
        find(
            "orderToleratesSpacesAfterCommas", order: "category, -rank",
            .ordered("i11", "i02", "i13", "i01", "i12", "i04", "i03", "i06", "i14", "i05", "i08", "i07", "i10", "i09", "r2", "r1")),
        find(
            "orderDescendingThenAscending", order: "-rank,category",
            .ordered("i11", "i12", "i08", "i07", "i02", "i04", "i06", "r2", "i13", "i01", "i03", "i14", "i05", "r1", "i10", "i09")),
        find(
            "orderByFieldThenCreateDateDescending", order: "rank,-createDate",
            .ordered("i10", "i09", "r1", "i14", "i13", "i05", "i03", "i01", "r2", "i06", "i04", "i02", "i12", "i11", "i08", "i07")),
        find(
            "orderByFieldThenCreateDateAscending", order: "rank,createDate",
            .ordered("i09", "i10", "i01", "i03", "i05", "i13", "i14", "r1", "i02", "i04", "i06", "r2", "i07", "i08", "i11", "i12")),
        find(
            "orderByDateRanksMissingFirstThenChronological", order: "when",
            .ordered("r2", "r1", "i14", "i12", "i11", "i10", "i09", "i08", "i07", "i06", "i05", "i04", "i13", "i01", "i02", "i03")),
        find(
            "orderByDateDescending", order: "-when",
            .ordered("i03", "i02", "i13", "i01", "i04", "r2", "r1", "i14", "i12", "i11", "i10", "i09", "i08", "i07", "i06", "i05")),
        find(
            "orderByBoolPutsFalseBeforeTrue", order: "flag",
            .ordered("r2", "r1", "i14", "i12", "i10", "i09", "i08", "i07", "i06", "i04", "i02", "i13", "i11", "i05", "i03", "i01")),
        find(
            "orderByArraysUsesTheirJSONText", order: "tags",
            .ordered("r2", "r1", "i13", "i12", "i10", "i09", "i08", "i06", "i14", "i11", "i05", "i01", "i03", "i02", "i07", "i04")),
        find("orderByAnUnknownFieldKeepsTheDefaultOrder", order: "nothing", .inOrder(itemsNewestFirst)),
        find("orderAppliesAfterTheFilter", where: #"{"category":"a"}"#, order: "-number", .ordered("i02", "i11", "i01", "i13")),
        find("orderOnAnotherClass", in: "Person", order: "-age", .ordered("erin", "alice", "frank", "bob")),
    ]

    /// `limit` and `skip` over the default and explicit orders.
    static let pagingCases: [ConformanceCase] = [
        find("limitTakesTheFirstObjects", limit: 3, .ordered("r2", "r1", "i14")),
        find("skipThenLimit", limit: 3, skip: 3, .ordered("i13", "i12", "i11")),
        find("skipNearTheEnd", skip: 14, .ordered("i02", "i01")),
        find("skipPastTheEndAnswersNoResults", skip: 16, .nothing),
        find("skipFarPastTheEnd", skip: 500, .nothing),
        find("limitOneWithAnOrder", order: "number", limit: 1, .ordered("i10")),
        find("pageOfAnOrder", order: "name", limit: 2, skip: 1, .ordered("i09", "i06")),
        find("pageOfTwoKeys", order: "category,rank", limit: 5, skip: 5, .ordered("i04", "i12", "i14", "i05", "i06")),
        find("pageOfAFilter", where: #"{"flag":true}"#, limit: 2, skip: 1, .ordered("i11", "i05")),
        find("limitZeroWithoutCountAnswersNoResultsAndNoCount", limit: 0, .nothing),
        find("limitOfTheMaximumReturnsEverything", limit: 1000, .inOrder(itemsNewestFirst)),
    ]

    /// `Bulk` handles `bulk<first>` … `bulk<last>`, newest first.
    static func bulkNewestFirst(_ numbers: ClosedRange<Int>) -> ExpectedResults { .inOrder(numbers.reversed().map { "bulk\($0)" }) }

    /// The default limit of 100 and the maximum of 1000 on a class of 101 objects (docs/decisions/0001-query-limit.md).
    static let defaultLimitCases: [ConformanceCase] = [
        find("defaultLimitIsOneHundred", in: "Bulk", bulkNewestFirst(2...101)),
        find("countSeesPastTheDefaultLimit", in: "Bulk", count: 101, bulkNewestFirst(2...101)),
        find("largerLimitReturnsEveryObject", in: "Bulk", limit: 1000, bulkNewestFirst(1...101)),
        find("skipWithTheDefaultLimit", in: "Bulk", skip: 100, .ordered("bulk1")),
        find(
            "filterAndOrderOnALargerClass", in: "Bulk", where: #"{"n":{"$gt":95}}"#, order: "n",
            .ordered("bulk96", "bulk97", "bulk98", "bulk99", "bulk100", "bulk101")),
    ]

    /// `count=1`: the number of readable matches regardless of `limit` and `skip`.
    static let countCases: [ConformanceCase] = [
        find("countWithLimitZeroAnswersOnlyTheCount", limit: 0, count: 16, .nothing),
        find("countWithAFilter", where: #"{"number":{"$gt":2}}"#, limit: 0, count: 7, .nothing),
        find("countIgnoresTheLimit", limit: 2, count: 16, .ordered("r2", "r1")),
        find("countIgnoresSkip", skip: 15, count: 16, .ordered("i01")),
        find("countWithoutHitsIsZero", where: #"{"name":"nothing"}"#, count: 0, .nothing),
        find("countOmitsUnreadableObjects", where: #"{"category":"a"}"#, limit: 0, count: 4, .nothing),
        find("countOfOnlyUnreadableMatchesIsZero", where: #"{"name":"writeonly"}"#, limit: 0, count: 0, .nothing),
        find("countWithResults", where: #"{"name":"apple"}"#, count: 1, .ordered("i01")),
        find("countOnAnotherClass", in: "Person", limit: 0, count: 4, .nothing),
        find(
            "countOfARelation", in: "Person", where: #"{"$relatedTo":{"object":\#(Wire.pointer("Team", "teamB")),"key":"members"}}"#,
            count: 1, .ordered("erin")),
        find(
            "countOfAnInQuery", where: #"{"owner":{"$inQuery":{"where":{"status":"active"},"className":"Person"}}}"#, limit: 0,
            count: 3, .nothing),
        find("countWithAnOrder", order: "-number", limit: 0, count: 16, .nothing),
        find("countOnAClassThatDoesNotExistIsZero", in: "Nothing", limit: 0, count: 0, .nothing),
        find("countZeroMeansNoCount", extra: [ConformanceParameter("count", "0")], .inOrder(itemsNewestFirst)),
    ]
}
