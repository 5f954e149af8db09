internal import NCMBWire

extension NCMBBase {
    /// A field of a standard class by its name in `StandardField` (NCMBWire, the one declaration of the standard
    /// schema), read and written as the public subscript reads and writes it.
    subscript<T>(_ name: FieldName) -> T? {
        get { self[name.rawValue] }
        set { self[name.rawValue] = newValue }
    }
}
