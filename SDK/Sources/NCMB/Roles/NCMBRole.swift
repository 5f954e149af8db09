internal import NCMBWire

/// A role: a named group of users (`belongUser`) and child roles (`belongRole`) that ACLs grant permissions to with
/// the key `role:<roleName>`.
///
/// ```swift
/// let editors = NCMBRole(roleName: "editors")
/// try await editors.save()
/// try await editors.addUser(user: user)
/// var acl = NCMBACL.empty
/// acl.put(key: "role:editors", readable: true, writable: true)
/// ```
///
/// Users of a child role hold the parent role's permissions too (docs/decisions/0004-role-inheritance.md). Roles live
/// in the standard class `role` (`/roles`); a role name is unique in the application.
public class NCMBRole: NCMBBase, NCMBFetchable, NCMBSavable, NCMBDeletable, @unchecked Sendable {
    // @unchecked: adds no stored state; the fields stay in NCMBBase's lock box.

    /// The class name of roles.
    static let roleClassName = ClassName.role.rawValue
    /// The names of the role's own fields.
    typealias Field = StandardField.Role

    /// Creates a role to save.
    ///
    /// - Parameter roleName: The role's name, unique in the application; ACLs name the role `role:<roleName>`.
    public convenience init(roleName: String) {
        self.init(className: NCMBRole.roleClassName, collection: .roles, context: .resolved)
        self[Field.roleName] = roleName
    }

    /// The role's name.
    public var roleName: String? {
        get { self[Field.roleName] }
        set { self[Field.roleName] = newValue }
    }

    /// A query over the roles of the application.
    public class var query: NCMBQuery<NCMBRole> {
        NCMBQuery<NCMBRole>(className: NCMBRole.roleClassName, collection: .roles, context: .resolved)
    }

    /// Adds a user to the role (`belongUser` AddRelation), then saves the role.
    ///
    /// - Returns: `.success` once saved, or `.failure` with the error.
    /// - Important: Blocks the calling thread until the request finishes. Call it from a background thread, never from
    ///   async code (use `try await addUser(user:)` there) and preferably not from the main thread.
    @available(*, noasync, message: "Blocks the calling thread; use `try await addUser(user:)` in async code.")
    public func addUser(user: NCMBUser) -> NCMBResult<Void> { SynchronousCall.run { try await self.addUser(user: user) } }

    /// Adds a user to the role (`belongUser` AddRelation), then saves the role, in the background.
    ///
    /// - Parameter callback: Called once with the result, on a background queue.
    public func addUserInBackground(user: NCMBUser, callback: @escaping NCMBHandler<Void>) {
        BackgroundCall.start(callback) { try await self.addUser(user: user) }
    }

    /// Adds users to the role (`belongUser` AddRelation), then saves the role.
    ///
    /// - Returns: `.success` once saved, or `.failure` with the error.
    /// - Important: Blocks the calling thread until the request finishes. Call it from a background thread, never from
    ///   async code (use `try await addUsers(users:)` there) and preferably not from the main thread.
    @available(*, noasync, message: "Blocks the calling thread; use `try await addUsers(users:)` in async code.")
    public func addUsers(users: [NCMBUser]) -> NCMBResult<Void> { SynchronousCall.run { try await self.addUsers(users: users) } }

    /// Adds users to the role (`belongUser` AddRelation), then saves the role, in the background.
    ///
    /// - Parameter callback: Called once with the result, on a background queue.
    public func addUsersInBackground(users: [NCMBUser], callback: @escaping NCMBHandler<Void>) {
        BackgroundCall.start(callback) { try await self.addUsers(users: users) }
    }

    /// Removes a user from the role (`belongUser` RemoveRelation), then saves the role.
    ///
    /// - Returns: `.success` once saved, or `.failure` with the error.
    /// - Important: Blocks the calling thread until the request finishes. Call it from a background thread, never from
    ///   async code (use `try await removeUser(user:)` there) and preferably not from the main thread.
    @available(*, noasync, message: "Blocks the calling thread; use `try await removeUser(user:)` in async code.")
    public func removeUser(user: NCMBUser) -> NCMBResult<Void> { SynchronousCall.run { try await self.removeUser(user: user) } }

    /// Removes a user from the role (`belongUser` RemoveRelation), then saves the role, in the background.
    ///
    /// - Parameter callback: Called once with the result, on a background queue.
    public func removeUserInBackground(user: NCMBUser, callback: @escaping NCMBHandler<Void>) {
        BackgroundCall.start(callback) { try await self.removeUser(user: user) }
    }

