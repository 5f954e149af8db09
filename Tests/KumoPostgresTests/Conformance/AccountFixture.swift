import KumoStorage
import NCMBWire
import Testing

/// Builders for the account conformance tests: users, roles, sessions and tokens of the fixture application.
enum AccountFixture {
    /// A user with these fields, an optional password hash and an optional sign-up session.
    static func user(
        _ objectId: String, _ fields: JSONObject = [:], passwordHash: String? = nil, session: SessionGrant? = nil,
        applicationId: String = Fixture.applicationId
    ) -> NewObject {
        var user = Fixture.newObject("user", objectId, fields)
        user.key.applicationId = applicationId
        user.extras = passwordHash == nil && session == nil ? .none : .user(passwordHash: passwordHash, session: session)
        return user
    }

    /// A role named `name` whose `belongUser` holds `users` and whose `belongRole` holds `roles`.
    static func role(_ objectId: String, name: String, users: [String] = [], roles: [String] = []) -> NewObject {
        var operations: [(FieldName, FieldOperation)] = [(Fixture.field("roleName"), .set(.string(name)))]
        if !users.isEmpty {
            operations.append((Fixture.field("belongUser"), .addRelation(users.map { Fixture.pointer("user", $0) })))
        }
        if !roles.isEmpty {
            operations.append((Fixture.field("belongRole"), .addRelation(roles.map { Fixture.pointer("role", $0) })))
        }
        return NewObject(key: Fixture.key("role", objectId), createDate: Fixture.date(), operations: operations, acl: .publicReadWrite)
    }

    /// A session grant valid from the fixed date for `seconds`.
    static func grant(_ tokenHash: String, seconds: Int64 = 3600, endsOtherSessions: Bool = false) -> SessionGrant {
        SessionGrant(
            tokenHash: tokenHash, createDate: Fixture.date(), expiresAt: Fixture.date(seconds), endsOtherSessions: endsOtherSessions)
    }

    /// A one-time token of the fixture application valid from the fixed date for `seconds`.
    static func token(
        _ tokenHash: String, purpose: OneTimeTokenPurpose = .passwordReset, userObjectId: String? = "user1", seconds: Int64 = 3600
    ) -> OneTimeToken {
        OneTimeToken(
            tokenHash: tokenHash, applicationId: Fixture.applicationId, purpose: purpose, mailAddress: "alice@example.com",
            userObjectId: userObjectId, createDate: Fixture.date(), expiresAt: Fixture.date(seconds))
    }

    /// An update of fields of one object (set operations).
    static func update(
        _ className: String, _ objectId: String, _ fields: JSONObject, passwordHash: String? = nil
    ) -> ObjectUpdate {
        ObjectUpdate(
            key: Fixture.key(className, objectId), updateDate: Fixture.date(1),
            operations: fields.pairs.map { (Fixture.field($0.key), FieldOperation.set($0.value)) },
            extras: passwordHash.map { .user(passwordHash: $0) } ?? .none)
    }

    /// The field a `StorageError.duplicate` names, recording an issue for any other outcome.
    static func duplicatedField(_ error: (any Error)?) -> String? {
        guard case .duplicate(let field)? = error as? StorageError else {
            Issue.record("Expected duplicate, got \(String(describing: error))")
            return nil
        }
        return field
    }
}

extension StorageBackend {
    /// The session of a token in the fixture application at the fixed date plus `seconds`.
    func session(_ tokenHash: String, at seconds: Int64 = 1, applicationId: String = Fixture.applicationId) async throws -> ActiveSession? {
        try await accounts.session(tokenHash: tokenHash, applicationId: applicationId, now: Fixture.date(seconds))
    }

    /// Whether an object of the fixture application exists.
    func exists(_ className: String, _ objectId: String) async throws -> Bool {
        do {
            _ = try await objects.object(Fixture.key(className, objectId), include: [], access: .bypass)
            return true
        } catch StorageError.notFound {
            return false
        }
    }
}
