import Foundation
import NCMB
import NCMBWire
import Testing

/// `NCMBRole`: create, membership operators, fetch, delete and query (docs/wire/endpoints/roles.md, F52–F60).
@Suite struct NCMBRoleTests {
    let environment = UserTestEnvironment()
    var transport: RecordingTransport { environment.transport }

    static let created = #"{"createDate":"2015-06-09T04:57:31.222Z","objectId":"role_objectId"}"#
    static let updated = #"{"updateDate":"2015-06-09T05:00:00.000Z"}"#
    static let duplicate = #"{"code":"E409001","error":"roleName is duplication."}"#
    static let noData = #"{"code":"E404001","error":"No data available."}"#

    static func pointer(_ className: String, _ objectId: String) -> JSONValue {
        ["__type": "Pointer", "className": .string(className), "objectId": .string(objectId)]
    }

    static func relation(_ operation: String, _ className: String, _ objectIds: [String]) -> JSONValue {
        ["__op": .string(operation), "objects": .array(objectIds.map { pointer(className, $0) })]
    }

    // MARK: save

    @Test(arguments: CallForm.allCases)
    func saveCreatesTheRoleWithItsName(form: CallForm) async throws {
        let role = makeRole()
        transport.expect(.objects(.roles, .create(["roleName": "new_role_name"])), reply: .json(201, Self.created))

        let result = await environment.run(
            form, async: { try await role.save() }, blocking: { role.save() }, callback: { role.saveInBackground(callback: $0) })

        #expect(result.isSuccess)
        #expect(role.objectId == "role_objectId")
        #expect(role.roleName == "new_role_name")
        #expect(transport.requests.first?.url.absoluteString == "https://mbaas.api.nifcloud.com/2013-09-01/roles")
    }

    @Test(arguments: CallForm.allCases)
    func saveReportsADuplicateRoleName(form: CallForm) async throws {
        let role = makeRole()
        transport.expect(.objects(.roles, .create(["roleName": "new_role_name"])), reply: .json(409, Self.duplicate))

        let result = await environment.run(
            form, async: { try await role.save() }, blocking: { role.save() }, callback: { role.saveInBackground(callback: $0) })

        let error = try #require(result.error as? NCMBApiError)
        #expect(error.errorCode == .duplication)
        #expect(error.message == "roleName is duplication.")
        #expect(role.objectId == nil)
    }

