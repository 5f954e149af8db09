import Foundation
internal import NCMBWire

extension WireDate {
    /// The date truncated to whole milliseconds; `nil` for a date outside the range of 64-bit milliseconds.
    init?(_ date: Date) {
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded(.down)
        guard let exact = Int64(exactly: milliseconds) else { return nil }
        self.init(millisecondsSince1970: exact)
    }

    /// The same instant as a Foundation `Date`.
    var date: Date { Date(timeIntervalSince1970: Double(millisecondsSince1970) / 1000) }
}
