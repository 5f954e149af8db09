import NCMBWire

extension AccountStatements {
    /// The names of the roles a user holds (Kumo D4): rows of ``Column/roleName``.
    ///
    /// The same membership as the reader principals of `QueryCompiler+Access.swift`: the user holds a role whose
    /// `belongUser` relation contains the user's row, and holds role R when it holds a role C that R's `belongRole`
    /// relation contains, transitively; `UNION` makes cycles terminate. Roles without a string `roleName` are skipped.
    package static func roleNames(applicationId: String, userObjectId: String, dialect: any SQLDialect) -> SQLStatement {
        let roleName = SQLJSONReference(column: "r.fields", field: QueryCompiler.roleNameField)
        var statement = SQLStatement(
            dialect: dialect,
            "WITH RECURSIVE held_roles(row_id) AS (SELECT m.owner_row_id FROM relations m"
                + " JOIN objects u ON u.row_id = m.target_row_id JOIN objects r ON r.row_id = m.owner_row_id"
                + " WHERE m.field_name = 'belongUser' AND ")
        statement.appendObject(alias: "u", applicationId: applicationId, className: .user, objectId: userObjectId)
        statement.append(" AND ")
        statement.appendClassFilter(alias: "r", applicationId: applicationId, className: .role)
        statement.append(" UNION SELECT m.owner_row_id FROM held_roles h")
        statement.append(" JOIN relations m ON m.field_name = 'belongRole' AND m.target_row_id = h.row_id")
        statement.append(" JOIN objects r ON r.row_id = m.owner_row_id WHERE ")
        statement.appendClassFilter(alias: "r", applicationId: applicationId, className: .role)
        statement.append(") SELECT \(dialect.textValue(roleName)) AS \(Column.roleName) FROM held_roles h")
        statement.append(" JOIN objects r ON r.row_id = h.row_id WHERE \(dialect.isKind(.string, roleName))")
        return statement
    }
}
