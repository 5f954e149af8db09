internal import NCMBWire

extension NCMBQuery {
    /// Finds the objects that match the query.
    ///
    /// Reads and writes the cache as ``cachePolicy`` says; by default it does not use the cache.
    ///
    /// - Returns: The objects, in the query's order; empty when none match.
    /// - Throws: ``NCMBInvalidRequestError`` or ``NCMBApiError`` for an invalid query, before any request;
    ///   ``NCMBApiError`` for a server error; ``NCMBParseError`` for a malformed response; the transport's error when
    ///   no response arrived; ``NCMBQueryCacheError/cacheMiss`` under ``NCMBQueryCachePolicy/cacheOnly``.
    /// - Note: A Kumo addition; ncmb_swift has only the blocking and callback forms.
    public func find() async throws -> [T] {
        try await answer(try findRoute(), objects).value
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
        try await answer(try findRoute(), { try Self.models(type, from: $0) }).value
    }

    /// Counts the objects that match the query, ignoring ``order``, ``skip`` and ``limit``.
    ///
    /// Sends `count=1&limit=0`, as ncmb_swift does, so no object travels. Uses the cache as ``cachePolicy`` says.
    ///
    /// - Returns: The number of matching objects the caller may read.
    /// - Throws: The errors of `find()`.
    /// - Note: A Kumo addition; ncmb_swift has only the blocking and callback forms.
    public func count() async throws -> Int {
        try await answer(try countRoute(), Self.count).value
    }

    /// The answers of ``find()`` under ``cachePolicy``: under ``NCMBQueryCachePolicy/cacheThenNetwork`` the cached
    /// objects first (when there are any), then the server's; under the other policies the one answer.
    ///
    /// ```swift
    /// query.cachePolicy = .cacheThenNetwork
    /// for try await answer in query.findAnswers() {
    ///     show(answer.value, stale: answer.isFromCache)
    /// }
    /// ```
    ///
    /// - Returns: The answers; the stream ends with the error of `find()` when the last one fails.
    /// - Note: A Kumo addition.
    public func findAnswers() -> AsyncThrowingStream<NCMBQueryAnswer<[T]>, any Error> {
        answers({ try self.findRoute() }, objects)
    }

    /// The answers of ``find(as:)`` under ``cachePolicy``, as ``findAnswers()`` gives them.
    ///
    /// - Parameter type: The model type the results decode into.
    /// - Returns: The answers.
    /// - Note: A Kumo addition.
    public func findAnswers<Model: NCMBModel>(as type: Model.Type) -> AsyncThrowingStream<NCMBQueryAnswer<[Model]>, any Error> {
        answers({ try self.findRoute() }, { try Self.models(type, from: $0) })
    }

    /// The answers of ``count()`` under ``cachePolicy``, as ``findAnswers()`` gives them.
    ///
    /// - Returns: The answers.
    /// - Note: A Kumo addition.
    public func countAnswers() -> AsyncThrowingStream<NCMBQueryAnswer<Int>, any Error> {
        answers({ try self.countRoute() }, Self.count)
    }

    // MARK: Reading answers

    /// The objects of a find's body.
    func objects(from contents: JSONObject) throws -> [T] {
        try Self.fields(of: contents).map { T(className: className, collection: collection, fields: $0, context: context) }
    }

    /// The models of a find's body.
    static func models<Model: NCMBModel>(_ type: Model.Type, from contents: JSONObject) throws -> [Model] {
        try fields(of: contents).map { try NCMBModelCoder.model(type, from: $0) }
    }

    /// The fields of each object of a find's body.
    static func fields(of contents: JSONObject) throws -> [JSONObject] {
        guard let results = contents["results"]?.arrayValue else { throw NCMBParseError.unsupportJsonFormat }
        return try results.map { result in
            guard let fields = result.objectValue else { throw NCMBParseError.unsupportJsonFormat }
            return fields
        }
    }

    /// The count of a count's body.
    static func count(from contents: JSONObject) throws -> Int {
        guard let count = contents["count"]?.integerValue, let exact = Int(exactly: count) else {
            throw NCMBParseError.unsupportJsonFormat
        }
        return exact
    }
}
