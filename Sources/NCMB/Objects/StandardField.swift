/// The names of a standard class's own fields (user, role, installation, push, file), each spelled once as a case of
/// the class's `Field` enum.
protocol StandardField: RawRepresentable where RawValue == String {}

extension NCMBBase {
    /// A field of a standard class by its `Field` case, read and written as the public subscript reads and writes it.
    subscript<T, Name: StandardField>(_ name: Name) -> T? {
        get { self[name.rawValue] }
        set { self[name.rawValue] = newValue }
    }
}
