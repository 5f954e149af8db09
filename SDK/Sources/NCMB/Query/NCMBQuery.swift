public import Foundation
internal import NCMBWire

/// A query over the objects of one class: conditions, order, paging, then `find()` or `count()`.
///
/// ```swift
/// var query = NCMBQuery.getQuery(className: "GameScore")
/// query.where(field: "points", greaterThanOrEqualTo: 100)
/// query.order = ["-points"]
/// query.limit = 10
/// let scores = try await query.find()
/// ```
///
/// Conditions on one field are combined with AND; ``orQuery(_:_:)`` combines queries with OR. Every value a condition
/// takes is converted as field values are (see ``NCMBObject``). A query is a value: copies are independent.
///
/// - Note: Kumo validates a query before sending it. Invalid field names, a `limit` outside 1…1000 or a negative
///   `skip` fail with an ``NCMBInvalidRequestError``, and conditions the server would reject (an out-of-range
///   GeoPoint, for example) fail with the ``NCMBApiError`` the server would send, without a request.
public struct NCMBQuery<T: NCMBBase>: Sendable {
    /// The class searched, e.g. `GameScore` (`user` for users).
    let className: String
    /// The endpoint the class lives under.
    let collection: NCMBCollection
    /// The settings in effect when the query was created.
    let context: NCMBContext
    /// The `where` object built so far, in wire form.
    var whereItems: JSONObject
    /// The first invalid input given to a condition; `find` and `count` fail with it.
    var invalidInput: NCMBInvalidRequestError?

    /// The sort order: field names, each prefixed with `-` for descending, e.g. `["-points", "playerName"]`.
    ///
    /// Empty means the server's default order (`createDate` descending, docs/decisions/0002-default-order.md; distance
    /// for `nearGeoPoint`).
    public var order: [String] = []

    /// How many matching objects to skip before the first result; `nil` for none.
    public var skip: Int? = nil

    /// The largest number of objects to return, 1…1000; `nil` for the server's default of 100
    /// (docs/decisions/0001-query-limit.md).
    public var limit: Int? = nil

    /// Pointer fields to return as whole objects: field names, or dotted paths through pointers such as `post.author`;
    /// empty for none.
    ///
    /// An included object reads back by subscript as an object of its class (``NCMBObject``, or ``NCMBUser``,
    /// ``NCMBRole``, ``NCMBInstallation``, ``NCMBPush`` or ``NCMBFile`` for the standard classes), or as a pointer:
    ///
    /// ```swift
    /// var query = NCMBQuery.getQuery(className: "Post")
    /// query.include = ["author"]
    /// for post in try await query.find() {
    ///     let author: NCMBUser? = post["author"]
    ///     print(author?.userName ?? "?")
    /// }
    /// ```
    ///
    /// An object the caller may not read stays a pointer (docs/wire/endpoints/queries.md). At most 16 paths of at most
    /// 4 fields each.
    ///
    /// - Note: A Kumo addition; ncmb_swift never sends `include`.
    public var include: [String] = []

    /// The fields each result carries, besides `objectId`, `createDate`, `updateDate` and `acl`, which always come;
    /// empty for every field.
    ///
    /// At most 256 names. Kumo's projection extension (docs/decisions/0011-extensions.md): a server without it returns
    /// every field.
    ///
    /// - Note: A Kumo addition; ncmb_swift never sends `keys`.
    public var keys: [String] = []

    /// Where ``find()``, ``count()`` and ``getFirst()`` take their answer from: the server, the on-disk cache, or
    /// both. Defaults to ``NCMBQueryCachePolicy/networkOnly``: the server only, as in ncmb_swift.
    ///
    /// - Note: A Kumo addition (docs/decisions/0137-query-cache-on-disk.md).
    public var cachePolicy: NCMBQueryCachePolicy = .networkOnly

