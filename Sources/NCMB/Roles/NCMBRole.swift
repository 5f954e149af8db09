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
/// Users of a child role hold the parent role's permissions too (Kumo D4). Roles live in the standard class `role`
/// (`/roles`); a role name is unique in the application.
public class NCMBRole: NCMBBase, @unchecked Sendable {
    // @unchecked: adds no stored state; the fields stay in NCMBBase's lock box.

    /// The class name of roles.
    static let roleClassName = "role"
    /// The role's own fields.
    static let roleNameField = StandardField.Role.roleName.rawValue
    static let belongUserField = StandardField.Role.belongUser.rawValue
    static let belongRoleField = StandardField.Role.belongRole.rawValue

    /// Creates a role to save.
    ///
    /// - Parameter roleName: The role's name, unique in the application; ACLs name the role `role:<roleName>`.
    public init(roleName: String) {
        super.init(className: NCMBRole.roleClassName, collection: .roles, context: .resolved)
        self[NCMBRole.roleNameField] = roleName
    }

    /// Creates a role from the fields the server returned.
    required init(className: String, collection: NCMBCollection, fields: JSONObject, context: NCMBContext) {
        super.init(className: className, collection: collection, fields: fields, context: context)
    }

    /// The role's name.
    public var roleName: String? {
        get { self[NCMBRole.roleNameField] }
        set { self[NCMBRole.roleNameField] = newValue }
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

    /// Fetches the role with this ``objectId``, replacing every field.
    ///
    /// - Returns: `.success` once the fields are replaced, or `.failure` with the error.
    /// - Important: Blocks the calling thread until the request finishes. Call it from a background thread, never from
    ///   async code (use `try await fetch()` there) and preferably not from the main thread.
    @available(*, noasync, message: "Blocks the calling thread; use `try await fetch()` in async code.")
    public func fetch() -> NCMBResult<Void> { SynchronousCall.run { try await self.fetch() } }

    /// Fetches the role with this ``objectId`` in the background, replacing every field.
    ///
    /// - Parameter callback: Called once with the result, on a background queue.
    public func fetchInBackground(callback: @escaping NCMBHandler<Void>) {
        BackgroundCall.start(callback) { try await self.fetch() }
    }

    /// Saves the role: creates it when it has no ``objectId``, otherwise sends the fields changed since the last save.
    ///
    /// - Returns: `.success` once saved, or `.failure` with the error (E409001 for a taken role name).
    /// - Important: Blocks the calling thread until the request finishes. Call it from a background thread, never from
    ///   async code (use `try await save()` there) and preferably not from the main thread.
    @available(*, noasync, message: "Blocks the calling thread; use `try await save()` in async code.")
    public func save() -> NCMBResult<Void> { SynchronousCall.run { try await self.save() } }

    /// Saves the role in the background, as `save()` does.
    ///
    /// - Parameter callback: Called once with the result, on a background queue.
    public func saveInBackground(callback: @escaping NCMBHandler<Void>) {
        BackgroundCall.start(callback) { try await self.save() }
    }

    /// Deletes the role with this ``objectId``, then clears every field.
    ///
    /// - Returns: `.success` once deleted, or `.failure` with the error.
    /// - Important: Blocks the calling thread until the request finishes. Call it from a background thread, never from
    ///   async code (use `try await delete()` there) and preferably not from the main thread.
    @available(*, noasync, message: "Blocks the calling thread; use `try await delete()` in async code.")
    public func delete() -> NCMBResult<Void> { SynchronousCall.run { try await self.delete() } }

    /// Deletes the role with this ``objectId`` in the background, then clears every field.
    ///
    /// - Parameter callback: Called once with the result, on a background queue.
    public func deleteInBackground(callback: @escaping NCMBHandler<Void>) {
        BackgroundCall.start(callback) { try await self.delete() }
    }
}
