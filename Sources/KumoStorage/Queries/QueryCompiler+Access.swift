import NCMBWire

/// ACL filtering inside the statement (docs/architecture.md#acl-inside-the-query,
/// docs/decisions/0003-existence-is-not-leaked.md, docs/decisions/0004-role-inheritance.md).
///
/// - `.anonymous` sees rows with `public_read`.
/// - `.user(objectId)` also sees rows with an `object_access` row granting the permission to one of its principals: its
///   own objectId or `role:<roleName>` for every role it holds. Roles are objects of class `role` in the same application;
///   a user holds a role whose `belongUser` relation contains the user's row, and holds role R when it holds a role C
///   that R's `belongRole` relation contains (transitively; `UNION` makes cycles terminate). The principals are a
///   recursive CTE at the head of the statement, so a role change is visible to the next statement.
/// - `.bypass` has no filter.
extension QueryCompiler {
    /// Which grant an ACL predicate checks.
    enum Permission {
        case read
        case write

        /// The `objects` flag for the public grant.
        var publicColumn: String {
            switch self {
            case .read: "public_read"
            case .write: "public_write"
            }
        }

        /// The `object_access` flag.
        var accessColumn: String {
            switch self {
            case .read: "can_read"
            case .write: "can_write"
            }
        }
    }

    /// The name of the CTE listing the caller's principals.
    static let principalsName = "reader_principals"

    /// Opens the statement with `WITH RECURSIVE …` for a signed-in user; appends nothing for other callers.
    mutating func appendReaderPrincipals() {
        guard case .user(let objectId) = access else { return }
        let roleName = dialect.textValue(SQLJSONReference(column: "r.fields", field: QueryCompiler.roleNameField))
        statement.append("WITH RECURSIVE ")
        statement.appendHeldRoles(named: "reader_roles", applicationId: applicationId, userObjectId: objectId)
        statement.append(", \(QueryCompiler.principalsName)(principal) AS (SELECT ")
        statement.bind(.text(objectId))
        statement.append(" UNION SELECT \(dialect.concatenate("'role:'", roleName)) FROM reader_roles h")
        statement.append(" JOIN objects r ON r.row_id = h.row_id WHERE ")
        statement.append(dialect.isKind(.string, SQLJSONReference(column: "r.fields", field: QueryCompiler.roleNameField)))
        statement.append(") ")
    }

    /// Appends the condition that the caller holds `permission` on the row of `alias` (`TRUE` for `.bypass`).
    mutating func appendAccess(alias: String, permission: Permission) {
        switch access {
        case .bypass:
            statement.append(dialect.literal(true))
        case .anonymous:
            statement.append("\(alias).\(permission.publicColumn)")
        case .user:
            let grant = makeAlias("a")
            statement.append("(\(alias).\(permission.publicColumn) OR EXISTS (SELECT 1 FROM object_access \(grant)")
            statement.append(" WHERE \(grant).row_id = \(alias).row_id AND \(grant).\(permission.accessColumn)")
            statement.append(" AND \(grant).principal IN (SELECT principal FROM \(QueryCompiler.principalsName))))")
        }
    }

    /// `roleName`, the field that names a role.
    static let roleNameField = StandardField.Role.roleName
}
