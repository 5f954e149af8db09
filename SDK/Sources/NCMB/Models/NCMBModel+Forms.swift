extension NCMBModel {
    /// Saves the model, as `try await save()` does.
    ///
    /// - Returns: `.success` with the saved model, or `.failure` with the error.
    /// - Important: Blocks the calling thread until the request finishes. Call it from a background thread, never from
    ///   async code (use `try await save()` there) and preferably not from the main thread.
    @available(*, noasync, message: "Blocks the calling thread; use `try await save()` in async code.")
    public func save() -> NCMBResult<Self> { SynchronousCall.run { try await self.save() } }

    /// Saves the model in the background, as `try await save()` does.
    ///
    /// - Parameter callback: Called once with the saved model or the error, on a background queue.
    public func saveInBackground(callback: @escaping NCMBHandler<Self>) { BackgroundCall.start(callback) { try await self.save() } }

    /// Fetches the model's object again, as `try await fetch()` does.
    ///
    /// - Returns: `.success` with the model, or `.failure` with the error.
    /// - Important: Blocks the calling thread until the request finishes. Call it from a background thread, never from
    ///   async code (use `try await fetch()` there) and preferably not from the main thread.
    @available(*, noasync, message: "Blocks the calling thread; use `try await fetch()` in async code.")
    public func fetch() -> NCMBResult<Self> { SynchronousCall.run { try await self.fetch() } }

    /// Fetches the model's object again in the background, as `try await fetch()` does.
    ///
    /// - Parameter callback: Called once with the model or the error, on a background queue.
    public func fetchInBackground(callback: @escaping NCMBHandler<Self>) { BackgroundCall.start(callback) { try await self.fetch() } }

    /// Fetches the object with `objectId` as a model, as `try await fetch(objectId:)` does.
    ///
    /// - Parameter objectId: The object's objectId.
    /// - Returns: `.success` with the model, or `.failure` with the error.
    /// - Important: Blocks the calling thread until the request finishes. Call it from a background thread, never from
    ///   async code (use `try await fetch(objectId:)` there) and preferably not from the main thread.
    @available(*, noasync, message: "Blocks the calling thread; use `try await fetch(objectId:)` in async code.")
    public static func fetch(objectId: String) -> NCMBResult<Self> { SynchronousCall.run { try await fetch(objectId: objectId) } }

    /// Fetches the object with `objectId` as a model in the background, as `try await fetch(objectId:)` does.
    ///
    /// - Parameters:
    ///   - objectId: The object's objectId.
    ///   - callback: Called once with the model or the error, on a background queue.
    public static func fetchInBackground(objectId: String, callback: @escaping NCMBHandler<Self>) {
        BackgroundCall.start(callback) { try await fetch(objectId: objectId) }
    }

    /// Deletes the model's object, as `try await delete()` does.
    ///
    /// - Returns: `.success` once deleted, or `.failure` with the error.
    /// - Important: Blocks the calling thread until the request finishes. Call it from a background thread, never from
    ///   async code (use `try await delete()` there) and preferably not from the main thread.
    @available(*, noasync, message: "Blocks the calling thread; use `try await delete()` in async code.")
    public func delete() -> NCMBResult<Void> { SynchronousCall.run { try await self.delete() } }

    /// Deletes the model's object in the background, as `try await delete()` does.
    ///
    /// - Parameter callback: Called once with the result, on a background queue.
    public func deleteInBackground(callback: @escaping NCMBHandler<Void>) { BackgroundCall.start(callback) { try await self.delete() } }

    /// Saves several models in batches, as `try await saveAll(_:atomically:)` does.
    ///
    /// - Returns: `.success` with the saved models, or `.failure` with the error.
    /// - Important: Blocks the calling thread until the requests finish. Call it from a background thread, never from
    ///   async code (use `try await saveAll(_:atomically:)` there) and preferably not from the main thread.
    @available(*, noasync, message: "Blocks the calling thread; use `try await saveAll(_:atomically:)` in async code.")
    public static func saveAll(_ models: [Self], atomically: Bool = false) -> NCMBResult<[Self]> {
        SynchronousCall.run { try await saveAll(models, atomically: atomically) }
    }

    /// Saves several models in batches in the background, as `try await saveAll(_:atomically:)` does.
    ///
    /// - Parameter callback: Called once with the saved models or the error, on a background queue.
    public static func saveAllInBackground(_ models: [Self], atomically: Bool = false, callback: @escaping NCMBHandler<[Self]>) {
        BackgroundCall.start(callback) { try await saveAll(models, atomically: atomically) }
    }

    /// Deletes several models' objects in batches, as `try await deleteAll(_:atomically:)` does.
    ///
    /// - Returns: `.success` once deleted, or `.failure` with the error.
    /// - Important: Blocks the calling thread until the requests finish. Call it from a background thread, never from
    ///   async code (use `try await deleteAll(_:atomically:)` there) and preferably not from the main thread.
    @available(*, noasync, message: "Blocks the calling thread; use `try await deleteAll(_:atomically:)` in async code.")
    public static func deleteAll(_ models: [Self], atomically: Bool = false) -> NCMBResult<Void> {
        SynchronousCall.run { try await deleteAll(models, atomically: atomically) }
    }

    /// Deletes several models' objects in batches in the background, as `try await deleteAll(_:atomically:)` does.
    ///
    /// - Parameter callback: Called once with the result, on a background queue.
    public static func deleteAllInBackground(_ models: [Self], atomically: Bool = false, callback: @escaping NCMBHandler<Void>) {
        BackgroundCall.start(callback) { try await deleteAll(models, atomically: atomically) }
    }
}
