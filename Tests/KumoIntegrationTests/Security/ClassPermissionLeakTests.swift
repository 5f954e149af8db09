import HTTPTypes
import HummingbirdTesting
import KumoServer
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// How a caller might read the class `Vault`, whose `get` and `find` are closed to all but `Staff` (class-level
/// permissions, docs/wire/acl.md, docs/wire/open-points.md), while its one object has a public ACL.
enum VaultChannel: String, Sendable, CaseIterable {
    /// `GET /classes/Vault/{id}`.
    case get
    /// `GET /classes/Vault`.
    case find
    /// `include=target` from the open class `Holder`.
    case include
    /// `$inQuery` into Vault from `Holder`.
    case inQuery
    /// `$select` of Vault's `code` from `Holder`.
    case select
    /// `$relatedTo` the Vault object (its relation `links`) from `Holder`.
    case relatedTo
}

/// One probe: channel × caller.
struct VaultCase: Sendable, CustomTestStringConvertible {
    var channel: VaultChannel
    var caller: Caller

    var testDescription: String { "\(channel) of a class closed to Staff as \(caller)" }

    /// Every channel for every caller except `owner` (who holds no role, like `other`).
    static let allCases: [VaultCase] = VaultChannel.allCases.flatMap { channel in
        [Caller.anonymous, .other, .member, .childMember].map { VaultCase(channel: channel, caller: $0) }
    }
}

/// Class-level permissions cannot be sidestepped through another class's query: `include`, sub-queries and
/// `$relatedTo` reveal nothing of a class the caller may not get or find.
@Suite struct ClassPermissionLeakTests {
    @Test(arguments: TestDatabase.engines, VaultCase.allCases)
    func aClosedClassStaysClosedThroughEveryChannel(_ engine: StorageEngine, _ vaultCase: VaultCase) async throws {
        try await TestApplication.with(engine: engine) { application in
            let staffOnly = OperationPermission(isPublic: false, roleNames: ["Staff"])
            try await application.storage.applications.setClassPermissions(
                ClassPermissions([.get: staffOnly, .find: staffOnly]), applicationId: application.application.applicationId,
                className: try ClassName(validating: "Vault"))
            try await application.test { requester in
                let principals = try await SecurityServer.seed(through: requester)
                let owner = principals.owner.sessionToken
                let linked = try await requester.create("/2013-09-01/classes/Holder", ["kind": "linked"], as: owner)
                let vault = try await requester.create(
                    "/2013-09-01/classes/Vault",
                    ["code": "c-41", "links": addRelation([pointer("Holder", linked)]), "acl": ["*": ["read": true, "write": true]]],
                    as: owner)
                let holder = try await requester.create(
                    "/2013-09-01/classes/Holder", ["kind": "holder", "ref": "c-41", "target": pointer("Vault", vault)], as: owner)
                let token: String? =
                    switch vaultCase.caller {
                    case .anonymous: nil
                    case .owner: owner
                    case .other: principals.other.sessionToken
                    case .member: principals.member.sessionToken
                    case .childMember: principals.childMember.sessionToken
                    }
                let isStaff = vaultCase.caller == .member || vaultCase.caller == .childMember
                let label = vaultCase.testDescription

                let response = try await requester.send(.get, target(vaultCase.channel, vault: vault), as: token)

                switch (vaultCase.channel, isStaff) {
                case (.get, true), (.find, true):
                    #expect(response.status.code == 200, "\(label): \(response.text)")
                case (.get, false), (.find, false):
                    expectDenied(response, label)
                case (.include, _):
                    let results = response.json?.objectValue?["results"]?.arrayValue ?? []
                    let expanded = results.contains { $0.objectValue?["target"]?.objectValue?["code"] != nil }
                    if isStaff {
                        #expect(expanded, "\(label): Staff sees the included object: \(response.text)")
                    } else {
                        #expect(!expanded, "\(label): the closed class leaked through include: \(response.text)")
                    }
                case (.inQuery, _), (.select, _), (.relatedTo, _):
                    let found = resultIds(response.json?.objectValue ?? [:])
                    let expected = vaultCase.channel == .relatedTo ? linked : holder
                    if isStaff {
                        #expect(response.status.code == 200 && found == [expected], "\(label): \(response.text)")
                    } else {
                        #expect(response.status.code == 403 || found == [], "\(label): the closed class leaked: \(response.text)")
                    }
                }
            }
        }
    }

    /// The request target of a channel.
    private func target(_ channel: VaultChannel, vault: String) -> String {
        let subQuery: JSONValue = ["className": "Vault", "where": ["code": "c-41"]]
        switch channel {
        case .get: return "/2013-09-01/classes/Vault/\(vault)"
        case .find: return "/2013-09-01/classes/Vault"
        case .include:
            return "/2013-09-01/classes/Holder?" + queryString([("where", #"{"kind":"holder"}"#), ("include", "target")])
        case .inQuery:
            let condition: JSONValue = ["target": ["$inQuery": subQuery]]
            return "/2013-09-01/classes/Holder?" + queryString([("where", jsonText(condition))])
        case .select:
            let condition: JSONValue = ["ref": ["$select": ["query": subQuery, "key": "code"]]]
            return "/2013-09-01/classes/Holder?" + queryString([("where", jsonText(condition))])
        case .relatedTo:
            let condition: JSONValue = ["$relatedTo": ["object": pointer("Vault", vault), "key": "links"]]
            return "/2013-09-01/classes/Holder?" + queryString([("where", jsonText(condition))])
        }
    }
}
