import HTTPTypes
import HummingbirdTesting
import KumoServer
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// A way a query could reveal a row the caller may not read (issue 4: "zero leaks, including through `include`,
/// `$inQuery`, `$select`, `$relatedTo` and counts").
enum LeakChannel: String, Sendable, CaseIterable {
    /// `include` of a pointer to the row: the pointer must stay a Pointer.
    case include
    /// `include=inner.target` through a public holder: the nested pointer must stay a Pointer.
    case nestedInclude
    /// `$inQuery` on a pointer to the row (with `count=1`).
    case inQuery
    /// `$inQuery` inside an `$or` (with `count=1`).
    case orInQuery
    /// `$notInQuery` on a pointer to the row (docs/decisions/0011-extensions.md; with `count=1`).
    case notInQuery
    /// `$select` of the row's `marker` (with `count=1`).
    case select
    /// `$dontSelect` of the row's `marker` (docs/decisions/0011-extensions.md; with `count=1`).
    case dontSelect
    /// `$relatedTo` the row: holders in a document's relation, or the users in a role's `belongUser`.
    case relatedTo
    /// `$relatedTo` a role's `belongRole`: its child roles.
    case relatedToChildRoles

    /// The kinds of row the channel applies to.
    var securedClasses: [SecuredClass] {
        switch self {
        case .include, .nestedInclude, .inQuery, .orInQuery, .notInQuery, .select, .dontSelect: SecuredClass.allCases
        case .relatedTo: [.document, .role]
        case .relatedToChildRoles: [.role]
        }
    }

    /// Whether the query finds its result when the row is *not* readable (the negated operators).
    var isNegated: Bool { self == .notInQuery || self == .dontSelect }
}

/// One leak probe: channel × kind of row × ACL × caller.
struct LeakCase: Sendable, CustomTestStringConvertible {
    var channel: LeakChannel
    var securedClass: SecuredClass
    var protection: Protection
    var caller: Caller

    var testDescription: String { "\(channel) of a \(securedClass) row with ACL \(protection) as \(caller)" }

    /// A `marker` unique to this case.
    var marker: String { "lk\(channel)\(securedClass)\(protection)\(caller)" }

    /// Every combination.
    static let allCases: [LeakCase] = LeakChannel.allCases.flatMap { channel in
        channel.securedClasses.flatMap { securedClass in
            Protection.allCases.flatMap { protection in
                Caller.allCases.map { LeakCase(channel: channel, securedClass: securedClass, protection: protection, caller: $0) }
            }
        }
    }
}

/// Runs one ``LeakCase``: creates the protected row and a public `SecuredHolder` that refers to it, then queries
/// through the channel as the caller. The answer must be the one it would be if unreadable rows did not exist.
struct LeakRunner {
    let server: SecurityServer

    static let holderPath = "/2013-09-01/classes/SecuredHolder"

    func run(_ leakCase: LeakCase) async throws {
        switch leakCase.channel {
        case .include, .nestedInclude: try await runInclude(leakCase)
        case .inQuery, .orInQuery, .notInQuery, .select, .dontSelect: try await runSubQuery(leakCase)
        case .relatedTo, .relatedToChildRoles: try await runRelatedTo(leakCase)
        }
    }

    private var owner: SecurityAccount { server.principals.owner }

    /// `include=target` (or `include=inner.target` through a second public holder): a readable target is expanded,
    /// an unreadable one stays exactly the Pointer.
    private func runInclude(_ leakCase: LeakCase) async throws {
        let row = try await server.createRow(leakCase.securedClass, leakCase.protection, marker: leakCase.marker)
        let isNested = leakCase.channel == .nestedInclude
        let inner = try await server.requester.create(
            LeakRunner.holderPath, ["marker": .string("inner" + row.marker), "target": row.pointer], as: owner.sessionToken)
        let holderFields: JSONObject =
            isNested ? ["marker": .string(row.marker), "inner": pointer("SecuredHolder", inner)] : ["marker": .string(row.marker)]
        let holder = isNested ? try await server.requester.create(LeakRunner.holderPath, holderFields, as: owner.sessionToken) : inner
        let token = server.token(of: leakCase.caller, for: row)
        let label = leakCase.testDescription
        let condition: JSONValue = ["marker": .string(isNested ? row.marker : "inner" + row.marker)]

        let body = try await server.requester.find(
            LeakRunner.holderPath, where: condition, [("include", isNested ? "inner.target" : "target")], as: token)

        #expect(resultIds(body) == [holder], "\(label): the public holder is found")
        var container = body["results"]?.arrayValue?.first?.objectValue
        if isNested {
            container = container?["inner"]?.objectValue
            #expect(container?["__type"] == "Object", "\(label): the public inner holder is expanded")
        }
        let target = container?["target"]
        if leakCase.protection.allowsRead(leakCase.caller) {
            let included = try #require(target?.objectValue, "\(label): target expanded")
            #expect(included["__type"] == "Object", "\(label): __type")
            #expect(included["objectId"]?.stringValue == row.objectId, "\(label): objectId")
            #expect(included["marker"]?.stringValue == row.marker, "\(label): marker")
            #expect(included["password"] == nil && included["sessionToken"] == nil, "\(label): no secrets")
        } else {
            #expect(target == row.pointer, "\(label): target stays a Pointer, got \(target.map(jsonText) ?? "nothing")")
        }
    }

