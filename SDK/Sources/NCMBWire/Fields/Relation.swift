/// `{"__type":"Relation","className":"user"}`: how a relation field is shown (docs/wire/field-types.md#types).
package struct Relation: Sendable, Hashable {
    /// The class of the related objects.
    package var className: ClassName

    /// Creates a relation marker.
    package init(className: ClassName) { self.className = className }

    /// The wire form.
    package var json: JSONValue { ["__type": "Relation", "className": .string(className.rawValue)] }
}
