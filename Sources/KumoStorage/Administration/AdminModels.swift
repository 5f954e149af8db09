import KumoMemberwise
package import NCMBWire

/// A dashboard administrator (docs/dashboard.md). Administrators are not users of any application: they live in
/// their own table and sign in to `/dashboard/` only.
@PackageMemberwiseInit
package struct StoredAdmin: Sendable, Hashable {
    /// The administrator's identifier (16 characters from the identifier generator).
    package var id: String
    /// The address the administrator signs in with, as it was typed; unique regardless of letter case.
    package var email: String
    /// The bcrypt hash of the password.
    package var passwordHash: String
    /// When the administrator was created.
    package var createDate: WireDate

    /// The form of an address that uniqueness and look-ups compare: lowercased (ASCII and beyond), without surrounding
    /// spaces.
    package static func emailKey(_ email: String) -> String {
        email.trimmingSpaces().lowercased()
    }
}

/// A signed-in dashboard session. Only the SHA-256 of the cookie's token is stored, so a copy of the database does not
/// sign anyone in.
@PackageMemberwiseInit
package struct AdminSession: Sendable, Hashable {
    /// The lowercase hex SHA-256 of the session token.
    package var tokenHash: String
    /// The administrator it belongs to.
    package var adminId: String
    /// The administrator's address (read with the session, for the audit log and `GET /dashboard/api/session`).
    package var email: String
    /// The token every change must carry in `X-Kumo-CSRF`.
    package var csrfToken: String
    /// The language the administrator chose (`ja` or `en`), or `nil` to follow `Accept-Language`.
    package var language: String?
    /// When the session started.
    package var createDate: WireDate
    /// When it ends unless used again (idle expiry).
    package var expiresAt: WireDate
}

/// One line of the dashboard's audit log: who did what to which application and object, when, from where.
@PackageMemberwiseInit
package struct AdminAuditEntry: Sendable, Hashable {
    /// The position in the log (increasing; `nil` before it is stored).
    package var id: Int64?
    /// When it happened.
    package var time: WireDate
    /// The administrator's address, or `cli` for `kumo admins`, or the address typed at a failed login.
    package var admin: String
    /// What happened, e.g. `login`, `login.failed`, `object.update` (docs/dashboard.md#audit-log).
    package var action: String
    /// The application it concerned, by name.
    package var application: String?
    /// The object, class or administrator it concerned.
    package var target: String?
    /// Further facts, e.g. the class of an object.
    package var detail: JSONObject = [:]
    /// The client address, when known.
    package var address: String?
}

extension String {
    /// The string without leading and trailing spaces, tabs and line breaks.
    fileprivate func trimmingSpaces() -> String {
        var scalars = Substring(self)
        while let first = scalars.first, first.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}
