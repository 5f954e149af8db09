/// `{"objectId":"…","createDate":"…"}`: the body of a 201 create (docs/wire/conventions.md).
package struct CreateResponse: Sendable, Hashable {
    /// The new object's id.
    package var objectId: String
    /// When it was created.
    package var createDate: WireDate

    /// Creates an envelope.
    package init(objectId: String, createDate: WireDate) {
        self.objectId = objectId
        self.createDate = createDate
    }

    /// The wire form, `objectId` first.
    package var json: JSONValue { ["objectId": .string(objectId), "createDate": .string(createDate.formatted)] }
}

/// `{"updateDate":"…"}`: the body of a 200 update (docs/wire/conventions.md).
package struct UpdateResponse: Sendable, Hashable {
    /// When the object was updated.
    package var updateDate: WireDate

    /// Creates an envelope.
    package init(updateDate: WireDate) { self.updateDate = updateDate }

    /// The wire form.
    package var json: JSONValue { ["updateDate": .string(updateDate.formatted)] }
}

/// `{"results":[…]}` or `{"results":[…],"count":N}`: the body of a collection GET (docs/wire/endpoints/queries.md).
package struct FindResponse: Sendable, Hashable {
    /// The objects, each already in wire form.
    package var results: [JSONValue]
    /// The count of all matches when `count=1` was sent.
    package var count: Int?

    /// Creates an envelope.
    package init(results: [JSONValue], count: Int? = nil) {
        self.results = results
        self.count = count
    }

    /// The wire form: `results` first, then `count` when present.
    package var json: JSONValue {
        var object: JSONObject = ["results": .array(results)]
        if let count { object["count"] = .integer(Int64(count)) }
        return .object(object)
    }
}
