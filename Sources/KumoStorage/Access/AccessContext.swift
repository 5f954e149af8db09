/// Who is asking, as storage needs to know it to filter by ACL (docs/architecture.md#acl-inside-the-query).
///
/// A user's principals are `*`, the user's objectId and `role:<name>` for every role the user holds directly or through
/// `belongRole` inheritance (docs/decisions/0004-role-inheritance.md); engines resolve the roles inside the same SQL
/// statement.
package enum AccessContext: Sendable, Hashable {
    /// No session: only public (`*`) grants apply.
    case anonymous
    /// A signed-in user, by objectId.
    case user(objectId: String)
    /// Sees and changes everything. Only `kumo` subcommands and the dashboard create it; no NCMB route can.
    case bypass
}
