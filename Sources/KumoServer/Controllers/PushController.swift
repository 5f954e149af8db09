import KumoStorage
package import NCMBWire

/// Serves `/push` (wire spec §5.7): push notifications are objects of the standard class `push` whose delivery job is
/// created in the same transaction (`NewObject.pushDueAt`) and worked by `PushDeliveryService`; and open tracking,
/// `POST /push/{objectId}/openNumber`.
///
/// STUB (issue 5 contract): the push API helper implements every method, keeping these signatures.
package struct PushController: Sendable {
    let environment: ServerEnvironment

    /// Creates the controller.
    package init(environment: ServerEnvironment) { self.environment = environment }

    /// `POST /push` → 201 `{"createDate","objectId"}` (F76, F77); both delivery options → 400 E400008 (F79).
    package func create(body: JSONObject, context: KumoRequestContext) async throws -> APIResult {
        throw KumoError(.noneService)
    }

    /// `GET /push/{objectId}` → the push with `deliveryPlanNumber`, `deliveryNumber`, `status`, `error`.
    package func get(objectId: String, context: KumoRequestContext) async throws -> APIResult {
        throw KumoError(.noneService)
    }

    /// `PUT /push/{objectId}` → 200 `{"updateDate"}`.
    package func update(objectId: String, body: JSONObject, context: KumoRequestContext) async throws -> APIResult {
        throw KumoError(.noneService)
    }

    /// `DELETE /push/{objectId}` → 200 with an empty body; a push not yet sent is then never sent.
    package func delete(objectId: String, context: KumoRequestContext) async throws -> APIResult {
        throw KumoError(.noneService)
    }

    /// `GET /push` → 200 `{"results":[…]}` (+ `"count"`) (F78).
    package func find(parameters: QueryParameters, context: KumoRequestContext) async throws -> APIResult {
        throw KumoError(.noneService)
    }

    /// `POST /push/{objectId}/openNumber` `{"deviceType","deviceToken"}` → 200 `{"updateDate"}` (F80).
    package func recordOpen(pushId: String, body: JSONObject, context: KumoRequestContext) async throws -> APIResult {
        throw KumoError(.noneService)
    }
}
