import Foundation
import KumoTestSupport
import NCMB
import Testing

/// Roles through the real SDK and server in process: membership, child roles and role ACLs
/// (docs/decisions/0004-role-inheritance.md).
@Suite struct SDKRoleTests {
    // MARK: Tests

    @Test func aRoleGrantsReadingToItsUsersAndToTheUsersOfItsChildRoles() async throws {
        try await withSDK { _ in
            let member = try await signUp("member")
            let child = try await signUp("child")
            _ = try await signUp("outsider")

            let editors = NCMBRole(roleName: "editors")
            try await editors.save()
            try await editors.addUser(user: member)
            let juniors = NCMBRole(roleName: "juniors")
            try await juniors.save()

            let memo = NCMBObject(className: "Memo")
            memo["text"] = "for editors"
            var acl = NCMBACL.empty
            acl.put(key: "role:editors", readable: true, writable: false)
            memo.acl = acl
            try await memo.save()
            let memoId = try #require(memo.objectId)

            #expect(try await canRead(memoId, as: "member"))
            #expect(try await !canRead(memoId, as: "outsider"))
            #expect(try await !canRead(memoId, as: "child"))

            try await juniors.addUser(user: child)
            try await editors.addRole(role: juniors)
            #expect(try await canRead(memoId, as: "child"))

            try await editors.removeRole(role: juniors)
            #expect(try await !canRead(memoId, as: "child"))
        }
    }

    @Test func roleMembersAndChildRolesAreFoundWithRelatedTo() async throws {
        try await withSDK { _ in
            let user = try await signUp("member")
            let parent = NCMBRole(roleName: "parent")
            try await parent.addUser(user: user)
            let child = NCMBRole(roleName: "child")
            try await child.save()
            try await parent.addRoles(roles: [child])
            let parentId = try #require(parent.objectId)

            var members = NCMBUser.query
            members.relatedTo(targetClassName: "role", objectId: parentId, key: "belongUser")
            var children = NCMBRole.query
            children.relatedTo(targetClassName: "role", objectId: parentId, key: "belongRole")

            #expect(try await members.find().map(\.objectId) == [user.objectId])
            #expect(try await children.find().map(\.roleName) == ["child"])
        }
    }

    @Test func aDuplicateRoleNameIsE409001AndAFetchedRoleShowsItsRelations() async throws {
        try await withSDK { _ in
            let user = try await signUp("member")
            let role = NCMBRole(roleName: "admins")
            try await role.addUser(user: user)

            let duplicate = await #expect(throws: NCMBApiError.self) { try await NCMBRole(roleName: "admins").save() }
            #expect(duplicate?.errorCode == .duplication)

            let copy = NCMBRole(roleName: "ignored")
            copy.objectId = role.objectId
            try await copy.fetch()
            #expect(copy.roleName == "admins")
            let users: NCMBRelation? = copy["belongUser"]
            #expect(users?.className == "user")

            try await copy.delete()
            let gone = await #expect(throws: NCMBApiError.self) { try await role.fetch() }
            #expect(gone?.errorCode == .noDataAvailable)
        }
    }

    // MARK: Helpers

    /// Signs up `name` with the password `<name>-password`.
    func signUp(_ name: String) async throws -> NCMBUser {
        let user = NCMBUser()
        user.userName = name
        user.password = name + "-password"
        try await user.signUp()
        return user
    }

    /// Whether `name`, logged in, can fetch the Memo `objectId`.
    func canRead(_ objectId: String, as name: String) async throws -> Bool {
        try await NCMBUser.logIn(userName: name, password: name + "-password")
        let memo = NCMBObject(className: "Memo")
        memo.objectId = objectId
        do {
            try await memo.fetch()
            return true
        } catch let error as NCMBApiError where error.errorCode == .noDataAvailable {
            return false
        }
    }
}
