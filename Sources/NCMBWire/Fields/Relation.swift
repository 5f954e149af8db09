/// `{"__type":"Relation","className":"user"}`: how a relation field is shown (wire spec §6.1).
package struct Relation: Sendable, Hashable {
    /// The class of the related objects.
    package var className: ClassName

    /// Creates a relation marker.
    package init(className: ClassName) { self.className = className }

    /// The wire form.
    package var json: JSONValue { ["__type": "Relation", "className": .string(className.rawValue)] }
}
