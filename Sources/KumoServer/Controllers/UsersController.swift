import KumoSeams
import KumoStorage
import Logging
package import NCMBWire

/// Serves `/users`, `/login` and `/logout` (docs/wire/endpoints/users.md): sign-up (ID/password, `authData`), login,
/// logout, and read/update/delete/query of users, with passwords and session tokens handled per
/// docs/decisions/0010-session-lifetime.md.
///
/// Users are objects of class `user` in the `ObjectStore`; their secrets (password hash, sessions) live beside them in
/// the `AccountStore`. No response carries a password or a hash, and only sign-up and login responses carry a session
/// token. `authData` (which holds provider tokens and the anonymous id, i.e. credentials) is shown only to the user it
/// belongs to.
package struct UsersController: CollectionController {
    let environment: ServerEnvironment
    let configuration: KumoConfiguration
    let timingShield: PasswordTimingShield
    /// The sign-in and mail throttles (docs/decisions/0121-sign-in-and-mail-throttles.md).
    let throttles: AccountThrottles

    /// Creates the controller; mail links use the default configuration's public URL.
    package init(environment: ServerEnvironment) { self.init(environment: environment, configuration: KumoConfiguration()) }

    /// Creates the controller with the server configuration (the public URL of mail links) and throttles of its own.
    package init(environment: ServerEnvironment, configuration: KumoConfiguration) {
        self.init(environment: environment, configuration: configuration, throttles: AccountThrottles(configuration: configuration))
    }

    /// Creates the controller with the server configuration and the server's throttles.
    package init(environment: ServerEnvironment, configuration: KumoConfiguration, throttles: AccountThrottles) {
        self.environment = environment
        self.configuration = configuration
        self.timingShield = PasswordTimingShield(hasher: environment.passwordHasher)
        self.throttles = throttles
    }

    /// `POST /users`: sign-up with `userName`/`password`, or sign-up/login with `authData`.
    package func create(body: JSONObject, context: KumoRequestContext) async throws -> APIResult {
        let application = try context.requireApplication()
        switch body[StandardField.User.authData] {
        case nil, .null?:
            return try await signUp(body: body, application: application)
        case .object(let authData)?:
            return try await authDataSignUpOrLogin(authData, body: body, application: application)
        case _?:
            throw KumoError(.invalidType, StandardField.User.authData)
        }
    }

    /// `GET /users/{objectId}` → 200 with the user (404 E404001 when missing or unreadable,
    /// docs/decisions/0003-existence-is-not-leaked.md).
    package func get(objectId: String, context: KumoRequestContext) async throws -> APIResult {
        let application = try context.requireApplication()
        let user = try await environment.storage.objects.object(
            userKey(application, objectId), include: [], access: context.identity.accessContext)
        return .json(200, .object(ObjectRendering.user(user, reader: context.identity.userObjectId)))
    }

    /// `DELETE /users/{objectId}` → 200 with an empty body; the user's sessions end with it (storage cascades).
    package func delete(objectId: String, context: KumoRequestContext) async throws -> APIResult {
        let deleted = try await environment.deleteObject(className: .user, objectId: objectId, context: context)
        environment.logger.info("user deleted", metadata: ["objectId": "\(objectId)"])
        return deleted
    }

    /// `GET /users` → 200 `{"results":[…]}` (+ `"count"`), readable users only, without secrets.
    ///
    /// Conditions and orders on `authData` were refused before (400 E400002 `"authData is invalid."`, by
    /// `HiddenFieldGuard` in dispatch): they would let a caller learn other users' provider ids.
    package func find(parameters: QueryParameters, context: KumoRequestContext) async throws -> APIResult {
        try await environment.findObjects(className: .user, parameters: parameters, context: context) {
            .object(ObjectRendering.user($0, reader: context.identity.userObjectId))
        }
    }

    /// `GET /logout` → 200 with an empty body; the session token that authenticated the request stops working.
    ///
    /// - Throws: 401 E401001 without a session token.
    package func logout(context: KumoRequestContext) async throws -> APIResult {
        let application = try context.requireApplication()
        guard let tokenHash = context.sessionTokenHash, case .user = context.identity else {
            throw KumoError(.authenticationErrorByHeaderIncorrect)
        }
        try await environment.storage.accounts.deleteSession(tokenHash: tokenHash, applicationId: application.applicationId)
        return .empty(200)
    }

    /// The key of one user of `application`.
    func userKey(_ application: HostedApplication, _ objectId: String) -> ObjectKey {
        ObjectKey(applicationId: application.applicationId, className: .user, objectId: objectId)
    }
}
