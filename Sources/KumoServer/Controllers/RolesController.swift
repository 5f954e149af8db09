package import KumoStorage
package import NCMBWire

/// Serves `/roles` (wire spec §5.4): unique `roleName`, `belongUser`/`belongRole` relations, inheritance per Kumo D4.
package struct RolesController: Sendable {
    let environment: ServerEnvironment

    /// Creates the controller.
    package init(environment: ServerEnvironment) { self.environment = environment }

    /// `POST /roles`.
    package func create(body: JSONObject, context: KumoRequestContext) async throws -> APIResult {
        throw KumoError(.noneService)
    }

    /// `GET /roles/{objectId}`.
    package func get(objectId: String, context: KumoRequestContext) async throws -> APIResult {
        throw KumoError(.noneService)
    }

    /// `PUT /roles/{objectId}`.
    package func update(objectId: String, body: JSONObject, context: KumoRequestContext) async throws -> APIResult {
        throw KumoError(.noneService)
    }

    /// `DELETE /roles/{objectId}`.
    package func delete(objectId: String, context: KumoRequestContext) async throws -> APIResult {
        throw KumoError(.noneService)
    }

    /// `GET /roles`.
    package func find(parameters: QueryParameters, context: KumoRequestContext) async throws -> APIResult {
        throw KumoError(.noneService)
    }
}
