/// A field, or a dotted path into it, as `where`, `order` and indexes name it: `score`, `hash.a`, `hash.arr.0`,
/// `ref.objectId`, `hash.__type` (docs/wire/query-operators.md#dotted-paths, docs/decisions/0104-dotted-paths.md).
///
/// The first segment is a ``FieldName``; each later segment is a key (`[A-Za-z_][A-Za-z0-9_]{0,99}`: a field name, or
/// a typed value's `__type`) or an array position (`0`, or digits without a leading zero, at most 9). A position
/// selects an array's element, or the object key spelled by those digits. Because no segment admits a quoting
/// character, SQL compilers may write a path as a literal JSON path, as they do a ``FieldName``.
package struct FieldPath: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// One segment after the first.
    package enum Key: Sendable, Hashable {
        /// An object key: `a` in `hash.a`, `__type` in `ref.__type`.
        case name(String)
        /// An array position, or the object key of those digits: `0` in `hash.arr.0`.
        case index(Int)

        /// The segment as written.
        package var text: String {
            switch self {
            case .name(let name): name
            case .index(let index): String(index)
            }
        }
    }

    /// The field the path starts at.
    package let root: FieldName
    /// The segments below the root, outermost first; empty for a plain field.
    package let keys: [Key]

    /// The most segments a path may have, the root included.
    package static let maximumSegmentCount = 8

    /// A plain field.
    package init(_ root: FieldName) {
        self.root = root
        self.keys = []
    }

    /// A path from its parts.
    package init(root: FieldName, keys: [Key]) {
        self.root = root
        self.keys = keys
    }

    /// Validates a dotted path; `nil` when a segment is empty or malformed, or there are more than
    /// ``maximumSegmentCount``.
    package init?(_ text: String) {
        let segments = text.split(separator: ".", omittingEmptySubsequences: false)
        guard segments.count <= FieldPath.maximumSegmentCount, let first = segments.first, let root = FieldName(String(first))
        else { return nil }
        var keys: [Key] = []
        for segment in segments.dropFirst() {
            guard let key = FieldPath.key(segment) else { return nil }
            keys.append(key)
        }
        self.init(root: root, keys: keys)
    }

    /// Validates a dotted path or throws E400002 `"<text> is invalid."`.
    package init(validating text: String) throws(APIError) {
        guard let path = FieldPath(text) else { throw APIError(.invalidType, text) }
        self = path
    }

    /// The path as written: `hash.arr.0`.
    package var text: String {
        keys.isEmpty ? root.rawValue : ([root.rawValue] + keys.map(\.text)).joined(separator: ".")
    }

    /// The path as written.
    package var description: String { text }

    /// Whether the path goes below its field.
    package var isDotted: Bool { !keys.isEmpty }

    /// Whether the path names a column of the object (`objectId`, `createDate`, `updateDate`) or its ACL, itself.
    package var isSystemField: Bool { keys.isEmpty && root.isSystemField }

    /// Orders paths by their text.
    package static func < (lhs: FieldPath, rhs: FieldPath) -> Bool { lhs.text < rhs.text }

    /// A later segment: a key or an array position.
    private static func key(_ segment: Substring) -> Key? {
        let bytes = segment.utf8
        guard let first = bytes.first, bytes.count <= 100 else { return nil }
        if isDigit(first) {
            guard bytes.allSatisfy(isDigit), first != UInt8(ascii: "0") || bytes.count == 1, bytes.count <= 9,
                let index = Int(segment)
            else { return nil }
            return .index(index)
        }
        guard isLetter(first) || first == UInt8(ascii: "_"),
            bytes.dropFirst().allSatisfy({ isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "_") })
        else { return nil }
        return .name(String(segment))
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}

extension FieldName {
    /// The field as a path without segments below it.
    package var path: FieldPath { FieldPath(self) }
}
