import Foundation
import NIOConcurrencyHelpers
import KumoStorage
import VaporCSQLite

/// Custom SQL functions installed on every connection: the bundled SQLite has neither a regular-expression function
/// nor math functions (docs/architecture.md#sqlite-engine-kumosqlite).
enum SQLiteFunctions {
    /// `regexp(pattern, text)`: 1 when `text` matches, 0 when not, `NULL` when either is not text.
    static let regexpName = "regexp"
    /// `kumo_distance(latitude1, longitude1, latitude2, longitude2)`: great-circle distance in radians (haversine).
    static let distanceName = "kumo_distance"

    /// Installs both functions on a connection (each connection gets its own regular-expression cache).
    static func install(on handle: SQLiteHandle) throws {
        let flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC
        try handle.withDatabase { database in
            let cache = Unmanaged.passRetained(RegularExpressionCache(workLimit: handle.workLimit)).toOpaque()
            var code = sqlite_nio_sqlite3_create_function_v2(
                database, regexpName, 2, flags, cache, { context, _, arguments in SQLiteFunctions.regexp(context, arguments) },
                nil, nil, { pointer in pointer.map { Unmanaged<RegularExpressionCache>.fromOpaque($0).release() } })
            guard code == SQLITE_OK else { throw SQLiteFailure(code: code, message: "cannot install \(regexpName)") }
            code = sqlite_nio_sqlite3_create_function_v2(
                database, distanceName, 4, flags, nil, { context, _, arguments in SQLiteFunctions.distance(context, arguments) },
                nil, nil, nil)
            guard code == SQLITE_OK else { throw SQLiteFailure(code: code, message: "cannot install \(distanceName)") }
        }
    }

    private static func regexp(_ context: OpaquePointer?, _ arguments: UnsafeMutablePointer<OpaquePointer?>?) {
        guard let arguments, let pointer = sqlite_nio_sqlite3_user_data(context),
            let pattern = text(arguments[0]), let subject = text(arguments[1])
        else { return sqlite_nio_sqlite3_result_null(context) }
        let cache = Unmanaged<RegularExpressionCache>.fromOpaque(pointer).takeUnretainedValue()
        sqlite_nio_sqlite3_result_int(context, cache.matches(pattern: pattern, subject: subject) ? 1 : 0)
    }

    private static func distance(_ context: OpaquePointer?, _ arguments: UnsafeMutablePointer<OpaquePointer?>?) {
        guard let arguments, let latitude = number(arguments[0]), let longitude = number(arguments[1]),
            let toLatitude = number(arguments[2]), let toLongitude = number(arguments[3])
        else { return sqlite_nio_sqlite3_result_null(context) }
        sqlite_nio_sqlite3_result_double(
            context,
            greatCircleDistance(latitude: latitude, longitude: longitude, toLatitude: toLatitude, toLongitude: toLongitude))
    }

    /// A text argument, or `nil` for any other type.
    private static func text(_ value: OpaquePointer?) -> String? {
        guard sqlite_nio_sqlite3_value_type(value) == SQLITE_TEXT, let pointer = sqlite_nio_sqlite3_value_text(value) else { return nil }
        let length = Int(sqlite_nio_sqlite3_value_bytes(value))
        return String(decoding: UnsafeBufferPointer(start: pointer, count: length), as: UTF8.self)
    }

    /// An integer or real argument as a number, or `nil` for any other type.
    private static func number(_ value: OpaquePointer?) -> Double? {
        switch sqlite_nio_sqlite3_value_type(value) {
        case SQLITE_INTEGER: Double(sqlite_nio_sqlite3_value_int64(value))
        case SQLITE_FLOAT: sqlite_nio_sqlite3_value_double(value)
        default: nil
        }
    }

    /// The haversine distance between two points in degrees, as an angle in radians (the one formula of both engines'
    /// queries and the realtime module's matcher).
    static func greatCircleDistance(latitude: Double, longitude: Double, toLatitude: Double, toLongitude: Double) -> Double {
        GreatCircle.distance(latitude: latitude, longitude: longitude, toLatitude: toLatitude, toLongitude: toLongitude)
    }
}

/// Compiled regular expressions by pattern, so a query compiles its pattern once rather than once per row.
///
/// Patterns use `NSRegularExpression` syntax (ICU). An invalid pattern matches nothing. A match gives up as soon as the
/// connection's read is stopped (docs/decisions/0067-work-budget.md): a pattern such as `(.*a){20}` can backtrack for
/// minutes on one value.
private final class RegularExpressionCache: Sendable {
    /// At most this many patterns are kept; the cache is emptied when it would grow beyond.
    private static let capacity = 64
    private let expressions = NIOLockedValueBox<[String: NSRegularExpression?]>([:])
    private let workLimit: SQLiteWorkLimit

    init(workLimit: SQLiteWorkLimit) {
        self.workLimit = workLimit
    }

    func matches(pattern: String, subject: String) -> Bool {
        guard let expression = expression(for: pattern) else { return false }
        let range = NSRange(subject.startIndex..<subject.endIndex, in: subject)
        var matched = false
        // `reportProgress`: ICU calls back while it backtracks, so a stopped read ends the match within microseconds.
        expression.enumerateMatches(in: subject, options: [.reportProgress], range: range) { result, _, stop in
            if result != nil {
                matched = true
                stop.pointee = true
            } else if self.workLimit.isStopped {
                stop.pointee = true
            }
        }
        return matched
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
