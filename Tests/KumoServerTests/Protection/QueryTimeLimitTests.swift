import HTTPTypes
import HummingbirdTesting
import KumoServer
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// Finding 1 of issue 13 through the API: a query past the read time limit answers 429 E429001 and the server goes on
/// serving (docs/decisions/0067-work-budget.md). SQLite only: PostgreSQL's regular-expression engine does not backtrack
/// on this pattern (its time limit is tested in `PostgresWorkBudgetTests`).
@Suite(.timeLimit(.minutes(1))) struct QueryTimeLimitTests {
    @Test func aCatastrophicRegularExpressionAnswers429E429001AndTheServerGoesOn() async throws {
        let limits = ReadLimits(timeLimit: .milliseconds(200), expensiveReadLanes: nil, maximumWaitingReads: 8)
        try await TestApplication.with(readLimits: limits) { application in
            try await application.test { client in
                let created = try await client.send(.post, "/2013-09-01/classes/ReDoS", body: #"{"s":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!"}"#)
                let objectId = created.json?.objectValue?["objectId"]?.stringValue ?? ""
                let query = "where=%7B%22s%22%3A%7B%22%24regex%22%3A%22(.*a)%7B20%7D%22%7D%7D"
                let stopped = try await client.send(.get, "/2013-09-01/classes/ReDoS?" + query)
                let byId = try await client.send(.get, "/2013-09-01/classes/ReDoS/" + objectId)
                let count = try await client.send(.get, "/2013-09-01/classes/ReDoS?count=1&limit=0")

                #expect(created.status.code == 201)
                #expect(stopped.status.code == 429)
                #expect(stopped.json == ["code": "E429001", "error": "Passed limit."])
                #expect(stopped.headers[.retryAfter] == nil, "the same query would fail again")
                #expect(byId.status.code == 200)
                #expect(count.json?.objectValue?["count"] == 1)
            }
        }
    }

    /// A GET with a query and a body that the server answers without reading (a bad signature) is answered, and the
    /// connection serves the next request: the cancellation watcher only runs for requests without a body.
    @Test func aQueryWithAnUnreadBodyIsAnsweredOverARealConnection() async throws {
        try await TestApplication.with { application in
            try await application.testLive { _, client in
                let body = #"{"a":""# + String(repeating: "x", count: 1_000_000) + #""}"#
                let refused = try await client.send(.get, "/2013-09-01/classes/T?where=%7B%7D", body: body, clientKey: "wrong")
                let next = try await client.send(.get, "/2013-09-01/classes/T?where=%7B%7D")

                #expect(refused.status.code == 401)
                #expect(next.status.code == 200)
            }
        }
    }
}
