package import KumoStorage
package import NCMBWire

/// Serves `/users`, `/login` and `/logout` (wire spec §5.3): sign-up (ID/password, `authData`), login, logout, and
/// read/update/delete/query of users, with passwords and session tokens handled per Kumo D10.
package struct UsersController: Sendable {
    let environment: ServerEnvironment

    /// Creates the controller.
    package init(environment: ServerEnvironment) { self.environment = environment }

    /// `POST /users`: sign-up with `userName`/`password`, or sign-up/login with `authData`.
    package func create(body: JSONObject, context: KumoRequestContext) async throws -> APIResult {
        throw KumoError(.noneService)
    }

    /// `GET /users/{objectId}`.
    package func get(objectId: String, context: KumoRequestContext) async throws -> APIResult {
        throw KumoError(.noneService)
    }

    /// `PUT /users/{objectId}`.
    package func update(objectId: String, body: JSONObject, context: KumoRequestContext) async throws -> APIResult {
        throw KumoError(.noneService)
    }

    /// `DELETE /users/{objectId}`.
    package func delete(objectId: String, context: KumoRequestContext) async throws -> APIResult {
        throw KumoError(.noneService)
    }

    /// `GET /users`.
    package func find(parameters: QueryParameters, context: KumoRequestContext) async throws -> APIResult {
        throw KumoError(.noneService)
    }

    /// `POST /login` and `GET /login`.
    package func login(_ route: LoginRoute, context: KumoRequestContext) async throws -> APIResult {
        throw KumoError(.noneService)
    }

    /// `GET /logout`.
    package func logout(context: KumoRequestContext) async throws -> APIResult {
        throw KumoError(.noneService)
    }
}
