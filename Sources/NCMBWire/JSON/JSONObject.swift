/// A JSON object that remembers the order of its keys.
///
/// Order matters on the wire only for readability and byte-exact round trips; equality and hashing ignore it,
/// as JSON objects are unordered. Setting a key that exists keeps its position; a new key goes to the end.
package struct JSONObject: Sendable {
    private var orderedKeys: [String]
    private var storage: [String: JSONValue]

    /// Creates an empty object.
    package init() {
        orderedKeys = []
        storage = [:]
    }

    /// Creates an object from key-value pairs; a repeated key keeps its first position and its last value.
    package init(_ pairs: some Sequence<(String, JSONValue)>) {
        self.init()
        for (key, value) in pairs { self[key] = value }
    }

    /// The keys in insertion order.
    package var keys: [String] { orderedKeys }

    /// The number of keys.
    package var count: Int { orderedKeys.count }

    /// Whether the object has no keys.
    package var isEmpty: Bool { orderedKeys.isEmpty }

    /// The value for a key; assigning `nil` removes the key (to store JSON null, assign `.null`).
    package subscript(key: String) -> JSONValue? {
        get { storage[key] }
        set {
            if let newValue {
                if storage.updateValue(newValue, forKey: key) == nil { orderedKeys.append(key) }
            } else if storage.removeValue(forKey: key) != nil {
                orderedKeys.removeAll { $0 == key }
            }
        }
    }

    /// Removes a key and returns its value.
    @discardableResult
    package mutating func removeValue(forKey key: String) -> JSONValue? {
        let value = storage[key]
        self[key] = nil
        return value
    }

    /// Whether the object has the key (even with a `null` value).
    package func contains(_ key: String) -> Bool { storage[key] != nil }

    /// The key-value pairs in insertion order.
    package var pairs: [(key: String, value: JSONValue)] { orderedKeys.map { ($0, storage[$0] ?? .null) } }

    /// A copy with the keys of `other` set on top (existing keys keep their position).
    package func merging(_ other: JSONObject) -> JSONObject {
        var result = self
        for (key, value) in other.pairs { result[key] = value }
        return result
    }

    /// A copy restricted to the given keys, keeping this object's order.
    package func filtering(_ isIncluded: (String) -> Bool) -> JSONObject {
        JSONObject(pairs.filter { isIncluded($0.key) }.map { ($0.key, $0.value) })
    }
}

extension JSONObject: Hashable {
    package static func == (lhs: JSONObject, rhs: JSONObject) -> Bool { lhs.storage == rhs.storage }
    package func hash(into hasher: inout Hasher) { hasher.combine(storage) }
}

extension JSONObject: Sequence {
    package func makeIterator() -> IndexingIterator<[(key: String, value: JSONValue)]> { pairs.makeIterator() }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    package init(dictionaryLiteral elements: (String, JSONValue)...) { self.init(elements) }
}

extension JSONObject: CustomStringConvertible {
    /// The compact wire serialization.
    package var description: String { JSONValue.object(self).serializedString() }
}
