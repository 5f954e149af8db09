import NCMBWire
import Testing

@Suite struct WireDateTests {
    @Test(arguments: [
        (Int64(0), "1970-01-01T00:00:00.000Z"),
        (1_385_952_275_452, "2013-12-02T02:44:35.452Z"),
        (-1, "1969-12-31T23:59:59.999Z"),
        (951_782_400_000, "2000-02-29T00:00:00.000Z"),
        (1_453_766_400_000, "2016-01-26T00:00:00.000Z"),
        (253_402_300_799_999, "9999-12-31T23:59:59.999Z"),
        (-62_135_596_800_000, "0001-01-01T00:00:00.000Z"),
    ])
    func formatsWithThreeFractionDigitsInUTC(milliseconds: Int64, expected: String) {
        #expect(WireDate(millisecondsSince1970: milliseconds).formatted == expected)
    }

    @Test(arguments: [
        ("2013-12-02T02:44:35.452Z", Int64(1_385_952_275_452)),
        ("2013-12-02T02:44:35Z", 1_385_952_275_000),
        ("2013-12-02T02:44:35.4Z", 1_385_952_275_400),
        ("2013-12-02T02:44:35.45Z", 1_385_952_275_450),
        ("2013-12-02T02:44:35.4521Z", 1_385_952_275_452),
        ("2013-12-02T02:44:35.452999Z", 1_385_952_275_452),
        ("2013-12-02T02:44:35.452", 1_385_952_275_452),
        ("2013-12-02T02:44:35", 1_385_952_275_000),
        ("2013-12-02T02:44:35.452+09:00", 1_385_919_875_452),
        ("2013-12-02T02:44:35.452-05:30", 1_385_972_075_452),
        ("2013-12-02T02:44:35.452+00:00", 1_385_952_275_452),
        ("2000-02-29T00:00:00.000Z", 951_782_400_000),
        ("1969-12-31T23:59:59.999Z", -1),
    ])
    func parsesZeroToSixFractionDigitsAndOptionalZones(text: String, milliseconds: Int64) {
        #expect(WireDate(parsing: text) == WireDate(millisecondsSince1970: milliseconds))
    }

    @Test(arguments: [
        "", "2013-12-02", "2013-12-02T02:44", "2013-12-02 02:44:35Z", "2013-12-02T02:44:35.4521234Z",
        "2013-12-02T02:44:35.Z", "2013-02-29T00:00:00Z", "2013-13-01T00:00:00Z", "2013-00-01T00:00:00Z",
        "2013-12-32T00:00:00Z", "2013-12-02T24:00:00Z", "2013-12-02T02:60:00Z", "2013-12-02T02:44:35.452z",
        "2013-12-02T02:44:35+0900", "2013-12-02T02:44:35+24:00", "13-12-02T02:44:35Z", "2013-12-02T02:44:35ZZ",
        "２０１３-12-02T02:44:35Z",
    ])
    func rejectsMalformedOrImpossibleDates(text: String) {
        #expect(WireDate(parsing: text) == nil)
    }

    @Test(arguments: [Int64(0), 1_385_952_275_452, -1, 253_402_300_799_999, -62_135_596_800_000])
    func roundTripsThroughItsText(milliseconds: Int64) {
        let date = WireDate(millisecondsSince1970: milliseconds)

        #expect(WireDate(parsing: date.formatted) == date)
    }

    @Test func ordersByTime() {
        #expect(WireDate(millisecondsSince1970: 1) < WireDate(millisecondsSince1970: 2))
    }
}