    @Test func addUserToANewRoleCreatesItWithTheUser() async throws {
        let role = makeRole(name: "mainRole")
        let user = environment.makeUser(objectId: "epaKcaYZqsREdSMY")
        transport.expect(
            .objects(
                .roles,
                .create(["roleName": "mainRole", "belongUser": Self.relation("AddRelation", "user", ["epaKcaYZqsREdSMY"])])),
            reply: .json(201, Self.created))

        try await role.addUser(user: user)

        #expect(
            transport.body(at: 0)
                == #"{"roleName":"mainRole","belongUser":{"__op":"AddRelation","objects":[{"__type":"Pointer","className":"user","objectId":"epaKcaYZqsREdSMY"}]}}"#
        )
    }

    /// One membership call: its name, the field and operator it sends, and its three forms.
    struct Membership: Sendable, CustomTestStringConvertible {
        let name: String
        let field: String
        let operation: String
        let className: String
        let objectIds: [String]
        let async: @Sendable (NCMBRole, [NCMBBase]) async throws -> Void
        let blocking: @Sendable (NCMBRole, [NCMBBase]) -> NCMBResult<Void>
        let callback: @Sendable (NCMBRole, [NCMBBase], @escaping NCMBHandler<Void>) -> Void
        var testDescription: String { name }
    }

    static func users(_ objects: [NCMBBase]) -> [NCMBUser] { objects.compactMap { $0 as? NCMBUser } }
    static func roles(_ objects: [NCMBBase]) -> [NCMBRole] { objects.compactMap { $0 as? NCMBRole } }

    static let memberships: [Membership] = [
        Membership(
            name: "addUser", field: "belongUser", operation: "AddRelation", className: "user", objectIds: ["u1"],
            async: { try await $0.addUser(user: users($1)[0]) }, blocking: { $0.addUser(user: users($1)[0]) },
            callback: { $0.addUserInBackground(user: users($1)[0], callback: $2) }),
        Membership(
            name: "addUsers", field: "belongUser", operation: "AddRelation", className: "user", objectIds: ["u1", "u2"],
            async: { try await $0.addUsers(users: users($1)) }, blocking: { $0.addUsers(users: users($1)) },
            callback: { $0.addUsersInBackground(users: users($1), callback: $2) }),
        Membership(
            name: "removeUser", field: "belongUser", operation: "RemoveRelation", className: "user", objectIds: ["u1"],
            async: { try await $0.removeUser(user: users($1)[0]) }, blocking: { $0.removeUser(user: users($1)[0]) },
            callback: { $0.removeUserInBackground(user: users($1)[0], callback: $2) }),
        Membership(
            name: "removeUsers", field: "belongUser", operation: "RemoveRelation", className: "user", objectIds: ["u1", "u2"],
            async: { try await $0.removeUsers(users: users($1)) }, blocking: { $0.removeUsers(users: users($1)) },
            callback: { $0.removeUsersInBackground(users: users($1), callback: $2) }),
        Membership(
            name: "addRole", field: "belongRole", operation: "AddRelation", className: "role", objectIds: ["r1"],
            async: { try await $0.addRole(role: roles($1)[0]) }, blocking: { $0.addRole(role: roles($1)[0]) },
            callback: { $0.addRoleInBackground(role: roles($1)[0], callback: $2) }),
        Membership(
            name: "addRoles", field: "belongRole", operation: "AddRelation", className: "role", objectIds: ["r1", "r2"],
            async: { try await $0.addRoles(roles: roles($1)) }, blocking: { $0.addRoles(roles: roles($1)) },
            callback: { $0.addRolesInBackground(roles: roles($1), callback: $2) }),
        Membership(
            name: "removeRole", field: "belongRole", operation: "RemoveRelation", className: "role", objectIds: ["r1"],
            async: { try await $0.removeRole(role: roles($1)[0]) }, blocking: { $0.removeRole(role: roles($1)[0]) },
            callback: { $0.removeRoleInBackground(role: roles($1)[0], callback: $2) }),
        Membership(
            name: "removeRoles", field: "belongRole", operation: "RemoveRelation", className: "role", objectIds: ["r1", "r2"],
            async: { try await $0.removeRoles(roles: roles($1)) }, blocking: { $0.removeRoles(roles: roles($1)) },
            callback: { $0.removeRolesInBackground(roles: roles($1), callback: $2) }),
    ]

    @Test(arguments: memberships, CallForm.allCases)
    func aMembershipCallSendsItsRelationOperatorOnASavedRole(membership: Membership, form: CallForm) async throws {
        let role = try await makeRole(objectId: "mainRoleId")
        let members = makeMembers(membership)
        transport.expect(
            .objects(
                .roles,
                .update(
                    objectId: "mainRoleId",
                    [membership.field: Self.relation(membership.operation, membership.className, membership.objectIds)])),
            reply: .json(200, Self.updated))

        let result = await environment.run(
            form, async: { try await membership.async(role, members) }, blocking: { membership.blocking(role, members) },
            callback: { membership.callback(role, members, $0) })

        #expect(result.isSuccess)
        #expect(transport.unmetExpectations.isEmpty)
    }

    @Test(arguments: memberships)
    func aMembershipCallReportsAMissingRole(membership: Membership) async throws {
        let role = try await makeRole(objectId: "missing")
        let members = makeMembers(membership)
        transport.expect(
            .objects(
                .roles,
                .update(
                    objectId: "missing",
                    [membership.field: Self.relation(membership.operation, membership.className, membership.objectIds)])),
            reply: .json(404, Self.noData))

        let error = await #expect(throws: NCMBApiError.self) { try await membership.async(role, members) }

        #expect(error?.errorCode == .noDataAvailable)
    }

    @Test func addingAnUnsavedUserFailsBeforeSending() async throws {
        let role = try await makeRole(objectId: "mainRoleId")

        let error = await #expect(throws: NCMBInvalidRequestError.self) { try await role.addUser(user: environment.makeUser()) }

        #expect(error == .emptyObjectId)
        #expect(transport.requests.count == 1)
    }

    // MARK: fetch, delete

    @Test(arguments: CallForm.allCases)
    func fetchReadsTheRole(form: CallForm) async throws {
        let role = try await makeRole(objectId: "dummyRoleId")
        transport.expect(
            .objects(.roles, .get(objectId: "dummyRoleId")),
            reply: .json(
                200,
                #"{"objectId":"dummyRoleId","roleName":"role_test1","belongRole":null,"belongUser":{"__type":"Relation","className":"user"},"createDate":"2015-06-09T04:57:31.222Z","updateDate":"2015-06-09T04:57:31.222Z","acl":{"*":{"read":true}}}"#
            ))

        let result = await environment.run(
            form, async: { try await role.fetch() }, blocking: { role.fetch() }, callback: { role.fetchInBackground(callback: $0) })

        #expect(result.isSuccess)
        #expect(role.roleName == "role_test1")
        let members: NCMBRelation? = role["belongUser"]
        #expect(members?.className == "user")
        #expect(role.acl?.getReadable(key: NCMBACL.ACL_PUBLIC) == true)
    }

    @Test(arguments: CallForm.allCases)
    func fetchReportsAMissingRole(form: CallForm) async throws {
        let role = try await makeRole(objectId: "missing")
        transport.expect(.objects(.roles, .get(objectId: "missing")), reply: .json(404, Self.noData))

        let result = await environment.run(
            form, async: { try await role.fetch() }, blocking: { role.fetch() }, callback: { role.fetchInBackground(callback: $0) })

        #expect((result.error as? NCMBApiError)?.errorCode == .noDataAvailable)
    }

    @Test(arguments: CallForm.allCases)
    func deleteRemovesTheRoleAndClearsItsFields(form: CallForm) async throws {
        let role = try await makeRole(objectId: "dummyRoleId")
        transport.expect(.objects(.roles, .delete(objectId: "dummyRoleId")), reply: .empty(200))

        let result = await environment.run(
            form, async: { try await role.delete() }, blocking: { role.delete() }, callback: { role.deleteInBackground(callback: $0) })

        #expect(result.isSuccess)
        #expect(role.objectId == nil)
        #expect(role.roleName == nil)
    }

    @Test(arguments: CallForm.allCases)
    func deleteReportsAMissingRole(form: CallForm) async throws {
        let role = try await makeRole(objectId: "missing")
        transport.expect(.objects(.roles, .delete(objectId: "missing")), reply: .json(404, Self.noData))

        let result = await environment.run(
            form, async: { try await role.delete() }, blocking: { role.delete() }, callback: { role.deleteInBackground(callback: $0) })

        #expect((result.error as? NCMBApiError)?.errorCode == .noDataAvailable)
        #expect(role.objectId == "missing")
    }

    @Test func fetchWithoutAnObjectIdFailsBeforeSending() async throws {
        let error = await #expect(throws: NCMBInvalidRequestError.self) { try await makeRole().fetch() }

        #expect(error == .emptyObjectId)
    }

    // MARK: query

    @Test func queryFindsTheChildRolesOfARole() async throws {
        var query = environment.bound { NCMBRole.query }
        query.relatedTo(targetClassName: "role", objectId: "r0", key: "belongRole")
        let relatedTo: JSONValue = ["$relatedTo": ["object": Self.pointer("role", "r0"), "key": "belongRole"]]
        transport.expect(
            .objects(.roles, .find(try .matching(relatedTo))),
            reply: .json(200, #"{"results":[{"objectId":"r1","roleName":"child"}]}"#))

        let roles = try await query.find()

        #expect(roles.map(\.roleName) == ["child"])
        #expect(roles.map(\.objectId) == ["r1"])
    }

    // MARK: Helpers

    /// A new role named `name`.
    func makeRole(name: String = "new_role_name") -> NCMBRole {
        environment.bound { NCMBRole(roleName: name) }
    }

    /// A saved role with nothing to send, fetched from the server (one request).
    func makeRole(name: String = "new_role_name", objectId: String) async throws -> NCMBRole {
        let role = makeRole(name: name)
        role.objectId = objectId
        let fields: JSONValue = ["objectId": .string(objectId), "roleName": .string(name)]
        transport.expect(.objects(.roles, .get(objectId: objectId)), reply: .json(200, fields.serializedString()))
        try await role.fetch()
        return role
    }

    func makeMembers(_ membership: Membership) -> [NCMBBase] {
        membership.objectIds.map { objectId in
            membership.className == "user"
                ? environment.makeUser(objectId: objectId)
                : {
                    let role = environment.bound { NCMBRole(roleName: objectId) }
                    role.objectId = objectId
                    return role
                }()
        }
    }
}
