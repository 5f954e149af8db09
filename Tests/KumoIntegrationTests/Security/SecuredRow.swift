import HTTPTypes
import HummingbirdTesting
import KumoServer
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// The three kinds of row the ACL matrix protects: objects of a custom class, users' own rows and roles.
enum SecuredClass: String, Sendable, CaseIterable {
    /// Objects of the custom class `SecuredDocument`, created by `owner`.
    case document
    /// Users' own rows: the row's owner is the user itself.
    case user
    /// Roles created by `owner`.
    case role

    /// The class name on the wire (pointers, `$inQuery`).
    var wireClassName: String {
        switch self {
        case .document: "SecuredDocument"
        case .user: "user"
        case .role: "role"
        }
    }

    /// The collection path.
    var path: String {
        switch self {
        case .document: "/2013-09-01/classes/SecuredDocument"
        case .user: "/2013-09-01/users"
        case .role: "/2013-09-01/roles"
        }
    }
}

/// The ACLs of the matrix (docs/wire/acl.md).
enum Protection: String, Sendable, CaseIterable {
    /// `{"*":{"read":true,"write":true}}`.
    case publicReadWrite
    /// `{"<owner>":{"read":true,"write":true}}`.
    case ownerOnly
    /// `{"role:Staff":{"read":true}}`.
    case staffRead
    /// `{"role:Staff":{"read":true,"write":true}}`.
    case staffReadWrite
    /// `{}`: nobody.
    case nobody
    /// `{"*":{"read":false,"write":false},"<owner>":{"read":true,"write":false}}`: `false` is like an absent entry
    /// (docs/wire/acl.md), so only the owner reads and nobody writes.
    case ownerReadWithFalseEntries
    /// Keys that only resemble `role:Staff` or look like wildcards (`role:staff`, `Staff`, `role: Staff`, `role:Staff `,
    /// `role:*`, `role:%`, `role:St_ff`, `%`, `_`): nobody.
    case lookalikeKeys

    /// The ACL JSON naming `ownerId` as the owner.
    func acl(ownerId: String) -> JSONValue {
        switch self {
        case .publicReadWrite: ["*": ["read": true, "write": true]]
        case .ownerOnly: [ownerId: ["read": true, "write": true]]
        case .staffRead: ["role:Staff": ["read": true]]
        case .staffReadWrite: ["role:Staff": ["read": true, "write": true]]
        case .nobody: [:]
        case .ownerReadWithFalseEntries: ["*": ["read": false, "write": false], ownerId: ["read": true, "write": false]]
        case .lookalikeKeys:
            [
                "role:staff": ["read": true, "write": true], "Staff": ["read": true, "write": true],
                "role: Staff": ["read": true, "write": true], "role:Staff ": ["read": true, "write": true],
                "role:*": ["read": true, "write": true], "role:%": ["read": true, "write": true],
                "role:St_ff": ["read": true, "write": true], "%": ["read": true, "write": true], "_": ["read": true, "write": true],
            ]
        }
    }

    /// Whether `caller` may read a row with this ACL (docs/decisions/0004-role-inheritance.md: Junior's members hold
    /// Staff's permissions).
    func allowsRead(_ caller: Caller) -> Bool {
        switch self {
        case .publicReadWrite: true
        case .ownerOnly: caller == .owner
        case .staffRead, .staffReadWrite: caller == .member || caller == .childMember
        case .nobody, .lookalikeKeys: false
        case .ownerReadWithFalseEntries: caller == .owner
        }
    }

    /// Whether `caller` may update or delete a row with this ACL.
    func allowsWrite(_ caller: Caller) -> Bool {
        switch self {
        case .publicReadWrite: true
        case .ownerOnly: caller == .owner
        case .staffRead: false
        case .staffReadWrite: caller == .member || caller == .childMember
        case .nobody, .ownerReadWithFalseEntries, .lookalikeKeys: false
        }
    }
}

/// Who calls.
enum Caller: String, Sendable, CaseIterable {
    /// No session token.
    case anonymous
    /// The row's owner (for users: the user itself).
    case owner
    /// A signed-in user with no grant.
    case other
    /// A member of `Staff`.
    case member
    /// A member of `Junior`, a child role of `Staff`.
    case childMember
}

/// A row created for one case, with the session of its owner.
struct SecuredRow: Sendable {
    var securedClass: SecuredClass
    var objectId: String
    /// The session token of the row's owner (`owner`'s, or for a user row the user's own).
    var ownerToken: String
    /// The value of the row's `marker` field (unique per case).
    var marker: String

    /// The row's path.
    var path: String { "\(securedClass.path)/\(objectId)" }

    /// A Pointer to the row.
    var pointer: JSONValue { KumoIntegrationTests.pointer(securedClass.wireClassName, objectId) }
}

extension SecurityServer {
    /// Creates a row of `securedClass` with `protection`, fields `marker` and `note: "initial"` plus `fields`.
    ///
    /// Documents and roles are created by `owner` with the ACL in the body; a user row signs up (userName = marker)
    /// and then sets its own ACL with its own session, so the user is its row's owner.
    func createRow(
        _ securedClass: SecuredClass, _ protection: Protection, marker: String, fields: JSONObject = JSONObject()
    ) async throws -> SecuredRow {
        var body = fields
        body["marker"] = .string(marker)
        body["note"] = "initial"
        let owner = principals.owner
        switch securedClass {
        case .document:
            body["acl"] = protection.acl(ownerId: owner.objectId)
            let objectId = try await requester.create(securedClass.path, body, as: owner.sessionToken)
            return SecuredRow(securedClass: securedClass, objectId: objectId, ownerToken: owner.sessionToken, marker: marker)
        case .role:
            body["roleName"] = .string(marker)
            body["acl"] = protection.acl(ownerId: owner.objectId)
            let objectId = try await requester.createRole(body, as: owner.sessionToken)
            return SecuredRow(securedClass: securedClass, objectId: objectId, ownerToken: owner.sessionToken, marker: marker)
        case .user:
            let account = try await requester.signUp(marker, fields: body)
            try await requester.update(
                "\(securedClass.path)/\(account.objectId)", ["acl": protection.acl(ownerId: account.objectId)],
                as: account.sessionToken)
            return SecuredRow(securedClass: securedClass, objectId: account.objectId, ownerToken: account.sessionToken, marker: marker)
        }
    }

    /// The session token `caller` sends for a case on `row` (`nil` for the anonymous caller).
    func token(of caller: Caller, for row: SecuredRow) -> String? {
        switch caller {
        case .anonymous: nil
        case .owner: row.ownerToken
        case .other: principals.other.sessionToken
        case .member: principals.member.sessionToken
        case .childMember: principals.childMember.sessionToken
        }
    }

    /// The row as stored, read past every ACL; `nil` when it no longer exists.
    func stored(_ row: SecuredRow) async throws -> StoredObject? {
        let className = try ClassName(validating: row.securedClass.wireClassName)
        let key = ObjectKey(applicationId: application.application.applicationId, className: className, objectId: row.objectId)
        do {
            return try await application.storage.objects.object(key, include: [], access: .bypass)
        } catch StorageError.notFound {
            return nil
        }
    }
}
