import HTTPTypes
import HummingbirdTesting
import KumoServer
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// A way `other` might try to gain `Staff`'s permissions or take over another account.
enum EscalationAttempt: String, Sendable, CaseIterable, CustomTestStringConvertible {
    /// `PUT /roles/{Staff}` adding itself to `belongUser` (Staff is publicly readable, writable only by owner).
    case joinStaff
    /// `PUT /roles/{Junior}` adding itself to the child role.
    case joinJunior
    /// Creates its own role and adds it to `Staff.belongRole`.
    case attachOwnRoleBelowStaff
    /// Creates its own role whose `belongRole` holds `Staff` (docs/decisions/0004-role-inheritance.md gives Staff's
    /// members *its* permissions, not the reverse): allowed, and grants `other` nothing.
    case putStaffBelowOwnRole
    /// `POST /roles` with the taken name `Staff`.
    case claimStaffName
    /// Renames its own role to `Staff`.
    case renameOwnRoleToStaff
    /// `PUT /roles/{Staff}` with a public ACL.
    case openStaffACL
    /// `DELETE /roles/{Staff}`.
    case deleteStaff
    /// `PUT /users/{member}` with a new password.
    case setMemberPassword
    /// `POST /users` with member's userName.
    case signUpAsMember
    /// `POST /login` with member's userName in upper case and member's password.
    case logInWithOtherCase
    /// `POST /users` with member's objectId in the body (ignored, docs/decisions/0012-names-and-sizes.md).
    case signUpWithMembersObjectId
    /// `POST /classes/SecuredDocument` with the objectId of the protected document (ignored,
    /// docs/decisions/0012-names-and-sizes.md).
    case createOverProtectedDocument

    var testDescription: String { rawValue }

    /// The status the attempt must answer.
    var expectedStatus: Int {
        switch self {
        case .putStaffBelowOwnRole, .signUpWithMembersObjectId, .createOverProtectedDocument: 201
        case .logInWithOtherCase: 401
        case .joinStaff, .joinJunior, .attachOwnRoleBelowStaff, .openStaffACL, .deleteStaff, .setMemberPassword: 403
        case .claimStaffName, .signUpAsMember: 409
        // RolesController: a role's name is its ACL principal, so renaming is 403 E403005 "roleName must not be entered."
        case .renameOwnRoleToStaff: 403
        }
    }

    /// Makes the attempt as `other`; returns the decisive answer.
    func attempt(on server: SecurityServer, document: SecuredRow) async throws -> TestResponse {
        let principals = server.principals
        let token = principals.other.sessionToken
        let requester = server.requester
        let staffPath = "/2013-09-01/roles/\(principals.staffRoleId)"
        let own: JSONValue = addRelation([userPointer(principals.other.objectId)])
        switch self {
        case .joinStaff:
            return try await requester.send(.put, staffPath, json: ["belongUser": own], as: token)
        case .joinJunior:
            return try await requester.send(
                .put, "/2013-09-01/roles/\(principals.juniorRoleId)", json: ["belongUser": own], as: token)
        case .attachOwnRoleBelowStaff:
            let evil = try await requester.createRole(["roleName": "EvilBelow", "belongUser": own], as: token)
            return try await requester.send(.put, staffPath, json: ["belongRole": addRelation([rolePointer(evil)])], as: token)
        case .putStaffBelowOwnRole:
            let body: JSONValue = [
                "roleName": "EvilAbove", "belongUser": own, "belongRole": addRelation([rolePointer(principals.staffRoleId)]),
            ]
            return try await requester.send(.post, "/2013-09-01/roles", json: body, as: token)
        case .claimStaffName:
            return try await requester.send(.post, "/2013-09-01/roles", json: ["roleName": "Staff", "belongUser": own], as: token)
        case .renameOwnRoleToStaff:
            let evil = try await requester.createRole(["roleName": "EvilRenamed", "belongUser": own], as: token)
            return try await requester.send(.put, "/2013-09-01/roles/\(evil)", json: ["roleName": "Staff"], as: token)
        case .openStaffACL:
            return try await requester.send(.put, staffPath, json: ["acl": ["*": ["read": true, "write": true]]], as: token)
        case .deleteStaff:
            return try await requester.send(.delete, staffPath, as: token)
        case .setMemberPassword:
            return try await requester.send(
                .put, "/2013-09-01/users/\(principals.member.objectId)", json: ["password": "Hijacked-Pw-1"], as: token)
        case .signUpAsMember:
            let body: JSONValue = ["userName": .string(principals.member.userName), "password": "Hijacked-Pw-2"]
            return try await requester.send(.post, "/2013-09-01/users", json: body, as: nil)
        case .logInWithOtherCase:
            let body: JSONValue = [
                "userName": .string(principals.member.userName.uppercased()),
                "password": .string(SecurityServer.password(of: principals.member.userName)),
            ]
            return try await requester.send(.post, "/2013-09-01/login", json: body, as: nil)
        case .signUpWithMembersObjectId:
            let body: JSONValue = ["userName": "lookalike", "password": "Hijacked-Pw-3", "objectId": .string(principals.member.objectId)]
            let response = try await requester.send(.post, "/2013-09-01/users", json: body, as: nil)
            #expect(response.json?.objectValue?["objectId"]?.stringValue != principals.member.objectId, "a new objectId")
            return response
        case .createOverProtectedDocument:
            let body: JSONValue = ["objectId": .string(document.objectId), "note": "overwritten", "acl": ["*": ["read": true]]]
            let response = try await requester.send(.post, SecuredClass.document.path, json: body, as: token)
            #expect(response.json?.objectValue?["objectId"]?.stringValue != document.objectId, "a new objectId")
            return response
        }
    }
}

/// Privilege escalation: `other` cannot gain Staff's permissions nor take over `member` (docs/wire/endpoints/roles.md,
/// docs/wire/acl.md, docs/decisions/0003-existence-is-not-leaked.md, docs/decisions/0004-role-inheritance.md). A suite
/// of its own, so that a successful attack cannot disturb the ACL matrix.
@Suite(.securityServer(on: .sqlite)) struct EscalationTests {
    @Test(arguments: EscalationAttempt.allCases)
    func otherGainsNothing(_ attempt: EscalationAttempt) async throws {
        let server = try #require(SecurityServer.current, "the suite trait binds the seeded server")
        let principals = server.principals
        let requester = server.requester
        let document = try await server.createRow(.document, .staffRead, marker: "esc\(attempt.rawValue)")

        let response = try await attempt.attempt(on: server, document: document)

        #expect(response.status.code == attempt.expectedStatus, "\(attempt): \(response.status.code) \(response.text)")
        expectNotFound(try await requester.send(.get, document.path, as: principals.other.sessionToken), "\(attempt): other reads")
        let stored = try await server.stored(document)
        #expect(stored?.fields["note"] == "initial" && stored?.acl.entries.keys.sorted() == ["role:Staff"], "\(attempt): document")
        let members = try await requester.find(
            "/2013-09-01/users", where: ["$relatedTo": ["object": rolePointer(principals.staffRoleId), "key": "belongUser"]],
            as: principals.owner.sessionToken)
        #expect(resultIds(members) == [principals.member.objectId], "\(attempt): Staff's users")
        let login = try await requester.send(
            .post, "/2013-09-01/login",
            json: ["userName": .string(principals.member.userName), "password": .string(SecurityServer.password(of: principals.member.userName))],
            as: nil)
        #expect(login.status.code == 200, "\(attempt): member still logs in with the own password: \(login.text)")
    }
}
