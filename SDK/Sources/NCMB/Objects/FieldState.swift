internal import NCMBWire

/// The mutable state of an ``NCMBBase``, kept in one lock box.
struct FieldState: Sendable {
    /// The fields in wire form, system fields included.
    var fields: JSONObject
    /// The fields assigned since the last save, in the order first assigned: what an update sends.
    var modifiedKeys: [String]
    /// Fields whose last assignment was rejected; the next save fails with the first of these errors.
    var rejectedFields: [String: NCMBInvalidRequestError]

    /// Creates a state holding `fields`, with nothing to send.
    init(fields: JSONObject = JSONObject()) {
        self.fields = fields
        self.modifiedKeys = []
        self.rejectedFields = [:]
    }

    /// Adds `key` to the keys the next update sends.
    mutating func markModified(_ key: String) {
        if !modifiedKeys.contains(key) { modifiedKeys.append(key) }
    }

    /// Records an assignment by subscript: a value, a removal (`nil`), or a rejected value.
    mutating func assign(_ assignment: Result<JSONValue?, NCMBInvalidRequestError>, to key: String) {
        switch assignment {
        case .success(let value):
            fields[key] = value
            rejectedFields[key] = nil
        case .failure(let error):
            fields[key] = nil
            rejectedFields[key] = error
        }
        markModified(key)
    }

    /// The first rejected assignment, in the order the fields were assigned.
    var firstRejection: NCMBInvalidRequestError? {
        modifiedKeys.lazy.compactMap { rejectedFields[$0] }.first
    }

    /// The body of a create: every field but the server's `objectId`, `createDate` and `updateDate`.
    func createBody() throws(NCMBInvalidRequestError) -> JSONObject {
        if let firstRejection { throw firstRejection }
        return fields.filtering { !["objectId", "createDate", "updateDate"].contains($0) }
    }

    /// The body of an update: the modified fields only, `null` for a cleared one.
    func updateBody() throws(NCMBInvalidRequestError) -> JSONObject {
        if let firstRejection { throw firstRejection }
        return JSONObject(modifiedKeys.map { ($0, fields[$0] ?? .null) })
    }

    /// Takes in what the server returned for a save (`objectId`, `createDate` or `updateDate`) and forgets the sent
    /// keys, except those assigned again while the request was in flight.
    mutating func applySave(sent body: JSONObject, response: JSONObject) {
        fields = fields.merging(response)
        modifiedKeys.removeAll { key in
            guard let sent = body[key] else { return false }
            return (fields[key] ?? .null) == sent && rejectedFields[key] == nil
        }
    }

    /// Replaces every field with what a fetch returned; the objectId stays when the response lacks it.
    mutating func applyFetch(_ response: JSONObject) {
        let objectId = fields["objectId"]
        fields = response
        if fields["objectId"] == nil { fields["objectId"] = objectId }
        modifiedKeys = []
        rejectedFields = [:]
    }

    /// Forgets everything after a delete, as ncmb_swift does.
    mutating func clear() {
        self = FieldState()
    }
}
