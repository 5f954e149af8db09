/// A JSON object that remembers the order of its keys.
///
/// Order matters on the wire only for readability and byte-exact round trips; equality and hashing ignore it,
/// as JSON objects are unordered. Setting a key that exists keeps its position; a new key goes to the end.
///
/// Entries live in one array in key order, so iterating and serializing read it directly. Objects of up to
/// ``indexThreshold`` keys (nearly every object on the wire) find a key by a linear scan; larger ones keep a position
/// index, so that building or reading them stays linear.
package struct JSONObject: Sendable {
    /// The key count above which positions are indexed by key.
    static let indexThreshold = 12

    private var entries: [(key: String, value: JSONValue)]
    private var positions: [String: Int]?

    /// Creates an empty object.
    package init() {
        entries = []
        positions = nil
    }

    /// Creates an object from key-value pairs; a repeated key keeps its first position and its last value.
    package init(_ pairs: some Sequence<(String, JSONValue)>) {
        self.init()
        for (key, value) in pairs { self[key] = value }
    }

    /// Makes room for `capacity` members, so that building a known number of them allocates once.
    package mutating func reserveCapacity(_ capacity: Int) {
        entries.reserveCapacity(capacity)
    }

    /// The keys in insertion order.
    package var keys: [String] { entries.map(\.key) }

    /// The number of keys.
    package var count: Int { entries.count }

    /// Whether the object has no keys.
    package var isEmpty: Bool { entries.isEmpty }

    /// The value for a key; assigning `nil` removes the key (to store JSON null, assign `.null`).
    package subscript(key: String) -> JSONValue? {
        get { position(of: key).map { entries[$0].value } }
        set {
            if let newValue {
                if let position = position(of: key) {
                    entries[position].value = newValue
                } else {
                    entries.append((key, newValue))
                    if positions != nil {
                        positions?[key] = entries.count - 1
                    } else if entries.count > JSONObject.indexThreshold {
                        indexPositions()
                    }
                }
            } else if let position = position(of: key) {
                entries.remove(at: position)
                if positions != nil { indexPositions() }
            }
        }
    }

    /// Removes a key and returns its value.
    @discardableResult
    package mutating func removeValue(forKey key: String) -> JSONValue? {
        let value = self[key]
        self[key] = nil
        return value
    }

    /// Whether the object has the key (even with a `null` value).
    package func contains(_ key: String) -> Bool { position(of: key) != nil }

    /// The key-value pairs in insertion order.
    package var pairs: [(key: String, value: JSONValue)] { entries }

    /// A copy with the keys of `other` set on top (existing keys keep their position).
    package func merging(_ other: JSONObject) -> JSONObject {
        var result = self
        for (key, value) in other.entries { result[key] = value }
        return result
    }

    /// A copy restricted to the given keys, keeping this object's order.
    package func filtering(_ isIncluded: (String) -> Bool) -> JSONObject {
        JSONObject(entries.filter { isIncluded($0.key) }.map { ($0.key, $0.value) })
    }

    private func position(of key: String) -> Int? {
        if let positions { return positions[key] }
        return entries.firstIndex { $0.key == key }
    }

    private mutating func indexPositions() {
        var positions: [String: Int] = [:]
        positions.reserveCapacity(entries.count)
        for (offset, entry) in entries.enumerated() { positions[entry.key] = offset }
        self.positions = positions
    }
}

extension JSONObject: Hashable {
    package static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        lhs.count == rhs.count && lhs.entries.allSatisfy { rhs[$0.key] == $0.value }
    }

    package func hash(into hasher: inout Hasher) {
        // Order-insensitive, like the equality: a dictionary hashes its elements commutatively.
        hasher.combine(Dictionary(entries.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last }))
    }
}

extension JSONObject: Sequence {
    package func makeIterator() -> IndexingIterator<[(key: String, value: JSONValue)]> { entries.makeIterator() }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    package init(dictionaryLiteral elements: (String, JSONValue)...) { self.init(elements) }
}

extension JSONObject: CustomStringConvertible {
    /// The compact wire serialization.
    package var description: String { JSONValue.object(self).serializedString() }
}
