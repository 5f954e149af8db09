internal import NCMBWire

/// An object of a data store class: create, fetch, update and delete it.
///
/// ```swift
/// let score = NCMBObject(className: "GameScore")
/// score["points"] = 42
/// score["tags"] = ["daily", "hard"]
/// try await score.save()
/// ```
///
/// Fields accept `String`, `Bool`, integers, `Double`, `Date`, `nil`, arrays and `[String: Any]` dictionaries of those,
/// ``NCMBPointer``, ``NCMBGeoPoint``, ``NCMBRelation``, ``NCMBDateField``, the update operators
/// (``NCMBIncrementOperator``, ``NCMBAddOperator``, ``NCMBAddUniqueOperator``, ``NCMBRemoveOperator``,
/// ``NCMBAddRelationOperator``, ``NCMBRemoveRelationOperator``) and saved objects, which are stored as Pointers.
///
/// Every operation has three forms: `async throws` (the one to use in Swift concurrency), a blocking form returning
/// ``NCMBResult`` and an `…InBackground(callback:)` form, as in ncmb_swift.
///
/// An object uses the settings of ``NCMB/initialize(applicationKey:clientKey:domainURL:apiVersion:)`` in effect when it
/// was created. It is safe to use from several threads.
public class NCMBObject: NCMBBase, @unchecked Sendable {
    // @unchecked: adds no stored state; the fields stay in NCMBBase's lock box.

    /// Creates an object of a class, with no fields yet.
    ///
    /// - Parameter className: The class name, `[A-Za-z][A-Za-z0-9_]{0,99}`. The class is created on the server when
    ///   its first object is saved.
    public init(className: String) {
        super.init(className: className, collection: .classes, context: .resolved)
    }

    /// Creates an object from the fields the server returned.
    required init(className: String, collection: NCMBCollection, fields: JSONObject, context: NCMBContext) {
        super.init(className: className, collection: collection, fields: fields, context: context)
    }

    /// Fetches the object with this ``objectId`` from the server, replacing every field.
    ///
    /// - Returns: `.success` once the fields are replaced, or `.failure` with an ``NCMBApiError`` (E404001 when there is
    ///   no such object) or ``NCMBInvalidRequestError/emptyObjectId`` when the object has no objectId.
    /// - Important: Blocks the calling thread until the request finishes. Call it from a background thread, never from
    ///   async code (use `try await fetch()` there) and preferably not from the main thread.
    @available(*, noasync, message: "Blocks the calling thread; use `try await fetch()` in async code.")
    public func fetch() -> NCMBResult<Void> { SynchronousCall.run { try await self.fetch() } }

    /// Fetches the object with this ``objectId`` from the server in the background, replacing every field.
    ///
    /// - Parameter callback: Called once with the result, on a background queue.
    public func fetchInBackground(callback: @escaping NCMBHandler<Void>) {
        BackgroundCall.start(callback) { try await self.fetch() }
    }

    /// Saves the object to the server.
    ///
    /// Creates the object when it has no ``objectId`` yet, sending every field; otherwise sends only the fields changed
    /// since the last save.
    ///
    /// - Returns: `.success` once the server has stored the object, or `.failure` with an ``NCMBApiError`` or an
    ///   ``NCMBInvalidRequestError`` for a field value rejected when it was assigned.
    /// - Important: Blocks the calling thread until the request finishes. Call it from a background thread, never from
    ///   async code (use `try await save()` there) and preferably not from the main thread.
    @available(*, noasync, message: "Blocks the calling thread; use `try await save()` in async code.")
    public func save() -> NCMBResult<Void> { SynchronousCall.run { try await self.save() } }

    /// Saves the object to the server in the background, as `save()` does.
    ///
    /// - Parameter callback: Called once with the result, on a background queue.
    public func saveInBackground(callback: @escaping NCMBHandler<Void>) {
        BackgroundCall.start(callback) { try await self.save() }
    }

    /// Saves the object to the server and returns the result.
    ///
    /// - Returns: `.success` once the server has stored the object, or `.failure` with the error.
    @available(*, deprecated, message: "Use `try await save()`.")
    public func saveInBackground_async() async -> NCMBResult<Void> {
        await NCMBResult.capturing { try await self.save() }
    }

    /// Deletes the object with this ``objectId`` from the server, then clears every field.
    ///
    /// - Returns: `.success` once the server has deleted the object, or `.failure` with an ``NCMBApiError`` or
    ///   ``NCMBInvalidRequestError/emptyObjectId``.
    /// - Important: Blocks the calling thread until the request finishes. Call it from a background thread, never from
    ///   async code (use `try await delete()` there) and preferably not from the main thread.
    @available(*, noasync, message: "Blocks the calling thread; use `try await delete()` in async code.")
    public func delete() -> NCMBResult<Void> { SynchronousCall.run { try await self.delete() } }

    /// Deletes the object with this ``objectId`` from the server in the background, then clears every field.
    ///
    /// - Parameter callback: Called once with the result, on a background queue.
    public func deleteInBackground(callback: @escaping NCMBHandler<Void>) {
        BackgroundCall.start(callback) { try await self.delete() }
    }
}
