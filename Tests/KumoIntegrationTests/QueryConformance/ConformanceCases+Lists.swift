/// `$in`, `$nin`, `$exists`, `$regex` and the array operators `$inArray`, `$ninArray`, `$all`
/// (docs/wire/query-operators.md).
extension ConformanceCase {
    /// `$in` and `$nin`; on arrays they look at the elements (docs/decisions/0016-type-aware-equality.md); `$nin` also
    /// matches missing fields.
    static let membershipCases: [ConformanceCase] = [
        find("inMatchesAnyListedNumber", where: #"{"number":{"$in":[1,2,3]}}"#, .matches("i01", "i02", "i03")),
        find("inWithMixedTypesIsTypeAware", where: #"{"number":{"$in":[2.5,"5",100]}}"#, .matches("i04", "i07", "i08")),
        find("inMatchesListedStrings", where: #"{"name":{"$in":["apple","cherry","none"]}}"#, .matches("i01", "i03")),
        find("inWithNullMatchesNullAndMissingFields", where: #"{"number":{"$in":[null,0]}}"#, .matches("i06", "i09", "i10")),
        find("inWithAnEmptyListMatchesNothing", where: #"{"number":{"$in":[]}}"#, .nothing),
        find("inMatchesBools", where: #"{"flag":{"$in":[false]}}"#, .matches("i02", "i04", "i06")),
        find(
            "inMatchesDates",
            where: #"{"when":{"$in":[\#(Wire.date("2021-01-01T00:00:00.000Z")),\#(Wire.date("2019-12-31T23:59:59.999Z"))]}}"#,
            .matches("i03", "i04")),
        find(
            "inMatchesPointers", where: #"{"owner":{"$in":[\#(Wire.pointer("Person", "bob")),\#(Wire.pointer("Person", "erin"))]}}"#,
            .matches("i02", "i14")),
        find("inMatchesArrayElements", where: #"{"tags":{"$in":["red","赤"]}}"#, .matches("i01", "i03", "i07")),
        find("notInExcludesArraysWithAListedElement", where: #"{"tags":{"$nin":["fruit"]}}"#, visibleItems(except: "i01", "i02", "i05", "i14")),
        find("notInExcludesListedNumbers", where: #"{"number":{"$nin":[1,2,3]}}"#, visibleItems(except: "i01", "i02", "i03")),
        find(
            "notInMatchesMissingAndNullFields", where: #"{"flag":{"$nin":[true,false]}}"#,
            .matches("i07", "i08", "i09", "i10", "i12", "i14", "r1", "r2")),
        find("notInWithAnEmptyListMatchesEverything", where: #"{"number":{"$nin":[]}}"#, .anyOrder(everyVisibleItem)),
        find(
            "notInExcludesListedStrings", where: #"{"category":{"$nin":["a","b","c"]}}"#, .matches("i07", "i08", "i09", "i10", "r1", "r2")),
    ]

    /// `$exists`: a key holding `null` exists.
    static let existenceCases: [ConformanceCase] = [
        find("existsTrueIncludesNullValues", where: #"{"when":{"$exists":true}}"#, .matches("i01", "i02", "i03", "i04", "i09", "i13")),
        find(
            "existsFalseMatchesMissingFields", where: #"{"when":{"$exists":false}}"#,
            .matches("i05", "i06", "i07", "i08", "i10", "i11", "i12", "i14", "r1", "r2")),
        find("existsSeesFieldsAddedByAnUpdate", where: #"{"touched":{"$exists":true}}"#, .matches("i02", "i05")),
        find("existsCombinedWithNotEqualNull", where: #"{"name":{"$exists":true,"$ne":null}}"#, visibleItems(except: "i09", "i10")),
        find("existsFalseOnAnUnknownFieldMatchesEverything", where: #"{"nothing":{"$exists":false}}"#, .anyOrder(everyVisibleItem)),
        find("existsTrueOnAnUnknownFieldMatchesNothing", where: #"{"nothing":{"$exists":true}}"#, .nothing),
    ]

    /// `$regex` (ICU syntax, documented in `SQLiteFunctions`; the dialect is open, docs/wire/open-points.md).
    static let regexCases: [ConformanceCase] = [
        find("regexMatchesAPrefix", where: #"{"name":{"$regex":"^a"}}"#, .matches("i01", "i11")),
        find("regexIsCaseSensitive", where: #"{"name":{"$regex":"^A"}}"#, .matches("i13")),
        find("regexHonoursAnInlineCaseInsensitiveFlag", where: #"{"name":{"$regex":"(?i)^apple$"}}"#, .matches("i01", "i13")),
        find("regexMatchesAJapaneseSuffix", where: #"{"name":{"$regex":"ル$"}}"#, .matches("i14")),
        find("regexMatchesInside", where: #"{"name":{"$regex":"err"}}"#, .matches("i03", "i05")),
        find("regexMatchesTheEmptyString", where: #"{"name":{"$regex":"^$"}}"#, .matches("i06")),
        find("regexOnlyMatchesStringValues", where: #"{"number":{"$regex":"^5$"}}"#, .matches("i08")),
        find("regexSkipsNullAndMissingFields", where: #"{"name":{"$regex":".*"}}"#, visibleItems(except: "i09", "i10")),
        find("regexCombinedWithNotEqual", where: #"{"name":{"$regex":"^[a-d]","$ne":"banana"}}"#, .matches("i01", "i03", "i04", "i11")),
        find("regexWithACharacterClass", where: #"{"category":{"$regex":"^[e-f]$"}}"#, .matches("i09", "i10", "r1", "r2")),
    ]

    /// `$inArray`, `$ninArray`, `$all`: element comparisons are type-aware; `$ninArray` matches missing fields.
    static let arrayCases: [ConformanceCase] = [
        find("inArrayMatchesArraysContainingTheValue", where: #"{"tags":{"$inArray":["red"]}}"#, .matches("i01", "i03")),
        find("inArrayMatchesAnyListedValue", where: #"{"tags":{"$inArray":["fruit","赤"]}}"#, .matches("i01", "i02", "i05", "i07", "i14")),
        find("inArrayMatchesNumbers", where: #"{"scores":{"$inArray":[2]}}"#, .matches("i01", "i02")),
        find("inArrayMatchesDoubles", where: #"{"scores":{"$inArray":[2.5]}}"#, .matches("i12")),
        find("inArrayWithAStringDoesNotMatchANumberElement", where: #"{"mixed":{"$inArray":["2"]}}"#, .nothing),
        find("inArrayWithANumberMatchesOnlyNumberElements", where: #"{"mixed":{"$inArray":[1]}}"#, .matches("i11")),
        find("inArrayMatchesABoolElement", where: #"{"mixed":{"$inArray":[true]}}"#, .matches("i11")),
        find("inArrayMatchesANullElement", where: #"{"mixed":{"$inArray":[null]}}"#, .matches("i11")),
        find("inArrayMatchesAnObjectElement", where: #"{"mixed":{"$inArray":[{"k":"v"}]}}"#, .matches("i12")),
        find("inArrayOnAScalarFieldMatchesNothing", where: #"{"name":{"$inArray":["apple"]}}"#, .nothing),
        find("inArrayWithAnEmptyListMatchesNothing", where: #"{"tags":{"$inArray":[]}}"#, .nothing),
        find(
            "notInArrayMatchesArraysWithoutTheValueAndMissingFields", where: #"{"tags":{"$ninArray":["fruit"]}}"#,
            visibleItems(except: "i01", "i02", "i05", "i14")),
        find(
            "notInArrayExcludesArraysWithAnyListedValue", where: #"{"tags":{"$ninArray":["red","fruit"]}}"#,
            visibleItems(except: "i01", "i02", "i03", "i05", "i14")),
        find("notInArrayWithAnEmptyListMatchesEverything", where: #"{"scores":{"$ninArray":[]}}"#, .anyOrder(everyVisibleItem)),
        find("allMatchesArraysContainingEveryValue", where: #"{"tags":{"$all":["red","fruit"]}}"#, .matches("i01")),
        find("allWithOneValue", where: #"{"tags":{"$all":["fruit"]}}"#, .matches("i01", "i02", "i05", "i14")),
        find("allMatchesNumbers", where: #"{"scores":{"$all":[1,2]}}"#, .matches("i01")),
        find("allFailsWhenOneValueIsMissing", where: #"{"tags":{"$all":["red","yellow"]}}"#, .nothing),
        find(
            "allWithAnEmptyListMatchesEveryArray", where: #"{"tags":{"$all":[]}}"#,
            .matches("i01", "i02", "i03", "i04", "i05", "i07", "i11", "i14")),
        find("allCombinedWithNotInArray", where: #"{"tags":{"$all":["fruit"],"$ninArray":["yellow"]}}"#, .matches("i01", "i05", "i14")),
        find("arrayConditionsOnTwoFields", where: #"{"tags":{"$inArray":["red"]},"scores":{"$inArray":[3]}}"#, .matches("i01", "i03")),
    ]
}
