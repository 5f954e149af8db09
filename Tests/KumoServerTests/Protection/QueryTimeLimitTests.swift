import HTTPTypes
import HummingbirdTesting
import KumoSQLite
import KumoServer
import KumoStorage
import KumoTestSupport
import NCMBWire
import NIOCore
import Testing

/// Finding 1 of issue 13 through the API: a query past the read time limit answers 429 E429001 and the server goes on
/// serving (docs/decisions/0067-work-budget.md). SQLite only: PostgreSQL's regular-expression engine does not backtrack
/// on this pattern (its time limit is tested in `PostgresWorkBudgetTests`).
@Suite(.timeLimit(.minutes(1))) struct QueryTimeLimitTests {
    @Test func aCatastrophicRegularExpressionAnswers429E429001AndTheServerGoesOn() async throws {
        // 2 s: long enough that the count below never meets it on a busy machine; the pattern backtracks for far longer.
        let limits = ReadLimits(timeLimit: .seconds(2), expensiveReadLanes: nil, maximumWaitingReads: 8)
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

    /// A query whose client hangs up is cancelled: with no time limit at all, only the disconnect can stop it (eight
    /// values of 64 `a` make the pattern backtrack for far longer than the suite's time limit).
    @Test func aQueryWhoseClientLeavesStopsWithoutATimeLimit() async throws {
        try await TestApplication.with(readLimits: .unlimited) { application in
            let storage = try #require(application.storage as? SQLiteStorage)
            // Each value takes ICU about half a minute before it gives up; eight of them outlast the suite's limit.
            try await application.test { client in
                for _ in 0..<8 {
                    _ = try await client.send(.post, "/2013-09-01/classes/ReDoS", body: #"{"s":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!"}"#)
                }
            }
            try await application.testLive { port, _ in
                let query = "where=%7B%22s%22%3A%7B%22%24regex%22%3A%22(.*a)%7B20%7D%22%7D%7D"
                let head = application.signedGetHead(path: "/2013-09-01/classes/ReDoS", query: query)
                let channel = try await RawConnection.connect(port: port)
                try await channel.executeThenClose { _, outbound in
                    try await outbound.write(ByteBuffer(string: head))
                    try await waitUntil("the query running") { storage.readOccupancy.running > 0 }
                }  // the client hangs up here, its query still running
                try await waitUntil("the abandoned query stopping") { storage.readOccupancy.running == 0 }
                #expect(storage.readOccupancy.running == 0)
            }
        }
    }
}
