import KumoMemberwise
package import NCMBWire

/// Class-level permissions of one class (docs/wire/acl.md, docs/wire/open-points.md): for each operation, who may
/// attempt it at all. ACLs still apply to the rows afterwards. NCMB kept these in its dashboard only; Kumo stores them
/// per application and class and manages them with `kumo classes permissions`.
package struct ClassPermissions: Sendable, Hashable {
    /// Who may do each operation; an operation without an entry is open to everyone (the default).
    package var operations: [ObjectOperation: OperationPermission]

    /// Creates permissions; the default opens every operation to everyone.
    package init(_ operations: [ObjectOperation: OperationPermission] = [:]) {
        self.operations = operations
    }

    /// Everyone may do everything.
    package static let open = ClassPermissions()

    /// The permission of one operation.
    package func permission(for operation: ObjectOperation) -> OperationPermission {
        operations[operation] ?? .everyone
    }
}

/// Who may attempt one operation on a class.
@PackageMemberwiseInit
package struct OperationPermission: Sendable, Hashable {
    /// Anyone, signed in or not.
    package var isPublic: Bool
    /// Any signed-in user.
    package var allowsAuthenticatedUsers: Bool = false
    /// Holders of these roles (directly or through `belongRole`, docs/decisions/0004-role-inheritance.md).
    package var roleNames: Set<String> = []

    /// Open to everyone.
    package static let everyone = OperationPermission(isPublic: true)

    /// Whether a caller passes: `isSignedIn` and the caller's role names (empty for anonymous callers).
    package func allows(isSignedIn: Bool, roleNames heldRoles: Set<String>) -> Bool {
        if isPublic { return true }
        guard isSignedIn else { return false }
        return allowsAuthenticatedUsers || !roleNames.isDisjoint(with: heldRoles)
    }
}

extension ClassPermissions {
    /// The stored form: `{"get":{"public":false,"authenticated":true,"roles":["Admin"]},…}`; open operations are omitted.
    package var storedJSON: JSONValue {
        var object = JSONObject()
        for operation in ObjectOperation.allCases {
            guard let permission = operations[operation], permission != .everyone else { continue }
            object[operation.rawValue] = permission.storedJSON
        }
        return .object(object)
    }

    /// Reads the stored form; malformed entries are open (they can only come from a hand-edited database).
    package init(storedJSON value: JSONValue) {
        var operations: [ObjectOperation: OperationPermission] = [:]
        if case .object(let object) = value {
            for operation in ObjectOperation.allCases {
                guard let stored = object[operation.rawValue], case .object = stored else { continue }
                operations[operation] = OperationPermission(storedJSON: stored)
            }
        }
        self.init(operations)
    }
}

extension OperationPermission {
    /// The stored form: `{"public":false,"authenticated":true,"roles":["Admin"]}` (roles sorted).
    package var storedJSON: JSONValue {
        [
            "public": .bool(isPublic), "authenticated": .bool(allowsAuthenticatedUsers),
            "roles": .array(roleNames.sorted().map { .string($0) }),
        ]
    }

    /// Reads the stored form; missing or malformed keys grant nothing (they can only come from a hand-edited database).
    package init(storedJSON value: JSONValue) {
        guard case .object(let fields) = value else {
            self.init(isPublic: false)
            return
        }
        var roles: Set<String> = []
        if case .array(let names)? = fields["roles"] {
            for case .string(let name) in names { roles.insert(name) }
        }
        self.init(
            isPublic: fields["public"] == .bool(true), allowsAuthenticatedUsers: fields["authenticated"] == .bool(true),
            roleNames: roles)
    }
}
