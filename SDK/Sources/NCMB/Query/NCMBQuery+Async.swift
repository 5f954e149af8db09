internal import NCMBWire

extension NCMBQuery {
    /// Finds the objects that match the query.
    ///
    /// - Returns: The objects, in the query's order; empty when none match.
    /// - Throws: ``NCMBInvalidRequestError`` or ``NCMBApiError`` for an invalid query, before any request;
    ///   ``NCMBApiError`` for a server error; ``NCMBParseError`` for a malformed response; the transport's error when
    ///   no response arrived.
    /// - Note: A Kumo addition; ncmb_swift has only the blocking and callback forms.
    public func find() async throws -> [T] {
        try await findFields().map { T(className: className, collection: collection, fields: $0, context: context) }
    }

    /// Finds the objects that match the query, as models.
    ///
    /// ```swift
    /// var query = GameScore.query
    /// query.where(field: "points", greaterThan: 10)
    /// let scores = try await query.find(as: GameScore.self)
    /// ```
    ///
    /// - Parameter type: The model type the results decode into; usually the one whose ``NCMBModel/query`` this is.
    /// - Returns: The models, in the query's order; empty when none match.
    /// - Throws: The errors of `find()`; `DecodingError` when a result does not fit the type (a field the type requires
    ///   is missing, for example because ``keys`` left it out).
    /// - Note: A Kumo addition.
    public func find<Model: NCMBModel>(as type: Model.Type) async throws -> [Model] {
        try await findFields().map { try NCMBModelCoder.model(type, from: $0) }
    }

    /// The fields of each object a find returns.
    private func findFields() async throws -> [JSONObject] {
        let response = try await send(try findParameters())
        guard let results = response.contents["results"]?.arrayValue else { throw NCMBParseError.unsupportJsonFormat }
        return try results.map { result in
            guard let fields = result.objectValue else { throw NCMBParseError.unsupportJsonFormat }
            return fields
        }
    }

    /// Counts the objects that match the query, ignoring ``order``, ``skip`` and ``limit``.
    ///
    /// Sends `count=1&limit=0`, as ncmb_swift does, so no object travels.
    ///
    /// - Returns: The number of matching objects the caller may read.
    /// - Throws: The errors of `find()`.
    /// - Note: A Kumo addition; ncmb_swift has only the blocking and callback forms.
    public func count() async throws -> Int {
        let parameters = try countParameters()
        let response = try await send(parameters)
        guard let count = response.contents["count"]?.integerValue, let exact = Int(exactly: count) else {
            throw NCMBParseError.unsupportJsonFormat
        }
        return exact
    }

    /// Sends the find of the queried collection (`GET /files` for files).
    private func send(_ parameters: QueryParameters) async throws -> NCMBResponse {
        try await NCMBRequestExecutor(context: context).execute(collection.findRoute(className: className, parameters))
    }
}
