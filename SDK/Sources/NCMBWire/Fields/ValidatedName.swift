/// A name checked against `[A-Za-z][A-Za-z0-9_]{0,99}` (docs/decisions/0012-names-and-sizes.md): ``ClassName`` and
/// ``FieldName``, which differ only in their constants and in what they name.
package protocol ValidatedName: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The name as sent or stored.
    var rawValue: String { get }

    /// Validates a name; `nil` when it does not match the pattern.
    init?(_ rawValue: String)
}

extension ValidatedName {
    /// Validates a name or throws E400002 `"<name> is invalid."`.
    package init(validating rawValue: String) throws(APIError) {
        guard let name = Self(rawValue) else { throw APIError(.invalidType, rawValue) }
        self = name
    }

    /// The name itself.
    package var description: String { rawValue }

    /// Orders names by their text.
    package static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}
