internal import NCMBWire

extension NCMBObject {
    /// Saves several objects in as few requests as possible (`POST /batch`, 50 objects per request).
    ///
    /// Each object is created or updated as ``save()`` would (every field for a new object, the changed fields
    /// otherwise) and takes the `objectId` and dates the server answered. The requests are sent with the settings of
    /// the first object.
    ///
    /// ```swift
    /// let scores = (1...3).map { points -> NCMBObject in
    ///     let score = NCMBObject(className: "GameScore")
    ///     score["points"] = points
    ///     return score
    /// }
    /// try await NCMBObject.saveAll(scores)
    /// ```
    ///
    /// - Parameters:
    ///   - objects: The objects; nothing is sent when empty.
    ///   - atomically: `false` (the default) saves each object independently, as NCMB's batch does: some may fail while
    ///     others are saved. `true` uses Kumo's transactional batch (docs/decisions/0056-transactional-batch.md): all
    ///     are saved or none is, and at most 50 objects are accepted.
    /// - Throws: ``NCMBBatchError`` naming the objects the server refused, the others being saved;
    ///   ``NCMBInvalidRequestError`` for an invalid class name or a field value rejected when it was assigned, before
    ///   any request; ``NCMBApiError`` for an error of the whole batch (with `atomically`, the first refused object's
    ///   error, and E413003 for more than 50 objects); the transport's error when no response arrived, in which case the
    ///   requests of earlier groups of 50 were applied and later ones not sent.
    /// - Note: A Kumo addition; ncmb_swift has no batch.
    public class func saveAll(_ objects: [NCMBObject], atomically: Bool = false) async throws {
        let requests = try objects.map { object throws -> PreparedBatchRequest in
            let snapshot = object.state.current
            let reference = try object.classReference()
            if let objectId = snapshot.fields["objectId"]?.stringValue {
                let body = try snapshot.updateBody()
                return PreparedBatchRequest(object: object, request: BatchRequest(.objects(reference, .update(objectId: objectId, body))), body: body)
            }
            let body = try snapshot.createBody()
            return PreparedBatchRequest(object: object, request: BatchRequest(.objects(reference, .create(body))), body: body)
        }
        try await send(requests, atomically: atomically)
    }

    /// Deletes several objects in as few requests as possible (`POST /batch`, 50 objects per request).
    ///
    /// Each deleted object loses its fields, as after ``delete()``. The requests are sent with the settings of the
    /// first object.
    ///
    /// - Parameters:
    ///   - objects: The objects; nothing is sent when empty.
    ///   - atomically: `true` deletes all or none (Kumo's transactional batch, at most 50 objects); `false` (the default)
    ///     deletes each independently.
    /// - Throws: ``NCMBBatchError`` naming the objects the server refused (E404001 for one that does not exist), the
    ///   others being deleted; ``NCMBInvalidRequestError/emptyObjectId`` for an object without objectId, before any
    ///   request; the other errors of ``saveAll(_:atomically:)``.
    /// - Note: A Kumo addition; ncmb_swift has no batch.
    public class func deleteAll(_ objects: [NCMBObject], atomically: Bool = false) async throws {
        let requests = try objects.map { object throws -> PreparedBatchRequest in
            let request = BatchRequest(.objects(try object.classReference(), .delete(objectId: try object.requireObjectId())))
            return PreparedBatchRequest(object: object, request: request, body: nil)
        }
        try await send(requests, atomically: atomically)
    }

    /// Sends the prepared requests in groups of at most 50 (one group when atomic) and applies each outcome to its
    /// object: a save takes the answered fields, a delete clears the object.
    private class func send(_ requests: [PreparedBatchRequest], atomically: Bool) async throws {
        guard let context = requests.first?.object.context else { return }
        if atomically, requests.count > BatchRequest.maximumCount { throw NCMBApiError(APIError(.requestsThreadLimitError)) }
        let service = NCMBBatchService(context: context)
        var failures: [NCMBBatchError.Failure] = []
        var start = 0
        while start < requests.count {
            let group = requests[start..<min(start + BatchRequest.maximumCount, requests.count)]
            let outcomes = try await service.send(group.map(\.request), isTransaction: atomically)
            for (index, outcome) in zip(group.indices, outcomes) {
                switch outcome {
                case .success(let answer): requests[index].apply(answer)
                case .failure(let error): failures.append(NCMBBatchError.Failure(index: index, error: error))
                }
            }
            start += BatchRequest.maximumCount
        }
        if !failures.isEmpty { throw NCMBBatchError(failures: failures) }
    }

    /// Saves several objects in one or more batches, as `try await saveAll(_:atomically:)` does.
    ///
    /// - Returns: `.success` once every object is saved, or `.failure` with the error.
    /// - Important: Blocks the calling thread until the requests finish. Call it from a background thread, never from
    ///   async code (use `try await saveAll(_:atomically:)` there) and preferably not from the main thread.
    @available(*, noasync, message: "Blocks the calling thread; use `try await saveAll(_:atomically:)` in async code.")
    public class func saveAll(_ objects: [NCMBObject], atomically: Bool = false) -> NCMBResult<Void> {
        SynchronousCall.run { try await saveAll(objects, atomically: atomically) }
    }

    /// Saves several objects in one or more batches in the background, as `try await saveAll(_:atomically:)` does.
    ///
    /// - Parameter callback: Called once with the result, on a background queue.
    public class func saveAllInBackground(
        _ objects: [NCMBObject], atomically: Bool = false, callback: @escaping NCMBHandler<Void>
    ) {
        BackgroundCall.start(callback) { try await saveAll(objects, atomically: atomically) }
    }

    /// Deletes several objects in one or more batches, as `try await deleteAll(_:atomically:)` does.
    ///
    /// - Returns: `.success` once every object is deleted, or `.failure` with the error.
    /// - Important: Blocks the calling thread until the requests finish. Call it from a background thread, never from
    ///   async code (use `try await deleteAll(_:atomically:)` there) and preferably not from the main thread.
    @available(*, noasync, message: "Blocks the calling thread; use `try await deleteAll(_:atomically:)` in async code.")
    public class func deleteAll(_ objects: [NCMBObject], atomically: Bool = false) -> NCMBResult<Void> {
        SynchronousCall.run { try await deleteAll(objects, atomically: atomically) }
    }

    /// Deletes several objects in one or more batches in the background, as `try await deleteAll(_:atomically:)` does.
    ///
    /// - Parameter callback: Called once with the result, on a background queue.
    public class func deleteAllInBackground(
        _ objects: [NCMBObject], atomically: Bool = false, callback: @escaping NCMBHandler<Void>
    ) {
        BackgroundCall.start(callback) { try await deleteAll(objects, atomically: atomically) }
    }
}

/// One object's request of a batch, and the body a save sent (`nil` for a delete).
private struct PreparedBatchRequest: Sendable {
    let object: NCMBObject
    let request: BatchRequest
    let body: JSONObject?

    /// Applies the answer of a successful request: a save takes the answered fields, a delete clears the object.
    func apply(_ answer: JSONObject) {
        object.state.withLock { state in
            if let body { state.applySave(sent: body, response: answer) } else { state.clear() }
        }
    }
}
