import HTTPTypes
import HummingbirdTesting
import KumoServer
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// The endpoints that touch one row (docs/wire/endpoints/objects.md to docs/wire/endpoints/roles.md).
enum RowEndpoint: String, Sendable, CaseIterable {
    /// `GET {path}/{objectId}`.
    case get
    /// `GET {path}?where=…`.
    case find
    /// `GET {path}?where=…&count=1`.
    case count
    /// `GET {path}?where=…&count=1&limit=0`: only the count (docs/decisions/0001-query-limit.md).
    case countOnly
    /// `PUT {path}/{objectId}`.
    case update
    /// `DELETE {path}/{objectId}`.
    case delete
}

/// One cell of the ACL matrix: endpoint × caller × ACL × kind of row.
struct AccessMatrixCase: Sendable, CustomTestStringConvertible {
    var endpoint: RowEndpoint
    var caller: Caller
    var protection: Protection
    var securedClass: SecuredClass

    var testDescription: String { "\(endpoint) of a \(securedClass) row with ACL \(protection) as \(caller)" }

    /// A `marker` (and userName / roleName) unique to this case.
    var marker: String { "mx\(endpoint)\(securedClass)\(protection)\(caller)" }

    /// Every combination.
    static let allCases: [AccessMatrixCase] = SecuredClass.allCases.flatMap { securedClass in
        Protection.allCases.flatMap { protection in
            RowEndpoint.allCases.flatMap { endpoint in
                Caller.allCases.map { AccessMatrixCase(endpoint: endpoint, caller: $0, protection: protection, securedClass: securedClass) }
            }
        }
    }
}

/// Runs one ``AccessMatrixCase`` against a ``SecurityServer`` and checks the outcome
/// docs/decisions/0003-existence-is-not-leaked.md prescribes.
struct AccessMatrixRunner {
    let server: SecurityServer

    func run(_ matrixCase: AccessMatrixCase) async throws {
        let row = try await server.createRow(matrixCase.securedClass, matrixCase.protection, marker: matrixCase.marker)
        let token = server.token(of: matrixCase.caller, for: row)
        let canRead = matrixCase.protection.allowsRead(matrixCase.caller)
        let canWrite = matrixCase.protection.allowsWrite(matrixCase.caller)
        let label = matrixCase.testDescription
        let requester = server.requester
        switch matrixCase.endpoint {
        case .get:
            let response = try await requester.send(.get, row.path, as: token)
            if canRead {
                #expect(response.status.code == 200, "\(label): \(response.text)")
                #expect(response.json?.objectValue?["objectId"]?.stringValue == row.objectId, "\(label): objectId")
                #expect(response.json?.objectValue?["marker"]?.stringValue == row.marker, "\(label): marker")
            } else {
                expectNotFound(response, label)
            }
        case .find:
            let body = try await requester.find(row.securedClass.path, where: ["marker": .string(row.marker)], as: token)
            #expect(resultIds(body) == (canRead ? [row.objectId] : []), "\(label): results")
            #expect(body["count"] == nil, "\(label): no count without count=1")
        case .count:
            let body = try await requester.find(
                row.securedClass.path, where: ["marker": .string(row.marker)], [("count", "1")], as: token)
            #expect(body["count"] == .integer(canRead ? 1 : 0), "\(label): count")
            #expect(resultIds(body) == (canRead ? [row.objectId] : []), "\(label): results")
        case .countOnly:
            let body = try await requester.find(
                row.securedClass.path, where: ["marker": .string(row.marker)], [("count", "1"), ("limit", "0")], as: token)
            #expect(body["count"] == .integer(canRead ? 1 : 0), "\(label): count")
            #expect(resultIds(body) == [], "\(label): no results with limit=0")
        case .update:
            let response = try await requester.send(.put, row.path, json: ["note": "changed"], as: token)
            expectWriteOutcome(response, canRead: canRead, canWrite: canWrite, label)
            if canWrite { #expect(response.json?.objectValue?["updateDate"]?.stringValue != nil, "\(label): updateDate") }
            let stored = try #require(try await server.stored(row), "\(label): an update never removes the row")
            #expect(stored.fields["note"] == (canWrite ? "changed" : "initial"), "\(label): stored note")
        case .delete:
            let response = try await requester.send(.delete, row.path, as: token)
            expectWriteOutcome(response, canRead: canRead, canWrite: canWrite, label)
            if canWrite { #expect(response.text.isEmpty, "\(label): empty body") }
            let remaining = try await server.stored(row)
            #expect((remaining == nil) == canWrite, "\(label): row removed only when writable")
        }
    }

    /// 200 when writable, 403 E403001 when readable only, 404 E404001 when unreadable
    /// (docs/decisions/0003-existence-is-not-leaked.md).
    private func expectWriteOutcome(_ response: TestResponse, canRead: Bool, canWrite: Bool, _ label: String) {
        if canWrite {
            #expect(response.status.code == 200, "\(label): \(response.text)")
        } else if canRead {
            expectDenied(response, label)
        } else {
            expectNotFound(response, label)
        }
    }
}

/// The ACL matrix on SQLite: every endpoint that touches a row × caller × ACL × kind of row (issue 4 "Security tests",
/// docs/wire/acl.md, docs/decisions/0003-existence-is-not-leaked.md, docs/decisions/0004-role-inheritance.md).
@Suite(.securityServer(on: .sqlite)) struct AccessMatrixTests {
    @Test(arguments: AccessMatrixCase.allCases)
    func outcomeMatchesTheAccessDecisions(_ matrixCase: AccessMatrixCase) async throws {
        try await SecurityServer.runCase { server in try await AccessMatrixRunner(server: server).run(matrixCase) }
    }

    @Test func aMissingRowAnswersLikeAnUnreadableOne() async throws {
        let server = try #require(SecurityServer.current, "the suite trait binds the seeded server")
        let token = server.principals.other.sessionToken

        for securedClass in SecuredClass.allCases {
            let path = "\(securedClass.path)/noSuchObject0001"
            expectNotFound(try await server.requester.send(.get, path, as: token), "GET missing \(securedClass)")
            expectNotFound(try await server.requester.send(.put, path, json: ["note": "x"], as: token), "PUT missing \(securedClass)")
            expectNotFound(try await server.requester.send(.delete, path, as: token), "DELETE missing \(securedClass)")
        }
    }
}

/// The ACL matrix on PostgreSQL: the same cases, the same outcomes.
@Suite(.enabled(if: TestDatabase.runsPostgres, TestDatabase.skipReason), .securityServer(on: .postgres))
struct PostgresAccessMatrixTests {
    @Test(arguments: AccessMatrixCase.allCases)
    func outcomeMatchesTheAccessDecisions(_ matrixCase: AccessMatrixCase) async throws {
        try await SecurityServer.runCase { server in try await AccessMatrixRunner(server: server).run(matrixCase) }
    }
}
