import NCMBWire

extension AccountStatements {
    /// The names of the roles a user holds (docs/decisions/0004-role-inheritance.md): rows of ``Column/roleName``.
    /// Roles without a string `roleName` are skipped. Membership is
    /// ``SQLStatement/appendHeldRoles(named:applicationId:userObjectId:)``, the same CTE the reader principals of
    /// `QueryCompiler+Access.swift` use.
    package static func roleNames(applicationId: String, userObjectId: String, dialect: any SQLDialect) -> SQLStatement {
        let roleName = SQLJSONReference(column: "r.fields", field: QueryCompiler.roleNameField)
        var statement = SQLStatement(dialect: dialect, "WITH RECURSIVE ")
        statement.appendHeldRoles(named: "held_roles", applicationId: applicationId, userObjectId: userObjectId)
        statement.append(" SELECT \(dialect.textValue(roleName)) AS \(Column.roleName) FROM held_roles h")
        statement.append(" JOIN objects r ON r.row_id = h.row_id WHERE \(dialect.isKind(.string, roleName))")
        return statement
    }
}

extension SQLStatement {
    /// Appends the recursive CTE `name(row_id) AS (…)` listing the rows of every role a user holds
    /// (docs/decisions/0004-role-inheritance.md): a role whose `belongUser` relation contains the user's row, and role
    /// R when the user holds a role C that R's `belongRole` relation contains, transitively; `UNION` makes cycles
    /// terminate. The caller writes `WITH RECURSIVE`.
    mutating func appendHeldRoles(named name: String, applicationId: String, userObjectId: String) {
        append("\(name)(row_id) AS (SELECT m.owner_row_id FROM relations m")
        append(" JOIN objects u ON u.row_id = m.target_row_id JOIN objects r ON r.row_id = m.owner_row_id")
        append(" WHERE m.field_name = 'belongUser' AND ")
        appendObject(alias: "u", applicationId: applicationId, className: .user, objectId: userObjectId)
        append(" AND ")
        appendClassFilter(alias: "r", applicationId: applicationId, className: .role)
        append(" UNION SELECT m.owner_row_id FROM \(name) h")
        append(" JOIN relations m ON m.field_name = 'belongRole' AND m.target_row_id = h.row_id")
        append(" JOIN objects r ON r.row_id = m.owner_row_id WHERE ")
        appendClassFilter(alias: "r", applicationId: applicationId, className: .role)
        append(")")
    }
}
