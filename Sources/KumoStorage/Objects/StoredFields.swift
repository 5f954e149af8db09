import Foundation
package import NCMBWire

/// The user fields of a ``StoredObject``: either a parsed object, or the compact JSON text an engine stored, parsed
/// on first read and then kept.
///
/// A page of query results that goes straight to the client never needs its fields parsed: the renderer copies the
/// stored text (``encodedForRendering``) and nothing reads ``object``. Parsing 20 stored documents and rebuilding them
/// took about a tenth of a query's server CPU (measured with `kumo bench`: see README, Performance).
///
/// Copies share one box, so the parse happens at most once; the parse is locked because copies may be read from
/// several tasks at once.
package struct StoredFields: Sendable {
    private final class Box: @unchecked Sendable {
        // Unchecked: `parsed` is read and written under its stripe lock, except in boxes made from parsed fields
        // (`text == nil`), where it is never written after `init`.
        /// The stored text, when the fields came from storage encoded.
        let text: String?
        private var parsed: JSONObject?

        init(text: String?, parsed: JSONObject?) {
            self.text = text
            self.parsed = parsed
        }

        /// The parsed fields, parsing the text on first use.
        var object: JSONObject {
            guard text != nil else { return parsed ?? JSONObject() }
            let lock = Box.locks[Int(truncatingIfNeeded: ObjectIdentifier(self).hashValue) & (Box.locks.count - 1)]
            lock.lock()
            defer { lock.unlock() }
            if let parsed { return parsed }
            let object = text.flatMap { try? JSONValue(parsing: $0).objectValue } ?? JSONObject()
            parsed = object
            return object
        }

        /// Striped locks shared by all boxes: a box of every object of every page must not cost a lock of its own
        /// (an allocation and a mutex each measured 7 % of a query's CPU), and parses are rare and short.
        private static let locks: [NSLock] = (0..<32).map { _ in NSLock() }
    }

    private let box: Box

    /// Fields already parsed.
    package init(_ object: JSONObject) { self.box = Box(text: nil, parsed: object) }

    /// Fields as stored: compact JSON of an object, written by `JSONValue.serializedString()`. Not checked here (engines
    /// parse eagerly where they are about to write); text that does not parse reads as no fields.
    package init(storedText text: String) { self.box = Box(text: text, parsed: nil) }

    /// The stored text, when the fields came from storage encoded (whether or not they were parsed since).
    package var storedText: String? { box.text }

    /// The fields; parses the stored text on first use. Text that does not parse (a damaged row) reads as no fields.
    package var object: JSONObject { box.object }

    /// The stored text when it can be copied into a response as is: it holds no system field (storage never writes
    /// them: `ObjectWritePlan`) and no embedded object (`"__type":"Object"`, which only `include` adds and a client
    /// may not write), so it renders exactly as serializing ``object`` would. `nil` when the fields were parsed
    /// objects to begin with.
    package var encodedForRendering: String? {
        guard let text = box.text, !StoredFields.containsEmbeddedObject(text) else { return nil }
        return text
    }

    private static let embeddedObjectMarker = Array(#""__type":"Object""#.utf8)

    /// Whether `text` contains `"__type":"Object"` (a byte search: `String.contains` compares grapheme clusters and
    /// cost more than the parse it is meant to save).
    static func containsEmbeddedObject(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            let marker = embeddedObjectMarker
            guard bytes.count >= marker.count else { return false }
            var start = 0
            while start <= bytes.count - marker.count {
                if bytes[start] == marker[0] {
                    var offset = 1
                    while offset < marker.count, bytes[start + offset] == marker[offset] { offset += 1 }
                    if offset == marker.count { return true }
                }
                start += 1
            }
            return false
        }
    }
}
