/// A class as storage and queries name it: a custom class (`GameScore`) or a standard class (`user`, `role`,
/// `installation`, `push`, `file`).
///
/// Custom names match `[A-Za-z][A-Za-z0-9_]{0,99}` (docs/decisions/0012-names-and-sizes.md). The standard names are the
/// ones used in pointers and in `$inQuery`/`$select`/`$relatedTo` (docs/wire/README.md#terminology).
package struct ClassName: ValidatedName {
    /// The name as stored, e.g. `GameScore` or `user`.
    package let rawValue: String

    /// Validates a name; `nil` when it does not match the pattern.
    package init?(_ rawValue: String) {
        guard FieldName.isValid(rawValue) else { return nil }
        self.rawValue = rawValue
    }

    /// The standard class of users.
    package static let user = ClassName(unchecked: "user")
    /// The standard class of roles.
    package static let role = ClassName(unchecked: "role")
    /// The standard class of installations.
    package static let installation = ClassName(unchecked: "installation")
    /// The standard class of push notifications.
    package static let push = ClassName(unchecked: "push")
    /// The standard class of file metadata.
    package static let file = ClassName(unchecked: "file")

    /// A custom class name written as a constant in source code: no fallback and no failure path. Debug builds assert
    /// that it matches the pattern.
    package init(constant rawValue: StaticString) {
        let text = rawValue.description
        assert(FieldName.isValid(text), "the constant class name \(text) does not match the class-name pattern")
        self.init(unchecked: text)
    }

    /// The standard class names, which `/classes/{name}` refuses with E403003 (``StandardClass``).
    package static let standardNames: Set<String> = Set(StandardClass.all.map(\.className.rawValue))

    /// Whether this is a standard class.
    package var isStandard: Bool { ClassName.standardNames.contains(rawValue) }

    private init(unchecked rawValue: String) { self.rawValue = rawValue }
}
