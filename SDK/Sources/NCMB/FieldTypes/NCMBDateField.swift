public import Foundation
internal import NCMBWire

/// A Date field: `{"__type":"Date","iso":"2016-01-26T00:00:00.000Z"}`.
///
/// Assigning a `Date` to a field stores the same value; reading a Date field gives back a `Date`.
public struct NCMBDateField: Sendable, Hashable {
    /// The date.
    public var date: Date

    /// Creates a date value.
    ///
    /// - Parameter date: The date, sent with millisecond precision in UTC.
    public init(date: Date) {
        self.date = date
    }

    /// The wire form of a date.
    ///
    /// - Throws: ``NCMBInvalidRequestError/invalidBodyJsonValue`` for a date that cannot be written.
    static func json(_ date: Date) throws(NCMBInvalidRequestError) -> JSONValue {
        guard let wireDate = WireDate(date) else { throw .invalidBodyJsonValue }
        return TypedValue.dateJSON(wireDate)
    }

    /// Reads the wire form; `nil` for any other value.
    init?(json value: JSONValue) {
        guard let object = value.objectValue, object["__type"] == "Date", let iso = object["iso"]?.stringValue,
            let wireDate = WireDate(parsing: iso)
        else { return nil }
        self.init(date: wireDate.date)
    }
}
