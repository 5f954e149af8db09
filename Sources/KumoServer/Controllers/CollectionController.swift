package import NCMBWire

/// The controller of one standard collection (`/users`, `/roles`, `/installations`, `/push`): one requirement per
/// ``ObjectRoute`` operation, and ``handle(_:context:)``, the collection's sub-dispatch, written once. A new operation
/// does not compile until the switch below and every collection serve it.
package protocol CollectionController: Sendable {
    /// `POST /…` → 201.
    func create(body: JSONObject, context: KumoRequestContext) async throws -> APIResult
    /// `GET /…/{objectId}`.
    func get(objectId: String, context: KumoRequestContext) async throws -> APIResult
    /// `PUT /…/{objectId}` → 200 `{"updateDate"}`.
    func update(objectId: String, body: JSONObject, context: KumoRequestContext) async throws -> APIResult
    /// `DELETE /…/{objectId}` → 200 with an empty body.
    func delete(objectId: String, context: KumoRequestContext) async throws -> APIResult
    /// `GET /…` → 200 `{"results":[…]}`.
    func find(parameters: QueryParameters, context: KumoRequestContext) async throws -> APIResult
}

extension CollectionController {
    /// Serves one object route of this collection.
    package func handle(_ route: ObjectRoute, context: KumoRequestContext) async throws -> APIResult {
        switch route {
        case .create(let body): try await create(body: body, context: context)
        case .get(let objectId): try await get(objectId: objectId, context: context)
        case .update(let objectId, let body): try await update(objectId: objectId, body: body, context: context)
        case .delete(let objectId): try await delete(objectId: objectId, context: context)
        case .find(let parameters): try await find(parameters: parameters, context: context)
        }
    }
}
