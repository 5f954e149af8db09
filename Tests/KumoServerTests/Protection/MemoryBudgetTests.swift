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

    @Test func aBodyBeyondTheBytesInFlightAnswers503WithRetryAfterWhileAnotherIsRead() async throws {
        try await TestApplication.with(configure: { configuration in
            configuration.maximumBodySize = 1000
            configuration.maximumBodyBytesInFlight = 1000
            configuration.bodyTimeoutSeconds = 60
        }) { application in
            try await application.testLive { port, client in
                // The first body declares 800 bytes and sends one: its 800 bytes stay reserved while the server waits.
                let head = application.signedHead(method: "POST", path: "/2013-09-01/classes/InFlight") + "Content-Length: 800\r\n\r\n{"
                let holder = try await RawConnection.connect(port: port)
                try await holder.executeThenClose { inbound, outbound in
                    try await outbound.write(ByteBuffer(string: head))
                    // Its reservation is in place once a second body no longer fits; the first one holds no lane, so
                    // this asks again until it does (a condition, not a delay).
                    var second = try await client.send(.post, "/2013-09-01/classes/InFlight", body: #"{"n":1}"# + String(repeating: " ", count: 400))
                    while second.status.code != 503 {
                        #expect(second.status.code == 201)
                        try await Task.sleep(for: .milliseconds(5))
                        second = try await client.send(.post, "/2013-09-01/classes/InFlight", body: #"{"n":1}"# + String(repeating: " ", count: 400))
                    }
                    #expect(second.json == ["code": "E503001", "error": "Service unavailable."])
                    #expect(second.headers[.retryAfter] == "1")

                    // The first body completes and is stored; then the budget is free again.
                    try await outbound.write(ByteBuffer(string: #""n":2}"# + String(repeating: " ", count: 800 - 7)))
                    var iterator = inbound.makeAsyncIterator()
                    let first = try await RawConnection.readResponse(&iterator)
                    #expect(first?.status == 201)
                }
                let third = try await client.send(.post, "/2013-09-01/classes/InFlight", body: #"{"n":3}"#)
                #expect(third.status.code == 201)
            }
        }
    }
}