    /// Removes users from the role (`belongUser` RemoveRelation), then saves the role.
    ///
    /// - Returns: `.success` once saved, or `.failure` with the error.
    /// - Important: Blocks the calling thread until the request finishes. Call it from a background thread, never from
    ///   async code (use `try await removeUsers(users:)` there) and preferably not from the main thread.
    @available(*, noasync, message: "Blocks the calling thread; use `try await removeUsers(users:)` in async code.")
    public func removeUsers(users: [NCMBUser]) -> NCMBResult<Void> { SynchronousCall.run { try await self.removeUsers(users: users) } }

    /// Removes users from the role (`belongUser` RemoveRelation), then saves the role, in the background.
    ///
    /// - Parameter callback: Called once with the result, on a background queue.
    public func removeUsersInBackground(users: [NCMBUser], callback: @escaping NCMBHandler<Void>) {
        BackgroundCall.start(callback) { try await self.removeUsers(users: users) }
    }

    /// Adds a child role, whose users then hold this role too (`belongRole` AddRelation), then saves the role.
    ///
    /// - Returns: `.success` once saved, or `.failure` with the error.
    /// - Important: Blocks the calling thread until the request finishes. Call it from a background thread, never from
    ///   async code (use `try await addRole(role:)` there) and preferably not from the main thread.
    @available(*, noasync, message: "Blocks the calling thread; use `try await addRole(role:)` in async code.")
    public func addRole(role: NCMBRole) -> NCMBResult<Void> { SynchronousCall.run { try await self.addRole(role: role) } }

    /// Adds a child role, whose users then hold this role too (`belongRole` AddRelation), then saves the role, in the background.
    ///
    /// - Parameter callback: Called once with the result, on a background queue.
    public func addRoleInBackground(role: NCMBRole, callback: @escaping NCMBHandler<Void>) {
        BackgroundCall.start(callback) { try await self.addRole(role: role) }
    }

    /// Adds child roles, whose users then hold this role too (`belongRole` AddRelation), then saves the role.
    ///
    /// - Returns: `.success` once saved, or `.failure` with the error.
    /// - Important: Blocks the calling thread until the request finishes. Call it from a background thread, never from
    ///   async code (use `try await addRoles(roles:)` there) and preferably not from the main thread.
    @available(*, noasync, message: "Blocks the calling thread; use `try await addRoles(roles:)` in async code.")
    public func addRoles(roles: [NCMBRole]) -> NCMBResult<Void> { SynchronousCall.run { try await self.addRoles(roles: roles) } }

    /// Adds child roles, whose users then hold this role too (`belongRole` AddRelation), then saves the role, in the background.
    ///
    /// - Parameter callback: Called once with the result, on a background queue.
    public func addRolesInBackground(roles: [NCMBRole], callback: @escaping NCMBHandler<Void>) {
        BackgroundCall.start(callback) { try await self.addRoles(roles: roles) }
    }

    /// Removes a child role (`belongRole` RemoveRelation), then saves the role.
    ///
    /// - Returns: `.success` once saved, or `.failure` with the error.
    /// - Important: Blocks the calling thread until the request finishes. Call it from a background thread, never from
    ///   async code (use `try await removeRole(role:)` there) and preferably not from the main thread.
    @available(*, noasync, message: "Blocks the calling thread; use `try await removeRole(role:)` in async code.")
    public func removeRole(role: NCMBRole) -> NCMBResult<Void> { SynchronousCall.run { try await self.removeRole(role: role) } }

    /// Removes a child role (`belongRole` RemoveRelation), then saves the role, in the background.
    ///
    /// - Parameter callback: Called once with the result, on a background queue.
    public func removeRoleInBackground(role: NCMBRole, callback: @escaping NCMBHandler<Void>) {
        BackgroundCall.start(callback) { try await self.removeRole(role: role) }
    }

    /// Removes child roles (`belongRole` RemoveRelation), then saves the role.
    ///
    /// - Returns: `.success` once saved, or `.failure` with the error.
    /// - Important: Blocks the calling thread until the request finishes. Call it from a background thread, never from
    ///   async code (use `try await removeRoles(roles:)` there) and preferably not from the main thread.
    @available(*, noasync, message: "Blocks the calling thread; use `try await removeRoles(roles:)` in async code.")
    public func removeRoles(roles: [NCMBRole]) -> NCMBResult<Void> { SynchronousCall.run { try await self.removeRoles(roles: roles) } }

    /// Removes child roles (`belongRole` RemoveRelation), then saves the role, in the background.
    ///
    /// - Parameter callback: Called once with the result, on a background queue.
    public func removeRolesInBackground(roles: [NCMBRole], callback: @escaping NCMBHandler<Void>) {
        BackgroundCall.start(callback) { try await self.removeRoles(roles: roles) }
    }
}
