import Dispatch
import Foundation
import NCMB
import NCMBWire

/// The keys of docs/wire/signature.md#key-sets, K1 (the NCMB documentation's signature example).
enum TestKeys {
    static let applicationKey = "6145f91061916580c742f806bab67649d10f45920246ff459404c46f00ff3e56"
    static let clientKey = "1343d198b510a0315db1c03f3aa0e32418b7a743f8e4b47cbff670601345cf75"
}

/// 2009-02-13T23:31:30.000Z, the time of every deterministic test.
let testDate = Date(timeIntervalSince1970: 1_234_567_890)

extension NCMBContext {
    /// A context with the documented keys, a clock pinned to ``testDate`` and `transport`.
    static func test(
        transport: any NCMBTransport, domainURL: String = "https://mbaas.api.nifcloud.com/", now: Date = testDate
    ) -> NCMBContext {
        NCMBContext(
            applicationKey: TestKeys.applicationKey, clientKey: TestKeys.clientKey, domainURL: domainURL, transport: transport,
            now: { now })
    }
}

extension ClassReference {
    /// `/classes/{name}` for a name the test knows to be valid.
    static func named(_ name: String) throws -> ClassReference { .custom(try ClassName(validating: name)) }
}

extension QueryParameters {
    /// Parameters with a `where` given as JSON, for expected find routes.
    static func matching(
        _ whereJSON: JSONValue, order: [String] = [], limit: Int? = nil, skip: Int? = nil, includesCount: Bool = false
    ) throws -> QueryParameters {
        var keys: [SortKey] = []
        for item in order { keys.append(try SortKey(parsing: item)) }
        return QueryParameters(
            whereQuery: try WhereQuery(parsing: whereJSON), order: keys, limit: limit, skip: skip, includesCount: includesCount)
    }
}

/// Runs `body` on a new background thread, as an app calls the SDK's blocking forms, and returns its result.
///
/// A plain thread, not a global dispatch queue: on Linux, libdispatch adds a worker thread only about once a second
/// when its few workers are blocked, and Swift concurrency runs on those same workers, so many blocked dispatch workers
/// would slow the whole test run (not deadlock it; `NCMBSynchronousCallTests` checks that).
func onBackgroundThread<Value: Sendable>(_ body: @escaping @Sendable () -> Value) async -> Value {
    await withCheckedContinuation { continuation in
        Thread { continuation.resume(returning: body()) }.start()
    }
}

/// Starts an `…InBackground(callback:)` call and waits for its one callback.
func inBackground<Value: Sendable>(_ start: (@escaping NCMBHandler<Value>) -> Void) async -> NCMBResult<Value> {
    await withCheckedContinuation { continuation in
        start { result in continuation.resume(returning: result) }
    }
}

extension NCMBResult {
    /// The value of a success; `nil` for a failure.
    var value: T? {
        if case .success(let value) = self { return value }
        return nil
    }

    /// The error of a failure; `nil` for a success.
    var error: (any Error)? {
        if case .failure(let error) = self { return error }
        return nil
    }

    /// Whether the result is a success.
    var isSuccess: Bool { value != nil }
}

/// The three forms of every SDK operation, for tests that run one behaviour through each of them.
enum CallForm: String, CaseIterable, Sendable {
    /// `try await operation()`.
    case async
    /// The blocking `operation() -> NCMBResult<T>`, called from a background thread.
    case blocking
    /// `operationInBackground(callback:)`.
    case callback

    /// Runs one operation in this form and returns its result.
    func run<Value: Sendable>(
        async asyncForm: @escaping @Sendable () async throws -> Value,
        blocking blockingForm: @escaping @Sendable () -> NCMBResult<Value>,
        callback callbackForm: (@escaping NCMBHandler<Value>) -> Void
    ) async -> NCMBResult<Value> {
        switch self {
        case .async:
            do {
                return .success(try await asyncForm())
            } catch {
                return .failure(error)
            }
        case .blocking: return await onBackgroundThread(blockingForm)
        case .callback: return await inBackground(callbackForm)
        }
    }
}
