import KumoSeams
import KumoStorage
package import NCMBWire

/// Enforces class-level permissions (docs/wire/acl.md, docs/wire/open-points.md) before a controller runs: who may get,
/// find, create, update or delete in a class at all. Row ACLs still apply afterwards, inside storage.
///
/// The permissions come from a ``ClassPermissionCache`` (one storage read per application every 5 s at most). A
/// caller's roles (directly or inherited, docs/decisions/0004-role-inheritance.md) are read only when an operation is
/// restricted to roles and the caller is signed in. A refusal is 403 E403001 `"No access with ACL."`.
package final class ClassPermissionGate: Sendable {
    let environment: ServerEnvironment
    let cache: ClassPermissionCache

    /// Creates the gate.
    ///
    /// - Parameter timeToLiveMilliseconds: How long loaded permissions are trusted. Defaults to 5000 (5 s).
    package init(environment: ServerEnvironment, timeToLiveMilliseconds: Int64 = 5000) {
        self.environment = environment
        self.cache = ClassPermissionCache(
            store: environment.storage.applications, clock: environment.clock, generation: environment.cacheGeneration,
            timeToLiveMilliseconds: timeToLiveMilliseconds)
    }

    /// Throws 403 E403001 when the caller may not attempt `operation` on `className`.
    package func authorize(_ operation: ObjectOperation, className: ClassName, context: KumoRequestContext) async throws {
        if context.identity == .administrator { return }
        let application = try context.requireApplication()
        let permissions = try await cache.permissions(applicationId: application.applicationId)
        guard let classPermissions = permissions[className] else { return }
        let permission = classPermissions.permission(for: operation)
        if permission.isPublic { return }
        guard case .user(let userObjectId) = context.identity else { throw KumoError(.noAccessWithACL) }
        if permission.allowsAuthenticatedUsers { return }
        guard !permission.roleNames.isEmpty else { throw KumoError(.noAccessWithACL) }
        let heldRoles = try await environment.storage.accounts.roleNames(
            applicationId: application.applicationId, userObjectId: userObjectId)
        guard permission.allows(isSignedIn: true, roleNames: heldRoles) else { throw KumoError(.noAccessWithACL) }
    }

    /// Throws 403 E403001 when a query reads a class the caller may not read that way: sub-queries (`$inQuery`,
    /// `$notInQuery`, `$select`, `$dontSelect`) need `find` on their class, `$relatedTo` needs `get` on the owner's class.
    ///
    /// Without this check a class closed for `find` could still be probed through a sub-query from an open class. Row
    /// ACLs of the sub-query rows apply inside storage either way.
    package func authorizeReads(of whereQuery: WhereQuery, context: KumoRequestContext) async throws {
        for (operation, className) in whereQuery.readClasses {
            try await authorize(operation, className: className, context: context)
        }
    }
}
