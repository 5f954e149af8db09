/// The NCMB date format `yyyy-MM-dd'T'HH:mm:ss.SSS'Z'` (UTC, milliseconds), as milliseconds since 1970.
///
/// Used for `createDate`/`updateDate` and for the `iso` of Date values. Parsing accepts 0–6 fraction digits and a
/// missing zone (read as UTC), as Python clients send (docs/wire/field-types.md#types,
/// docs/decisions/0006-timestamp-freshness.md); formatting always writes 3 digits.
package struct WireDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Milliseconds since 1970-01-01T00:00:00Z.
    package var millisecondsSince1970: Int64

    /// Creates a date from milliseconds since 1970.
    package init(millisecondsSince1970: Int64) { self.millisecondsSince1970 = millisecondsSince1970 }

    package static func < (lhs: WireDate, rhs: WireDate) -> Bool { lhs.millisecondsSince1970 < rhs.millisecondsSince1970 }

    /// The canonical wire text, e.g. `2013-12-02T02:44:35.452Z`.
    package var description: String { formatted }

    /// The canonical wire text, e.g. `2013-12-02T02:44:35.452Z`.
    package var formatted: String {
        var milliseconds = millisecondsSince1970
        var days = milliseconds >= 0 ? milliseconds / 86_400_000 : (milliseconds - 86_399_999) / 86_400_000
        milliseconds -= days * 86_400_000
        let hour = milliseconds / 3_600_000
        let minute = (milliseconds / 60_000) % 60
        let second = (milliseconds / 1000) % 60
        let millisecond = milliseconds % 1000
        // Civil-from-days (Howard Hinnant's algorithm), valid for the proleptic Gregorian calendar.
        days += 719_468
        let era = (days >= 0 ? days : days - 146_096) / 146_097
        let dayOfEra = days - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        // Fixed layout `yyyy-MM-ddTHH:mm:ss.SSSZ`: digits are written in place, right to left within each field.
        var bytes: [UInt8] = Array("0000-00-00T00:00:00.000Z".utf8)
        func write(_ value: Int64, at offset: Int, width: Int) {
            var remaining = value
            for index in stride(from: offset + width - 1, through: offset, by: -1) {
                bytes[index] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: remaining % 10)
                remaining /= 10
            }
        }
        write(year, at: 0, width: 4)
        write(month, at: 5, width: 2)
        write(day, at: 8, width: 2)
        write(hour, at: 11, width: 2)
        write(minute, at: 14, width: 2)
        write(second, at: 17, width: 2)
        write(millisecond, at: 20, width: 3)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Parses `yyyy-MM-ddTHH:mm:ss[.f{1,6}][Z|±HH:mm]`; `nil` for anything else or an impossible date.
    package init?(parsing text: String) {
        let bytes = Array(text.utf8)
        var position = 0
        func number(_ width: Int) -> Int64? {
            guard position + width <= bytes.count else { return nil }
            var value: Int64 = 0
            for offset in 0..<width {
                let byte = bytes[position + offset]
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int64(byte - UInt8(ascii: "0"))
            }
            position += width
            return value
        }
        func expect(_ character: Character) -> Bool {
            guard position < bytes.count, bytes[position] == character.asciiValue else { return false }
            position += 1
            return true
        }
        guard let year = number(4), expect("-"), let month = number(2), expect("-"), let day = number(2), expect("T"),
            let hour = number(2), expect(":"), let minute = number(2), expect(":"), let second = number(2)
        else { return nil }
        var millisecond: Int64 = 0
        if expect(".") {
            var digits = 0
            var fraction: Int64 = 0
            while position < bytes.count, bytes[position] >= UInt8(ascii: "0"), bytes[position] <= UInt8(ascii: "9") {
                guard digits < 6 else { return nil }
                fraction = fraction * 10 + Int64(bytes[position] - UInt8(ascii: "0"))
                digits += 1
                position += 1
            }
            guard digits > 0 else { return nil }
            while digits < 3 {
                fraction *= 10
                digits += 1
            }
            while digits > 3 {
                fraction /= 10
                digits -= 1
            }
            millisecond = fraction
        }
        var offsetMinutes: Int64 = 0
        if position < bytes.count {
            if expect("Z") {
                // UTC
            } else if bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                let sign: Int64 = bytes[position] == UInt8(ascii: "+") ? 1 : -1
                position += 1
                guard let offsetHour = number(2), expect(":"), let offsetMinute = number(2), offsetHour < 24, offsetMinute < 60
                else { return nil }
                offsetMinutes = sign * (offsetHour * 60 + offsetMinute)
            } else {
                return nil
            }
        }
        guard position == bytes.count, (1...12).contains(month), hour < 24, minute < 60, second < 61 else { return nil }
        let isLeap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
        let monthLengths: [Int64] = [31, isLeap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard day >= 1, day <= monthLengths[Int(month - 1)] else { return nil }
        // Days-from-civil (Howard Hinnant's algorithm).
        let adjustedYear = month <= 2 ? year - 1 : year
        let era = (adjustedYear >= 0 ? adjustedYear : adjustedYear - 399) / 400
        let yearOfEra = adjustedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + min(second, 59) - offsetMinutes * 60
        millisecondsSince1970 = seconds * 1000 + millisecond
    }
}
