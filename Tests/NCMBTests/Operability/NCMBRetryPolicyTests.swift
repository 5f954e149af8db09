import Foundation
import NCMB
import NCMBWire
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The retry policy: reads are sent again after transient failures, with growing waits; writes never.
@Suite struct NCMBRetryPolicyTests {
    let transport = RecordingTransport()
    /// The waits the SDK asked for, in seconds; they return at once.
    let waits = Locked<[TimeInterval]>([])

    func context(_ policy: NCMBRetryPolicy) -> NCMBContext {
        var context = NCMBContext.test(transport: transport)
        let waits = self.waits
        context.retryPolicy = policy
        context.sleep = { seconds in waits.withLock { $0.append(seconds) } }
        context.random = { 0.5 }
        return context
    }

    func query(_ policy: NCMBRetryPolicy) -> NCMBQuery<NCMBObject> {
        NCMBContext.$current.withValue(context(policy)) { NCMBQuery.getQuery(className: "Food") }
    }

    static let unavailable = #"{"code":"E503001","error":"Service unavailable."}"#

    // MARK: Tests

    @Test func aReadIsSentAgainAfterTransientFailuresUntilItSucceeds() async throws {
        let find = APIRoute.objects(try .named("Food"), .find(QueryParameters()))
        transport.expect(find, reply: .failure(URLError(.timedOut)))
        transport.expect(find, reply: .json(503, Self.unavailable))
        transport.expect(find, reply: .json(200, #"{"results":[{"objectId":"f1"}]}"#))

        let found = try await query(NCMBRetryPolicy(maximumAttempts: 3, initialDelay: 1, multiplier: 2, maximumDelay: 10)).find()

        #expect(found.map(\.objectId) == ["f1"])
        #expect(waits.current == [0.75, 1.5])
    }

    @Test func theLastFailureIsReportedWhenAttemptsRunOut() async throws {
        let find = APIRoute.objects(try .named("Food"), .find(QueryParameters()))
        transport.expect(find, reply: .json(503, Self.unavailable))
        transport.expect(find, reply: .json(503, Self.unavailable))

        let error = await #expect(throws: NCMBApiError.self) { try await query(NCMBRetryPolicy(maximumAttempts: 2)).find() }

        #expect(error?.errorCode == .serviceUnavailable)
        #expect(transport.requests.count == 2)
    }

    @Test func writesAreNeverSentTwice() async throws {
        let object = NCMBContext.$current.withValue(context(.standard)) { NCMBObject(className: "Food") }
        transport.expect(.objects(try .named("Food"), .create([:])), reply: .failure(URLError(.timedOut)))

        await #expect(throws: URLError.self) { try await object.save() }

        #expect(transport.requests.count == 1)
        #expect(waits.current.isEmpty)
    }

    @Test func answersAndErrorsThatWillNotPassEndAtOnce() async throws {
        let find = APIRoute.objects(try .named("Food"), .find(QueryParameters()))
        transport.expect(find, reply: .json(404, #"{"code":"E404001","error":"No data available."}"#))
        transport.expect(find, reply: .failure(URLError(.cancelled)))
        transport.expect(find, reply: .failure(CancellationError()))

        for _ in 0..<3 { _ = try? await query(.standard).find() }

        #expect(transport.requests.count == 3)
        #expect(waits.current.isEmpty)
    }

    @Test func theDefaultNeverRetries() async throws {
        transport.expect(.objects(try .named("Food"), .find(QueryParameters())), reply: .failure(URLError(.timedOut)))

        await #expect(throws: URLError.self) { try await query(.none).find() }

        #expect(NCMBRetryPolicy.none.maximumAttempts == 1)
        #expect(NCMBContext().retryPolicy == .none)
    }
}
