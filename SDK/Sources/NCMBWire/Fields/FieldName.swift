/// A validated field name: `[A-Za-z][A-Za-z0-9_]{0,99}` (docs/decisions/0012-names-and-sizes.md).
///
/// Because the pattern admits no quoting character, SQL compilers may write a `FieldName` as a literal JSON path.
/// System field names (`objectId`, `createDate`, `updateDate`, `acl`) are valid names; whether a body may set them is
/// decided by the code that reads bodies.
package struct FieldName: ValidatedName {
    /// The name as sent.
    package let rawValue: String

    /// Validates a name; `nil` when it does not match the pattern.
    package init?(_ rawValue: String) {
        guard FieldName.isValid(rawValue) else { return nil }
        self.rawValue = rawValue
    }

    /// Whether `text` matches `[A-Za-z][A-Za-z0-9_]{0,99}`.
    package static func isValid(_ text: String) -> Bool {
        let bytes = text.utf8
        guard let first = bytes.first, bytes.count <= 100, isLetter(first) else { return false }
        return bytes.dropFirst().allSatisfy { isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "_") }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// `objectId`: a column, not a JSON field.
    package static let objectId = FieldName(unchecked: "objectId")
    /// `createDate`: a column, not a JSON field.
    package static let createDate = FieldName(unchecked: "createDate")
    /// `updateDate`: a column, not a JSON field.
    package static let updateDate = FieldName(unchecked: "updateDate")
    /// `acl`: stored beside the fields.
    package static let acl = FieldName(unchecked: "acl")

    /// A name written as a constant in source code (the standard schema, ``StandardField``; a fixed custom field): no
    /// fallback and no failure path. Debug builds assert that it matches the pattern, and tests check every declared
    /// standard name.
    package init(constant rawValue: StaticString) {
        let text = rawValue.description
        assert(FieldName.isValid(text), "the constant field name \(text) does not match the field-name pattern")
        self.init(unchecked: text)
    }

    /// The system fields the server owns; in bodies they are ignored (`acl` is read separately).
    package static let systemFields: Set<String> = ["objectId", "createDate", "updateDate", "acl"]

    /// Whether this is one of ``systemFields``.
    package var isSystemField: Bool { FieldName.systemFields.contains(rawValue) }

    init(unchecked rawValue: String) { self.rawValue = rawValue }
}

extension JSONObject {
    /// The value of field `field`; assigning `nil` removes it (to store JSON null, assign `.null`).
    package subscript(field: FieldName) -> JSONValue? {
        get { self[field.rawValue] }
        set { self[field.rawValue] = newValue }
    }

    /// Whether the object has field `field`.
    package func contains(_ field: FieldName) -> Bool { contains(field.rawValue) }
}
