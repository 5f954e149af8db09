import Foundation
import NIOConcurrencyHelpers
import SQLiteNIO

/// Custom SQL functions installed on every connection: the bundled SQLite has neither a regular-expression function
/// nor math functions (architecture §7.6).
enum SQLiteFunctions {
    /// `regexp(pattern, text)`: 1 when `text` matches, 0 when not, `NULL` when either is not text.
    static let regexpName = "regexp"
    /// `kumo_distance(latitude1, longitude1, latitude2, longitude2)`: great-circle distance in radians (haversine).
    static let distanceName = "kumo_distance"

    /// The functions to install, one set per connection.
    static func all() -> [SQLiteCustomFunction] {
        let cache = RegularExpressionCache()
        let regexp = SQLiteCustomFunction(regexpName, argumentCount: 2, pure: true) { arguments in
            guard case .text(let pattern) = arguments[0], case .text(let subject) = arguments[1] else { return nil }
            return cache.matches(pattern: pattern, subject: subject)
        }
        let distance = SQLiteCustomFunction(distanceName, argumentCount: 4, pure: true) { arguments in
            let values = arguments.map(\.numericValue)
            guard let latitude = values[0], let longitude = values[1], let toLatitude = values[2], let toLongitude = values[3]
            else { return nil }
            return greatCircleDistance(latitude: latitude, longitude: longitude, toLatitude: toLatitude, toLongitude: toLongitude)
        }
        return [regexp, distance]
    }

    /// The haversine distance between two points in degrees, as an angle in radians.
    static func greatCircleDistance(latitude: Double, longitude: Double, toLatitude: Double, toLongitude: Double) -> Double {
        let radiansPerDegree = Double.pi / 180
        let latitudeDelta = (toLatitude - latitude) * radiansPerDegree
        let longitudeDelta = (toLongitude - longitude) * radiansPerDegree
        let sineLatitude = sin(latitudeDelta / 2)
        let sineLongitude = sin(longitudeDelta / 2)
        let haversine =
            sineLatitude * sineLatitude
            + cos(latitude * radiansPerDegree) * cos(toLatitude * radiansPerDegree) * sineLongitude * sineLongitude
        return 2 * asin(min(1, sqrt(max(0, haversine))))
    }
}

/// Compiled regular expressions by pattern, so a query compiles its pattern once rather than once per row.
///
/// Patterns use `NSRegularExpression` syntax (ICU). An invalid pattern matches nothing.
private struct RegularExpressionCache: Sendable {
    /// At most this many patterns are kept; the cache is emptied when it would grow beyond.
    private static let capacity = 64
    private let expressions = NIOLockedValueBox<[String: NSRegularExpression?]>([:])

    func matches(pattern: String, subject: String) -> Bool {
        guard let expression = expression(for: pattern) else { return false }
        let range = NSRange(subject.startIndex..<subject.endIndex, in: subject)
        return expression.firstMatch(in: subject, options: [], range: range) != nil
    }

    private func expression(for pattern: String) -> NSRegularExpression? {
        if let cached = expressions.withLockedValue({ $0[pattern] }) { return cached }
        let compiled = try? NSRegularExpression(pattern: pattern, options: [])
        expressions.withLockedValue { cache in
            if cache.count >= RegularExpressionCache.capacity { cache.removeAll() }
            cache[pattern] = compiled
        }
        return compiled
    }
}

extension SQLiteData {
    /// The value as a number, for integers and reals only.
    var numericValue: Double? {
        switch self {
        case .integer(let integer): Double(integer)
        case .float(let double): double
        default: nil
        }
    }
}
