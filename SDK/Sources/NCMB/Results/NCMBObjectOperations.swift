/// A type whose objects can be read again from the server: gives it the blocking and callback forms of its
/// `async throws` `fetch()`, as ncmb_swift has them.
///
/// ``NCMBObject``, ``NCMBUser``, ``NCMBRole``, ``NCMBInstallation`` and ``NCMBPush`` conform; the `async` `fetch()` of
/// each tells what a fetch replaces and what it throws.
///
/// - Note: A Kumo addition: ncmb_swift declares the same methods on each class.
public protocol NCMBFetchable: AnyObject, Sendable {
    /// Fetches the object with this objectId from the server, replacing its fields.
    func fetch() async throws
}

/// A type whose objects can be stored on the server: gives it the blocking and callback forms of its `async throws`
/// `save()`, as ncmb_swift has them.
///
/// ``NCMBObject``, ``NCMBUser``, ``NCMBRole`` and ``NCMBInstallation`` conform; the `async` `save()` of each tells what
/// a save sends and what it throws.
///
/// - Note: A Kumo addition: ncmb_swift declares the same methods on each class.
public protocol NCMBSavable: AnyObject, Sendable {
    /// Creates the object on the server when it has no objectId, otherwise sends the fields changed since the last save.
    func save() async throws
}

/// A type whose objects can be deleted from the server: gives it the blocking and callback forms of its `async throws`
/// `delete()`, as ncmb_swift has them.
///
/// ``NCMBObject``, ``NCMBUser``, ``NCMBRole``, ``NCMBInstallation``, ``NCMBPush`` and ``NCMBFile`` conform; the `async`
/// `delete()` of each tells what else a delete changes and what it throws.
///
/// - Note: A Kumo addition: ncmb_swift declares the same methods on each class.
public protocol NCMBDeletable: AnyObject, Sendable {
    /// Deletes the object from the server.
    func delete() async throws
}

extension NCMBFetchable {
    /// Fetches the object from the server, as `try await fetch()` does.
    ///
    /// - Returns: `.success` once the fields are replaced, or `.failure` with the error `try await fetch()` throws.
    /// - Important: Blocks the calling thread until the request finishes. Call it from a background thread, never from
    ///   async code (use `try await fetch()` there) and preferably not from the main thread.
    @available(*, noasync, message: "Blocks the calling thread; use `try await fetch()` in async code.")
    public func fetch() -> NCMBResult<Void> { SynchronousCall.run { try await self.fetch() } }

    /// Fetches the object from the server in the background, as `try await fetch()` does.
    ///
    /// - Parameter callback: Called once with the result, on a background queue.
    public func fetchInBackground(callback: @escaping NCMBHandler<Void>) { BackgroundCall.start(callback) { try await self.fetch() } }
}

extension NCMBSavable {
    /// Saves the object to the server, as `try await save()` does.
    ///
    /// - Returns: `.success` once the server has stored the object, or `.failure` with the error `try await save()`
    ///   throws.
    /// - Important: Blocks the calling thread until the request finishes. Call it from a background thread, never from
    ///   async code (use `try await save()` there) and preferably not from the main thread.
    @available(*, noasync, message: "Blocks the calling thread; use `try await save()` in async code.")
    public func save() -> NCMBResult<Void> { SynchronousCall.run { try await self.save() } }

    /// Saves the object to the server in the background, as `try await save()` does.
    ///
    /// - Parameter callback: Called once with the result, on a background queue.
    public func saveInBackground(callback: @escaping NCMBHandler<Void>) { BackgroundCall.start(callback) { try await self.save() } }
}

extension NCMBDeletable {
    /// Deletes the object from the server, as `try await delete()` does.
    ///
    /// - Returns: `.success` once the server has deleted the object, or `.failure` with the error `try await delete()`
    ///   throws.
    /// - Important: Blocks the calling thread until the request finishes. Call it from a background thread, never from
    ///   async code (use `try await delete()` there) and preferably not from the main thread.
    @available(*, noasync, message: "Blocks the calling thread; use `try await delete()` in async code.")
    public func delete() -> NCMBResult<Void> { SynchronousCall.run { try await self.delete() } }

    /// Deletes the object from the server in the background, as `try await delete()` does.
    ///
    /// - Parameter callback: Called once with the result, on a background queue.
    public func deleteInBackground(callback: @escaping NCMBHandler<Void>) { BackgroundCall.start(callback) { try await self.delete() } }
}
