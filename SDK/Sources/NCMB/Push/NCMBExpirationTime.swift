/// How long a push may wait to be delivered: `volume` hours or days (`deliveryExpirationTime`,
/// docs/wire/endpoints/push.md).
///
/// ```swift
/// push.deliveryExpirationTime = NCMBExpirationTime(volume: 3, unitType: .day)   // sent as "3 day"
/// ```
///
/// The server accepts 1–24 hours and 1–28 days.
public struct NCMBExpirationTime: Equatable, Sendable {
    /// The number of hours or days.
    public var volume: Int

    /// Whether ``volume`` counts hours or days.
    public var unitType: NCMBExpirationTimeUnitType

    /// Creates an expiration time.
    ///
    /// - Parameters:
    ///   - volume: The number of hours (1–24) or days (1–28).
    ///   - unitType: `.hour` or `.day`.
    public init(volume: Int, unitType: NCMBExpirationTimeUnitType) {
        self.volume = volume
        self.unitType = unitType
    }

    /// Reads the wire form, `"N hour"` or `"N day"`; `nil` for any other text.
    init?(string: String) {
        let words = string.split(separator: " ", omittingEmptySubsequences: false)
        guard words.count == 2, let volume = Int(words[0]), let unitType = NCMBExpirationTimeUnitType(rawValue: String(words[1]))
        else { return nil }
        self.init(volume: volume, unitType: unitType)
    }

    /// The wire form: `"3 day"`.
    var wireString: String { "\(volume) \(unitType.rawValue)" }
}

/// The unit of an ``NCMBExpirationTime``.
public enum NCMBExpirationTimeUnitType: String, Sendable {
    /// Hours: `"N hour"`.
    case hour = "hour"
    /// Days: `"N day"`.
    case day = "day"
}