    /// The oldest cached answer a query uses, in seconds; `nil` (the default) for any age. An older one is a miss.
    ///
    /// - Note: A Kumo addition.
    public var maxCacheAge: TimeInterval? = nil

    /// Creates an empty query.
    init(className: String, collection: NCMBCollection, context: NCMBContext) {
        self.className = className
        self.collection = collection
        self.context = context
        self.whereItems = JSONObject()
        self.invalidInput = nil
    }

    /// Creates a query over the objects of a data store class.
    ///
    /// - Parameter className: The class name.
    /// - Returns: A query with no condition, which finds every object of the class.
    public static func getQuery(className: String) -> NCMBQuery<NCMBObject> {
        NCMBQuery<NCMBObject>(className: className, collection: .classes, context: .resolved)
    }

    /// Finds the objects that match the query.
    ///
    /// - Returns: `.success` with the objects (empty when none match), or `.failure` with the error.
    /// - Important: Blocks the calling thread until the request finishes. Call it from a background thread, never from
    ///   async code (use `try await find()` there) and preferably not from the main thread.
    @available(*, noasync, message: "Blocks the calling thread; use `try await find()` in async code.")
    public func find() -> NCMBResult<[T]> { SynchronousCall.run { try await self.find() } }

    /// Finds the objects that match the query in the background.
    ///
    /// - Parameter callback: Called once with the objects or the error, on a background queue; twice under
    ///   ``NCMBQueryCachePolicy/cacheThenNetwork`` when an answer is cached (the cached objects, then the server's
    ///   answer or error).
    public func findInBackground(callback: @escaping NCMBHandler<[T]>) {
        start(callback, answers: { self.findAnswers() }) { try await self.find() }
    }

    /// Counts the objects that match the query, ignoring ``order``, ``skip`` and ``limit``.
    ///
    /// - Returns: `.success` with the count, or `.failure` with the error.
    /// - Important: Blocks the calling thread until the request finishes. Call it from a background thread, never from
    ///   async code (use `try await count()` there) and preferably not from the main thread.
    @available(*, noasync, message: "Blocks the calling thread; use `try await count()` in async code.")
    public func count() -> NCMBResult<Int> { SynchronousCall.run { try await self.count() } }

    /// Counts the objects that match the query in the background, ignoring ``order``, ``skip`` and ``limit``.
    ///
    /// - Parameter callback: Called once with the count or the error, on a background queue; twice under
    ///   ``NCMBQueryCachePolicy/cacheThenNetwork`` when an answer is cached.
    public func countInBackground(callback: @escaping NCMBHandler<Int>) {
        start(callback, answers: { self.countAnswers() }) { try await self.count() }
    }

    /// Finds the objects that match the query as models, as `try await find(as:)` does.
    ///
    /// - Parameter type: The model type the results decode into.
    /// - Returns: `.success` with the models, or `.failure` with the error.
    /// - Important: Blocks the calling thread until the request finishes. Call it from a background thread, never from
    ///   async code (use `try await find(as:)` there) and preferably not from the main thread.
    /// - Note: A Kumo addition.
    @available(*, noasync, message: "Blocks the calling thread; use `try await find(as:)` in async code.")
    public func find<Model: NCMBModel>(as type: Model.Type) -> NCMBResult<[Model]> {
        SynchronousCall.run { try await self.find(as: type) }
    }

    /// Finds the objects that match the query as models in the background, as `try await find(as:)` does.
    ///
    /// - Parameters:
    ///   - type: The model type the results decode into.
    ///   - callback: Called once with the models or the error, on a background queue; twice under
    ///     ``NCMBQueryCachePolicy/cacheThenNetwork`` when an answer is cached.
    /// - Note: A Kumo addition.
    public func findInBackground<Model: NCMBModel>(as type: Model.Type, callback: @escaping NCMBHandler<[Model]>) {
        start(callback, answers: { self.findAnswers(as: type) }) { try await self.find(as: type) }
    }
}
