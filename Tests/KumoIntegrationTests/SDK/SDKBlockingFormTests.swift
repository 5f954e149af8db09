import Foundation
import KumoTestSupport
import NCMB
import Testing

/// ncmb_swift's blocking and callback forms, driven from a background thread against the real server.
@Suite struct SDKBlockingFormTests {
    /// Runs `body` on a new thread, as an app calls the blocking forms, and returns its result.
    static func onBackgroundThread<Value: Sendable>(_ body: @escaping @Sendable () -> Value) async -> Value {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: body()) }.start()
        }
    }

    /// Waits for the one callback of an `…InBackground(callback:)` call.
    static func callback<Value: Sendable>(_ start: (@escaping NCMBHandler<Value>) -> Void) async -> NCMBResult<Value> {
        await withCheckedContinuation { continuation in start { continuation.resume(returning: $0) } }
    }

    // MARK: Tests

    @Test func theBlockingFormsCreateQueryCountAndDelete() async throws {
        try await withSDK { _ in
            let object = NCMBObject(className: "Food")
            object["name"] = "ramen"
            object["price"] = 900
            var query = NCMBQuery.getQuery(className: "Food")
            query.where(field: "price", greaterThanOrEqualTo: 900)
            // Objects capture the task's context when they are created, so create them here, not on the thread.
            let copy = NCMBObject(className: "Food")

            let (saved, found, counted, deleted, refetched) = await Self.onBackgroundThread { [query] in
                let saved = object.save()
                object["price"] = NCMBIncrementOperator(amount: 100)
                _ = object.save()
                let found = query.find()
                let counted = query.count()
                copy.objectId = object.objectId
                let deleted = object.delete()
                return (saved, found, counted, deleted, copy.fetch())
            }

            guard case .success = saved else { throw try #require(saved.failureError) }
            guard case .success(let objects) = found else { throw try #require(found.failureError) }
            #expect(objects.first?["price"] == 1000)
            guard case .success(let count) = counted else { throw try #require(counted.failureError) }
            #expect(count == 1)
            guard case .success = deleted else { throw try #require(deleted.failureError) }
            #expect((refetched.failureError as? NCMBApiError)?.errorCode == .noDataAvailable)
        }
    }

    @Test func theCallbackFormsCreateFetchAndQuery() async throws {
        try await withSDK { _ in
            let object = NCMBObject(className: "Food")
            object["name"] = "soba"

            let saved = await Self.callback { object.saveInBackground(callback: $0) }
            let copy = NCMBObject(className: "Food")
            copy.objectId = object.objectId
            let fetched = await Self.callback { copy.fetchInBackground(callback: $0) }
            let fetchedName: String? = copy["name"]
            let query = NCMBQuery.getQuery(className: "Food")
            let found = await Self.callback { query.findInBackground(callback: $0) }
            let counted = await Self.callback { query.countInBackground(callback: $0) }
            let deleted = await Self.callback { copy.deleteInBackground(callback: $0) }

            #expect(saved.failureError == nil)
            #expect(fetched.failureError == nil)
            #expect(fetchedName == "soba")
            guard case .success(let objects) = found else { throw try #require(found.failureError) }
            #expect(objects.count == 1)
            guard case .success(let count) = counted else { throw try #require(counted.failureError) }
            #expect(count == 1)
            #expect(deleted.failureError == nil)
        }
    }
}

extension NCMBResult {
    /// The error of a failure; `nil` for a success.
    var failureError: (any Error)? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
