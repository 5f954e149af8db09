internal import NCMBWire

/// Sends several object requests as one `POST /batch` (docs/wire/endpoints/batch.md) and reads the answer of each.
struct NCMBBatchService: NCMBService {
    let context: NCMBContext

    /// What the server answered for one sub-request.
    enum Outcome: Sendable {
        /// The body the sub-request would have answered alone.
        case success(JSONObject)
        /// The error the sub-request would have answered alone.
        case failure(NCMBApiError)
    }

    /// `POST /batch` `{"requests":[…]}` (with `"transaction":true` when asked) → one outcome per request, in order.
    ///
    /// - Parameter isTransaction: Kumo's extension (docs/decisions/0056-transactional-batch.md): every request applies
    ///   or none does, and the first failure is thrown as the whole call's error.
    /// - Throws: ``NCMBApiError`` for an error of the whole batch (in a transaction, the failing request's);
    ///   ``NCMBParseError`` when the answer is not one result per request; the transport's error.
    func send(_ requests: [BatchRequest], isTransaction: Bool) async throws -> [Outcome] {
        var body = BatchRequest.body(requests)
        if isTransaction { body["transaction"] = true }
        let answer = try await executor.executeJSON(.batch(body))
        guard let elements = answer.arrayValue, elements.count == requests.count else {
            throw NCMBParseError.unsupportJsonFormat
        }
        return try elements.map { element in
            if let success = element.objectValue?["success"]?.objectValue { return .success(success) }
            guard let error = element.objectValue?["error"], let errorBody = ErrorBody(json: error) else {
                throw NCMBParseError.unsupportJsonFormat
            }
            return .failure(NCMBApiError(code: errorBody.code, message: errorBody.error))
        }
    }
}
