import HTTPTypes
import HummingbirdTesting
import KumoServer
import KumoStorage
import KumoTestSupport
import NCMBWire
import NIOCore
import Testing

/// The memory budget (issue 13, finding 2; docs/decisions/0069-memory-budget.md): a body may hold at most 500,000 JSON
/// values, and the request bodies held at once are bounded; past either, nothing is written.
@Suite(.timeLimit(.minutes(2))) struct MemoryBudgetTests {
    private func stored(_ application: TestApplication, _ className: String) async throws -> Int {
        try await application.storage.objects.find(
            FindRequest(applicationId: application.application.applicationId, className: try ClassName(validating: className),
                parameters: QueryParameters()), access: .bypass
        ).objects.count
    }

    @Test func aBodyOfMoreValuesThanTheMaximumIsRefusedWith413AndNothingIsWritten() async throws {
        try await TestApplication.with { application in
            try await application.test { client in
                let maximum = APIRouter.maximumBodyValues
                // The object and the array are two values: maximum − 2 numbers fit exactly, one more does not.
                let fitting = #"{"a":["# + Array(repeating: "0", count: maximum - 2).joined(separator: ",") + "]}"
                let tooMany = #"{"a":["# + Array(repeating: "0", count: maximum - 1).joined(separator: ",") + "]}"
                let refused = try await client.send(.post, "/2013-09-01/classes/Values", body: tooMany)
                let countAfterRefusal = try await stored(application, "Values")
                let accepted = try await client.send(.post, "/2013-09-01/classes/Values", body: fitting)

                #expect(refused.status.code == 413)
                #expect(refused.json == ["code": "E413002", "error": "Request entity too large."])
                #expect(countAfterRefusal == 0)
                #expect(accepted.status.code == 201)
            }
        }
    }

    @Test func theBudgetAddsUpReservationsAndGivesThemBack() {
        let budget = BodyBudget(capacity: 1000)
        #expect(budget.reserve(800))
        #expect(!budget.reserve(201), "800 + 201 does not fit")
        #expect(budget.reserve(200))
        budget.release(800)
        #expect(budget.inFlight == 200)
        #expect(budget.reserve(800))
    }

    @Test func aBodyBeyondTheBytesInFlightAnswers503WithRetryAfterAndIsNotWritten() async throws {
        try await TestApplication.with(configure: { configuration in
            configuration.maximumBodyBytesInFlight = 100
        }) { application in
            try await application.testLive { _, client in
                let refused = try await client.send(.post, "/2013-09-01/classes/InFlight", body: #"{"n":1}"# + String(repeating: " ", count: 400))
                let storedAfterRefusal = try await stored(application, "InFlight")
                let fitting = try await client.send(.post, "/2013-09-01/classes/InFlight", body: #"{"n":2}"#)

                #expect(refused.status.code == 503)
                #expect(refused.json == ["code": "E503001", "error": "Service unavailable."])
                #expect(refused.headers[.retryAfter] == "1")
                #expect(storedAfterRefusal == 0)
                #expect(fitting.status.code == 201, "the connection goes on and the budget was given back")
            }
        }
    }
}
