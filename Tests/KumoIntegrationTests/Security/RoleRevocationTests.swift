import HTTPTypes
import HummingbirdTesting
import KumoServer
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// Losing a role takes effect on the very next request: no cached role membership outlives a change (docs/wire/acl.md,
/// docs/decisions/0004-role-inheritance.md).
@Suite struct RoleRevocationTests {
    /// How a member loses `Staff`'s permissions.
    enum Revocation: String, Sendable, CaseIterable {
        /// `RemoveRelation` of the member from `Staff.belongUser`.
        case removeMember
        /// `RemoveRelation` of `Junior` from `Staff.belongRole` (the child member loses them).
        case removeChildRole
        /// `DELETE /roles/{Staff}`.
        case deleteRole
        /// `DELETE /roles/{Junior}` (the child member loses them).
        case deleteChildRole
    }

    @Test(arguments: TestDatabase.engines, Revocation.allCases)
    func aRevokedMemberLosesAccessAtOnce(_ engine: StorageEngine, _ revocation: Revocation) async throws {
        try await TestApplication.with(engine: engine) { application in
            try await application.test { requester in
                let principals = try await SecurityServer.seed(through: requester)
                let owner = principals.owner.sessionToken
                let document = try await requester.create(
                    "/2013-09-01/classes/Memo", ["acl": ["role:Staff": ["read": true]]], as: owner)
                let path = "/2013-09-01/classes/Memo/\(document)"
                let affected = [.removeMember, .deleteRole].contains(revocation) ? principals.member : principals.childMember
                let before = try await requester.send(.get, path, as: affected.sessionToken)
                #expect(before.status.code == 200, "before: \(before.text)")

                let staffPath = "/2013-09-01/roles/\(principals.staffRoleId)"
                let removal: TestResponse
                switch revocation {
                case .removeMember:
                    removal = try await requester.send(
                        .put, staffPath,
                        json: ["belongUser": ["__op": "RemoveRelation", "objects": [userPointer(principals.member.objectId)]]], as: owner)
                case .removeChildRole:
                    removal = try await requester.send(
                        .put, staffPath,
                        json: ["belongRole": ["__op": "RemoveRelation", "objects": [rolePointer(principals.juniorRoleId)]]], as: owner)
                case .deleteRole:
                    removal = try await requester.send(.delete, staffPath, as: owner)
                case .deleteChildRole:
                    removal = try await requester.send(.delete, "/2013-09-01/roles/\(principals.juniorRoleId)", as: owner)
                }

                #expect(removal.status.code == 200, "\(revocation): \(removal.text)")
                expectNotFound(try await requester.send(.get, path, as: affected.sessionToken), "\(revocation): after")
            }
        }
    }
}
