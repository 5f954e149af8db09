/// Equality, `$ne`, `$lt`/`$lte`/`$gt`/`$gte` and the system fields (docs/wire/query-operators.md; type-aware semantics
/// documented on `QueryCompiler`).
extension ConformanceCase {
    /// Every visible `Item`.
    static let everyVisibleItem: Set<String> = [
        "i01", "i02", "i03", "i04", "i05", "i06", "i07", "i08", "i09", "i10", "i11", "i12", "i13", "i14", "r1", "r2",
    ]

    /// Every visible `Item` except the listed ones.
    static func visibleItems(except handles: String...) -> ExpectedResults { .anyOrder(everyVisibleItem.subtracting(handles)) }

    /// Plain-value equality on every type.
    static let equalityCases: [ConformanceCase] = [
        find("equalityMatchesAnInteger", where: #"{"number":1}"#, .matches("i01")),
        find("equalityMatchesADouble", where: #"{"number":2.5}"#, .matches("i04")),
        find("equalityWithADoubleOperandMatchesAnEqualInteger", where: #"{"number":1.0}"#, .matches("i01")),
        find("equalityMatchesANegativeDouble", where: #"{"number":-3.25}"#, .matches("i13")),
        find("equalityWithZeroMatchesOnlyTheNumberZero", where: #"{"number":0}"#, .matches("i06")),
        find("numberOperandNeverMatchesAStringField", where: #"{"number":5}"#, .matches("r2")),
        find("stringOperandNeverMatchesANumberField", where: #"{"number":"5"}"#, .matches("i08")),
        find("equalityMatchesAString", where: #"{"name":"apple"}"#, .matches("i01")),
        find("stringEqualityIsCaseSensitive", where: #"{"name":"Apple"}"#, .matches("i13")),
        find("equalityMatchesTheEmptyString", where: #"{"name":""}"#, .matches("i06")),
        find("equalityMatchesAJapaneseString", where: #"{"name":"東京タワー"}"#, .matches("i07")),
        find("equalityMatchesAKatakanaString", where: #"{"name":"アップル"}"#, .matches("i14")),
        find("equalityMatchesTrue", where: #"{"flag":true}"#, .matches("i01", "i03", "i05", "i11", "i13")),
        find("equalityWithFalseMatchesNeitherZeroNorNull", where: #"{"flag":false}"#, .matches("i02", "i04", "i06")),
        find("nullMatchesNullAndMissingFields", where: #"{"number":null}"#, .matches("i09", "i10")),
        find(
            "nullOnABoolFieldMatchesEveryObjectWithoutABool", where: #"{"flag":null}"#,
            .matches("i07", "i08", "i09", "i10", "i12", "i14", "r1", "r2")),
        find("nullOnAnUnknownFieldMatchesEverything", where: #"{"nothing":null}"#, .anyOrder(everyVisibleItem)),
        find("equalityOnAnUnknownFieldMatchesNothing", where: #"{"nothing":1}"#, .nothing),
        find("equalityMatchesADate", where: #"{"when":\#(Wire.date("2020-01-01T00:00:00.000Z"))}"#, .matches("i01", "i13")),
        find("dateOperandWithoutFractionDigitsMatches", where: #"{"when":\#(Wire.date("2020-01-01T00:00:00Z"))}"#, .matches("i01", "i13")),
        find("dateOperandWithMicrosecondsMatches", where: #"{"when":\#(Wire.date("2019-12-31T23:59:59.999000Z"))}"#, .matches("i04")),
        find("equalityMatchesAPointer", where: #"{"owner":\#(Wire.pointer("Person", "alice"))}"#, .matches("i01", "i03")),
        find("pointerToAnUnreadableObjectStillMatchesByValue", where: #"{"owner":\#(Wire.pointer("Person", "carol"))}"#, .matches("i04")),
        find("pointerWithAnotherClassNameMatchesNothing", where: #"{"owner":\#(Wire.pointer("City", "alice"))}"#, .nothing),
        find("arrayEqualityMatchesTheSameArray", where: #"{"tags":["red"]}"#, .matches("i03")),
        find("arrayEqualityRespectsElementOrder", where: #"{"tags":["fruit","red"]}"#, .nothing),
        find("arrayEqualityMatchesTheEmptyArray", where: #"{"tags":[]}"#, .matches("i04")),
        find("arrayEqualityMatchesMixedElements", where: #"{"mixed":[1,"1",true,null]}"#, .matches("i11")),
        find("scalarEqualityMatchesArraysContainingIt", where: #"{"tags":"red"}"#, .matches("i01", "i03")),
        find("scalarEqualityInsideArraysIsTypeAware", where: #"{"mixed":"2"}"#, .nothing),
        find("notEqualExcludesArraysContainingIt", where: #"{"tags":{"$ne":"fruit"}}"#, visibleItems(except: "i01", "i02", "i05", "i14")),
        find("nullEqualityMatchesAnArrayHoldingNull", where: #"{"mixed":null}"#, visibleItems(except: "i12")),
        find("objectEqualityMatchesTheSameObject", where: #"{"nested":{"a":1,"b":[1,2]}}"#, .matches("i14")),
        find("equalityMatchesAnIntegerBeyondDoublePrecision", where: #"{"big":9007199254740993}"#, .matches("i12")),
        find("equalityDistinguishesNeighbouringLargeIntegers", where: #"{"big":9007199254740992}"#, .nothing),
        find("equalityMatchesTextThatNeedsEscapingOnTheWire", where: #"{"note":"50% off & \"quoted\" + more/=?#tag"}"#, .matches("i03")),
        find(
            "datesSentWithMicrosecondsAreStoredWithMilliseconds", where: only("i13"), .ordered("i13"),
            checks: [FieldCheck("i13", "when", .equals(Wire.date("2020-01-01T00:00:00.000Z")))]),
        find("twoFieldsAreBothRequired", where: #"{"flag":true,"category":"a"}"#, .matches("i01", "i11", "i13")),
        find("emptyWhereMatchesEveryReadableObject", where: "{}", .anyOrder(everyVisibleItem)),
        find("noWhereMatchesEveryReadableObject", .anyOrder(everyVisibleItem)),
        find("findOnAClassThatDoesNotExistAnswersNoResults", in: "Nothing", where: #"{"number":1}"#, .nothing),
    ]

    /// `$ne`: the negation of equality, so it also matches missing fields (documented on `QueryCompiler`).
    static let notEqualCases: [ConformanceCase] = [
        find("notEqualMatchesOtherNumbersStringsNullsAndMissingFields", where: #"{"number":{"$ne":2}}"#, visibleItems(except: "i02")),
        find("notEqualToANumberKeepsTheEqualLookingString", where: #"{"number":{"$ne":5}}"#, visibleItems(except: "r2")),
        find(
            "notEqualMatchesMissingAndNullBools", where: #"{"flag":{"$ne":true}}"#, visibleItems(except: "i01", "i03", "i05", "i11", "i13")),
        find("notEqualNullMatchesPresentNonNullValues", where: #"{"name":{"$ne":null}}"#, visibleItems(except: "i09", "i10")),
        find("notEqualMatchesOtherStrings", where: #"{"name":{"$ne":"apple"}}"#, visibleItems(except: "i01")),
        find(
            "notEqualMatchesOtherDates", where: #"{"when":{"$ne":\#(Wire.date("2020-01-01T00:00:00.000Z"))}}"#,
            visibleItems(except: "i01", "i13")),
        find(
            "notEqualMatchesOtherPointers", where: #"{"owner":{"$ne":\#(Wire.pointer("Person", "alice"))}}"#,
            visibleItems(except: "i01", "i03")),
        find("notEqualOnObjectIdExcludesOneObject", where: #"{"objectId":{"$ne":"<i01>"}}"#, visibleItems(except: "i01")),
    ]

    /// `$lt`, `$lte`, `$gt`, `$gte` on numbers, strings and Dates, alone and combined on one field.
    static let comparisonCases: [ConformanceCase] = [
        find(
            "greaterThanMatchesLargerNumbersOnly", where: #"{"number":{"$gt":2}}"#, .matches("i03", "i04", "i07", "i12", "i14", "r1", "r2")),
        find(
            "greaterThanOrEqualIncludesTheOperand", where: #"{"number":{"$gte":2}}"#,
            .matches("i02", "i03", "i04", "i07", "i12", "i14", "r1", "r2")),
        find("lessThanMatchesNegativeNumbers", where: #"{"number":{"$lt":0}}"#, .matches("i05", "i13")),
        find("lessThanOrEqualIncludesZero", where: #"{"number":{"$lte":0}}"#, .matches("i05", "i06", "i13")),
        find(
            "greaterThanADoubleComparesNumerically", where: #"{"number":{"$gt":1.4}}"#,
            .matches("i02", "i03", "i04", "i07", "i11", "i12", "i14", "r1", "r2")),
        find("lessThanANegativeDouble", where: #"{"number":{"$lt":-1.5}}"#, .matches("i13")),
        find("stringOperandComparesOnlyStringFields", where: #"{"number":{"$gt":"0"}}"#, .matches("i08")),
        find(
            "greaterThanComparesStringsByCodePoint", where: #"{"name":{"$gt":"b"}}"#,
            .matches("i02", "i03", "i04", "i07", "i12", "i14", "r1", "r2")),
        find("lessThanPutsUpperCaseBeforeLowerCase", where: #"{"name":{"$lt":"a"}}"#, .matches("i05", "i06", "i08", "i13")),
        find("greaterThanOrEqualOnStringsIncludesJapanese", where: #"{"name":{"$gte":"zucchini"}}"#, .matches("i07", "i12", "i14")),
        find("lessThanAKanjiIncludesKatakanaAndAscii", where: #"{"name":{"$lt":"東"}}"#, visibleItems(except: "i07", "i09", "i10")),
        find("greaterThanADate", where: #"{"when":{"$gt":\#(Wire.date("2020-01-01T00:00:00.000Z"))}}"#, .matches("i02", "i03")),
        find(
            "greaterThanOrEqualADate", where: #"{"when":{"$gte":\#(Wire.date("2020-01-01T00:00:00.000Z"))}}"#,
            .matches("i01", "i02", "i03", "i13")),
        find(
            "lessThanADateHasMillisecondPrecision", where: #"{"when":{"$lt":\#(Wire.date("2020-01-01T00:00:00.000Z"))}}"#, .matches("i04")),
        find("lessThanOrEqualADate", where: #"{"when":{"$lte":\#(Wire.date("2019-12-31T23:59:59.999Z"))}}"#, .matches("i04")),
        find("twoBoundsOnOneFieldMakeARange", where: #"{"number":{"$gt":1,"$lt":5}}"#, .matches("i02", "i03", "i04", "i11", "r1")),
        find("inclusiveRange", where: #"{"number":{"$gte":1,"$lte":3}}"#, .matches("i01", "i02", "i03", "i04", "i11")),
        find("contradictoryBoundsMatchNothing", where: #"{"number":{"$gt":5,"$lt":5}}"#, .nothing),
        find("threeConditionsOnOneField", where: #"{"number":{"$gte":0,"$ne":1,"$lte":2}}"#, .matches("i02", "i06", "i11")),
        find(
            "dateRange",
            where: #"{"when":{"$gt":\#(Wire.date("2019-12-31T00:00:00.000Z")),"$lt":\#(Wire.date("2020-12-31T00:00:00.000Z"))}}"#,
            .matches("i01", "i02", "i04", "i13")),
        find("comparisonOnAnUnknownFieldMatchesNothing", where: #"{"nothing":{"$gt":0}}"#, .nothing),
        find("comparisonLooksAtArrayElements", where: #"{"scores":{"$gt":4}}"#, .matches("i05", "i07")),
        find("aDottedPathReadsAKeyInsideAnObject", where: #"{"nested.a":1}"#, .matches("i14")),
        find("aDottedPathReadsAnArrayElementByPosition", where: #"{"nested.b.1":{"$gte":2}}"#, .matches("i14")),
        find("aDottedPathReadsAPointersObjectId", where: #"{"owner.objectId":"missingPerson001"}"#, .matches("i12")),
    ]

    /// `objectId`, `createDate` and `updateDate` in `where`.
    static let systemFieldCases: [ConformanceCase] = [
        find("objectIdEquality", where: #"{"objectId":"<i05>"}"#, .matches("i05")),
        find("objectIdOfAnUnreadableObjectMatchesNothing", where: #"{"objectId":"<h1>"}"#, .nothing),
        find("objectIdIn", where: #"{"objectId":{"$in":["<i01>","<i03>","<h1>"]}}"#, .matches("i01", "i03")),
        find("objectIdNotIn", where: #"{"objectId":{"$nin":["<i01>","<i02>"]}}"#, visibleItems(except: "i01", "i02")),
        find("objectIdAlwaysExists", where: #"{"objectId":{"$exists":true}}"#, .anyOrder(everyVisibleItem)),
        find("objectIdNeverMissing", where: #"{"objectId":{"$exists":false}}"#, .nothing),
        find("createDateGreaterThanADate", where: #"{"createDate":{"$gt":\#(Wire.date("<createDate:i14>"))}}"#, .matches("r1", "r2")),
        find("createDateLessThanAnIsoString", where: #"{"createDate":{"$lt":"<createDate:i03>"}}"#, .matches("i01", "i02")),
        find("createDateEquality", where: #"{"createDate":\#(Wire.date("<createDate:i05>"))}"#, .matches("i05")),
        find(
            "createDateRangeSkipsUnreadableObjects",
            where: #"{"createDate":{"$gte":\#(Wire.date("<createDate:i05>")),"$lte":\#(Wire.date("<createDate:i07>"))}}"#,
            .matches("i05", "i06", "i07")),
        find("updateDateSeesLaterUpdates", where: #"{"updateDate":{"$gt":\#(Wire.date("<createDate:r2>"))}}"#, .matches("i02", "i05")),
        find(
            "createDateInDatesAndIsoStrings", where: #"{"createDate":{"$in":["<createDate:i01>",\#(Wire.date("<createDate:i02>"))]}}"#,
            .matches("i01", "i02")),
        find("objectIdRegex", where: #"{"objectId":{"$regex":"^<i01>$"}}"#, .matches("i01")),
        find(
            "selectOnTheObjectIdKey",
            where: #"{"objectId":{"$select":{"query":{"className":"Item","where":{"name":"apple"}},"key":"objectId"}}}"#,
            .matches("i01")),
        find("createDateWithANumberOperandMatchesNothing", where: #"{"createDate":{"$gt":0}}"#, .nothing),
    ]
}
