package import KumoStorage
package import NCMBWire

/// Validation of role bodies and the role's wire form (docs/wire/endpoints/roles.md, fixtures F52–F57).
///
/// Codes chosen where NCMB is silent:
/// - `roleName` missing, `null` or `""` → 400 E400003 `"roleName is empty."`; not a string → 400 E400002
///   `"roleName is invalid."`; a string outside `[A-Za-z0-9_-]{1,100}` → 400 E400004 `"roleName is invalid format."`.
///   The pattern keeps names usable as ACL keys (`role:<name>`) and in `kumo classes permissions` lists.
/// - `belongUser` / `belongRole` take only `AddRelation` / `RemoveRelation` whose pointers name `user` / `role`;
///   anything else → 400 E400002 `"<field> is invalid."`. `null` and the field's own Relation marker are what a GET shows,
///   so clients that send every field back (docs/wire/client-behaviours.md, item 11) may send them: they change
///   nothing.
extension RolesController {
    /// The longest role name.
    package static let maximumRoleNameLength = 100

    /// Whether `name` is an acceptable role name: 1 to 100 characters of `A-Z`, `a-z`, `0-9`, `_` and `-`.
    package static func isValidRoleName(_ name: String) -> Bool {
        OperationPermission.isValidRoleName(name)
    }

    /// The `roleName` a create body must carry.
    ///
    /// - Throws: E400003 when missing, `null` or empty; E400002 when not a string; E400004 when it breaks the pattern.
    package static func requiredRoleName(in body: JSONObject) throws(APIError) -> String {
        let field = StandardField.Role.roleName.rawValue
        switch body[field] {
        case nil, .null?:
            throw APIError(.required, field)
        case .string(let name)?:
            guard !name.isEmpty else { throw APIError(.required, field) }
            guard isValidRoleName(name) else { throw APIError(.invalidFormat, field) }
            return name
        default:
            throw APIError(.invalidType, field)
        }
    }

    /// The class each relation field of a role points to: `belongUser` holds users, `belongRole` the child roles, whose
    /// users inherit this role (docs/decisions/0004-role-inheritance.md).
    static func relationTarget(of field: String) -> ClassName? {
        switch field {
        case StandardField.Role.belongUser.rawValue: .user
        case StandardField.Role.belongRole.rawValue: .role
        default: nil
        }
    }

    /// Splits a role body into field operations and the `acl`, enforcing the relation rules.
    ///
    /// - Throws: the errors of `FieldOperation.parseBody`, and E400002 `"<field> is invalid."` for a relation field that
    ///   is not an `AddRelation`/`RemoveRelation` of the right class.
    package static func parseRoleBody(
        _ body: JSONObject
    ) throws(APIError) -> (operations: [(FieldName, FieldOperation)], acl: AccessControlList?) {
        let relevant = body.filtering { key in
            guard let target = relationTarget(of: key), let value = body[key] else { return true }
            return !(value.isNull || value == Relation(className: target).json)
        }
        let (operations, acl) = try FieldOperation.parseBody(relevant)
        for (field, operation) in operations {
            guard let target = relationTarget(of: field.rawValue) else { continue }
            switch operation {
            case .addRelation(let pointers), .removeRelation(let pointers):
                guard pointers.allSatisfy({ $0.className == target }) else { throw APIError(.invalidType, field.rawValue) }
            default:
                throw APIError(.invalidType, field.rawValue)
            }
        }
        return (operations, acl)
    }
}
