internal import NCMBWire

/// The fields of an object of the data store, with the keys changed since it was last saved.
///
/// Read and write fields by subscript. Values are converted to their wire form as they are assigned; see
/// ``NCMBObject`` for the types a field accepts.
///
/// ```swift
/// object["points"] = 42
/// let points: Int? = object["points"]
/// ```
public class NCMBBase: CustomStringConvertible, @unchecked Sendable {
    // @unchecked: all mutable state sits in `state`, a lock box; `className`, `collection` and `context` never change.

    /// The keys the server owns; assigning them by subscript is ignored, as in ncmb_swift.
    static let ignoredKeys: Set<String> = ["objectId", "acl", "createDate", "updateDate"]

    /// The class name, e.g. `GameScore`.
    let className: String
    /// The endpoint the object is saved under.
    let collection: NCMBCollection
    /// The settings in effect when the object was created.
    let context: NCMBContext
    /// The fields, the keys to send on the next update, and values rejected when they were assigned.
    let state: Locked<FieldState>

    /// Creates an object with no fields.
    init(className: String, collection: NCMBCollection, context: NCMBContext) {
        self.className = className
        self.collection = collection
        self.context = context
        self.state = Locked(FieldState())
    }

    /// Creates an object from the fields the server returned, with nothing to send.
    required init(className: String, collection: NCMBCollection, fields: JSONObject, context: NCMBContext) {
        self.className = className
        self.collection = collection
        self.context = context
        self.state = Locked(FieldState(fields: fields))
    }

    /// The objectId the server assigned; `nil` until the object is saved.
    public var objectId: String? {
        get { state.withLock { $0.fields["objectId"]?.stringValue } }
        set { state.withLock { $0.fields["objectId"] = newValue.map(JSONValue.string) } }
    }

    /// Who may read and write the object; `nil` when no ACL is set (the server then applies its default).
    ///
    /// Setting it marks the ACL to be sent with the next save.
    public var acl: NCMBACL? {
        get { state.withLock { $0.fields["acl"] }.map(NCMBACL.init(json:)) }
        set {
            state.withLock { state in
                state.fields["acl"] = newValue?.json
                state.markModified("acl")
            }
        }
    }

    /// The value of a field, or `nil` when the field is not set or does not hold a `T`.
    ///
    /// Assigning a value marks the field to be sent with the next save; assigning `nil` clears the field (an update
    /// sends `null`). Assignments to `objectId`, `acl`, `createDate` and `updateDate` are ignored: use ``objectId`` and
    /// ``acl``.
    ///
    /// A Pointer field that a query's ``NCMBQuery/include`` expanded reads as an object of its class (an ``NCMBObject``,
    /// or ``NCMBUser`` and the other standard classes) or as an ``NCMBPointer``.
    ///
    /// - Parameter field: The field name, `[A-Za-z][A-Za-z0-9_]{0,99}`.
    /// - Note: Kumo checks a value when it is assigned. An invalid field name, a number that is not finite, an unsaved
    ///   object used as a pointer or a value of an unknown type makes the next save fail with an
    ///   ``NCMBInvalidRequestError`` before any request is sent.
    public subscript<T>(field: String) -> T? {
        get {
            guard let value = state.withLock({ $0.fields[field] }) else { return nil }
            if let included = includedObject(value), let object = included as? T { return object }
            return FieldValueDecoder.value(value, as: T.self)
        }
        set {
            guard !NCMBBase.ignoredKeys.contains(field) else { return }
            let assignment: Result<JSONValue?, NCMBInvalidRequestError>
            if !FieldName.isValid(field) {
                assignment = .failure(.invalidFieldName)
            } else if let newValue {
                do {
                    assignment = .success(try FieldValueEncoder.json(from: newValue))
                } catch {
                    assignment = .failure(error)
                }
            } else {
                assignment = .success(nil)
            }
            state.withLock { $0.assign(assignment, to: field) }
        }
    }

    /// The class name, the objectId and the other fields sorted by name: `{className=GameScore,objectId=…,points=42}`.
    public var description: String {
        let fields = state.current.fields
        var text = "{className=\(className),objectId=\(fields["objectId"]?.stringValue ?? "nil")"
        for key in fields.keys.sorted() where !NCMBBase.ignoredKeys.contains(key) {
            guard let value = fields[key] else { continue }
            text += ",\(key)=\(value.stringValue ?? value.serializedString())"
        }
        return text + "}"
    }
}
