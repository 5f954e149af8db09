internal import NCMBWire

extension NCMBObject {
    /// Creates an object holding a model's fields and objectId, every field marked to be sent by the next save.
    ///
    /// - Parameter model: The model; its class is the object's class.
    /// - Throws: ``NCMBInvalidRequestError/invalidBodyJsonValue`` when the model does not encode to valid fields.
    /// - Note: A Kumo addition.
    public convenience init(model: some NCMBModel) throws {
        try self.init(model: model, context: .resolved)
    }

    /// Creates the object of `model` bound to `context`.
    convenience init<Model: NCMBModel>(model: Model, context: NCMBContext) throws {
        let fields = try NCMBModelCoder.fields(of: model)
        let (_, collection) = NCMBBase.type(ofClassName: Model.className)
        self.init(className: Model.className, collection: collection, context: context)
        state.withLock { state in
            state.fields = fields
            for key in fields.keys { state.markModified(key) }
            if let objectId = model.objectId { state.fields["objectId"] = .string(objectId) }
        }
    }
}

extension NCMBBase {
    /// The object's fields as a model.
    ///
    /// ```swift
    /// for try await event in GameScore.query.subscribe() {
    ///     if case .create(let object) = event { scores.append(try object.decode(as: GameScore.self)) }
    /// }
    /// ```
    ///
    /// - Parameter type: The model type; its class need not be the object's.
    /// - Returns: The model, with the object's objectId, dates and ACL.
    /// - Throws: `DecodingError` when the fields do not fit the type.
    /// - Note: A Kumo addition.
    public func decode<Model: NCMBModel>(as type: Model.Type) throws -> Model {
        try NCMBModelCoder.model(type, from: state.current.fields)
    }
}

extension NCMBModel {
    /// This model with the objectId and dates `object` holds after a save.
    func applyingSave(of object: NCMBObject) -> Self {
        var saved = self
        let fields = object.state.current.fields
        saved.objectId = fields["objectId"]?.stringValue ?? saved.objectId
        let created = fields["createDate"]?.stringValue.flatMap { WireDate(parsing: $0)?.date }
        let updated = fields["updateDate"]?.stringValue.flatMap { WireDate(parsing: $0)?.date }
        if let created { saved.createDate = created }
        // A create answers its createDate only; the object's updateDate is that same instant.
        if let updated = updated ?? (self.objectId == nil ? created : nil) { saved.updateDate = updated }
        return saved
    }
}
