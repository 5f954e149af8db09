import Hummingbird
import KumoSeams
import KumoStorage
import NCMBWire

extension APIResponder {
    /// `POST /batch` (docs/wire/endpoints/batch.md, docs/decisions/0008-batch.md): up to 50 sub-requests on `/classes`,
    /// `/users`, `/roles`, `/installations` and `/push`, each run through the same dispatch as a request of its own,
    /// with the caller's application and session: class-level permissions, ACLs and validation apply exactly as if it
    /// were sent alone. The answer is 200 with one `{"success":…}` or `{"error":{"code","error"}}` per sub-request, in
    /// request order.
    ///
    /// With the Kumo extension `"transaction": true` every sub-request runs in one storage transaction: all of them
    /// apply or none does, and the answer to a failure is the first failing sub-request's error with its own status
    /// (docs/decisions/0056-transactional-batch.md). `/users` sub-requests are refused there, because sign-up and password
    /// changes hash passwords and send mail outside storage.
    ///
    /// - Throws: 400 E400003 without `requests`; 400 E400002 for a malformed element, a non-boolean `transaction`, or a
    ///   `/users` sub-request in a transaction; 413 E413003 for more than 50 sub-requests.
    func batch(body: JSONObject, context: KumoRequestContext) async throws -> APIResult {
        let requests = try BatchRequest.requests(in: body)
        guard try BatchRequest.isTransaction(in: body) else {
            var results: [JSONValue] = []
            results.reserveCapacity(requests.count)
            for request in requests {
                do {
                    results.append(["success": try await runSubRequest(request, context: context)])
                } catch {
                    let failure = KumoError.from(error)
                    results.append(["error": ErrorBody(code: failure.code.code, error: failure.message).json])
                }
            }
            return .json(200, .array(results))
        }
        let routes = try requests.map { request throws in try Self.transactionalRoute(request) }
        let configuration = configuration
        let environment = environment
        let results = try await environment.storage.transaction { storage in
            var scoped = environment
            scoped.storage = storage
            let responder = APIResponder(configuration: configuration, environment: scoped)
            var results: [JSONValue] = []
            for (reference, operation) in routes {
                let result = try await responder.handle(operation, on: reference, context: context)
                results.append(["success": try await Self.successValue(of: result)])
            }
            return results
        }
        return .json(200, .array(results))
    }

    /// One sub-request of a plain batch: its route, then the objects dispatch.
    ///
    /// - Throws: the sub-request's own error; 404 E404001 for a path outside the collections a batch may address.
    private func runSubRequest(_ request: BatchRequest, context: KumoRequestContext) async throws -> JSONValue {
        guard case .objects(let reference, let operation) = try request.route() else { throw KumoError(.noDataAvailable) }
        return try await Self.successValue(of: try await handle(operation, on: reference, context: context))
    }

    /// The route of a sub-request of a transaction, read before the transaction starts.
    ///
    /// - Throws: its routing error; 404 E404001 outside the collections; 400 E400002 `"transaction is invalid."` for
    ///   `/users`.
    private static func transactionalRoute(_ request: BatchRequest) throws -> (ClassReference, ObjectRoute) {
        guard case .objects(let reference, let operation) = try request.route() else { throw KumoError(.noDataAvailable) }
        if case .users = reference { throw KumoError(.invalidType, "transaction") }
        return (reference, operation)
    }

    /// The body a sub-request would have answered alone, as the value of its `success` element (`{}` for an empty
    /// body, as after a DELETE).
    private static func successValue(of result: APIResult) async throws -> JSONValue {
        switch result {
        case .json(_, let value): return value
        case .encodedJSON(_, let bytes): return try JSONValue(parsing: bytes)
        case .empty: return .object([:])
        case .binary, .blob, .response, .script: throw KumoError(.noDataAvailable)
        }
    }
}