    /// `$inQuery`/`$notInQuery` on `target`, `$select`/`$dontSelect` of `marker` into `ref`, with `count=1`.
    private func runSubQuery(_ leakCase: LeakCase) async throws {
        let row = try await server.createRow(leakCase.securedClass, leakCase.protection, marker: leakCase.marker)
        let holder = try await server.requester.create(
            LeakRunner.holderPath, ["marker": .string(row.marker), "ref": .string(row.marker), "target": row.pointer],
            as: owner.sessionToken)
        let token = server.token(of: leakCase.caller, for: row)
        let subQuery: JSONValue = ["className": .string(leakCase.securedClass.wireClassName), "where": ["marker": .string(row.marker)]]
        let condition: JSONValue
        switch leakCase.channel {
        case .inQuery: condition = ["marker": .string(row.marker), "target": ["$inQuery": subQuery]]
        case .orInQuery:
            condition = ["marker": .string(row.marker), "$or": [["target": ["$inQuery": subQuery]], ["ref": "noSuchValue"]]]
        case .notInQuery: condition = ["marker": .string(row.marker), "target": ["$notInQuery": subQuery]]
        case .select: condition = ["marker": .string(row.marker), "ref": ["$select": ["query": subQuery, "key": "marker"]]]
        default: condition = ["marker": .string(row.marker), "ref": ["$dontSelect": ["query": subQuery, "key": "marker"]]]
        }

        let body = try await server.requester.find(LeakRunner.holderPath, where: condition, [("count", "1")], as: token)

        let visible = leakCase.protection.allowsRead(leakCase.caller) != leakCase.channel.isNegated
        #expect(resultIds(body) == (visible ? [holder] : []), "\(leakCase.testDescription): results")
        #expect(body["count"] == .integer(visible ? 1 : 0), "\(leakCase.testDescription): count")
    }

    /// `$relatedTo` a protected row: the related objects are public, yet only a caller who can read the row learns them.
    private func runRelatedTo(_ leakCase: LeakCase) async throws {
        let principals = server.principals
        let target: RelatedTarget
        switch (leakCase.channel, leakCase.securedClass) {
        case (.relatedToChildRoles, _):
            let row = try await server.createRow(
                .role, leakCase.protection, marker: leakCase.marker,
                fields: ["belongRole": addRelation([rolePointer(principals.juniorRoleId)])])
            target = RelatedTarget(row: row, key: "belongRole", path: "/2013-09-01/roles", related: principals.juniorRoleId)
        case (_, .role):
            let row = try await server.createRow(
                .role, leakCase.protection, marker: leakCase.marker,
                fields: ["belongUser": addRelation([userPointer(principals.other.objectId)])])
            target = RelatedTarget(row: row, key: "belongUser", path: "/2013-09-01/users", related: principals.other.objectId)
        default:
            let holder = try await server.requester.create(
                LeakRunner.holderPath, ["marker": .string(leakCase.marker)], as: owner.sessionToken)
            let row = try await server.createRow(
                .document, leakCase.protection, marker: leakCase.marker,
                fields: ["links": addRelation([pointer("SecuredHolder", holder)])])
            target = RelatedTarget(row: row, key: "links", path: LeakRunner.holderPath, related: holder)
        }
        let (row, key, relatedPath, related) = (target.row, target.key, target.path, target.related)
        let token = server.token(of: leakCase.caller, for: row)
        let condition: JSONValue = ["$relatedTo": ["object": row.pointer, "key": .string(key)]]

        let body = try await server.requester.find(relatedPath, where: condition, [("count", "1")], as: token)

        let visible = leakCase.protection.allowsRead(leakCase.caller)
        #expect(resultIds(body) == (visible ? [related] : []), "\(leakCase.testDescription): results")
        #expect(body["count"] == .integer(visible ? 1 : 0), "\(leakCase.testDescription): count")
    }
}

/// The owner of a relation and what the relation holds.
private struct RelatedTarget {
    /// The protected owner of the relation.
    var row: SecuredRow
    /// The relation field.
    var key: String
    /// The collection path of the related objects.
    var path: String
    /// The objectId of the one related object.
    var related: String
}

/// Zero leaks through `include`, sub-queries, `$relatedTo` and counts, on SQLite.
@Suite(.securityServer(on: .sqlite)) struct LeakTests {
    @Test(arguments: LeakCase.allCases)
    func queriesRevealNothingOfUnreadableRows(_ leakCase: LeakCase) async throws {
        try await SecurityServer.runCase { server in try await LeakRunner(server: server).run(leakCase) }
    }
}

/// Zero leaks through `include`, sub-queries, `$relatedTo` and counts, on PostgreSQL.
@Suite(.enabled(if: TestDatabase.runsPostgres, TestDatabase.skipReason), .securityServer(on: .postgres))
struct PostgresLeakTests {
    @Test(arguments: LeakCase.allCases)
    func queriesRevealNothingOfUnreadableRows(_ leakCase: LeakCase) async throws {
        try await SecurityServer.runCase { server in try await LeakRunner(server: server).run(leakCase) }
    }
}
