/// A change to the results of a query kept current by a realtime subscription.
package enum LiveQueryChange<Element: Sendable>: Sendable {
    /// The subscription is live (first, and after each reconnection): query again, as changes made meanwhile were not
    /// reported.
    case resynchronize
    /// An object began to match: created, or updated into the query.
    case insert(Element)
    /// A matching object changed.
    case replace(Element)
    /// An object stopped matching: deleted, or updated out of the query.
    case remove(objectId: String)
    /// The connection was lost; the subscription reconnects by itself.
    case disconnected
}

/// The results of a query as a realtime subscription changes them: the pure part of ``NCMBQueryResults``, which the
/// offline cache of issue 33 can drive as well.
package struct LiveQueryList<Element: Sendable>: Sendable {
    /// The results, in the order kept.
    package var elements: [Element] = []
    /// The objectId of an element.
    let objectId: @Sendable (Element) -> String?
    /// Whether new objects go first: the query has no `order`, so the server's default (newest first) applies. With an
    /// `order`, an insert asks for a new query instead.
    let insertsFirst: Bool
    /// The most elements kept: the query's `limit`, or the server's default of 100.
    let limit: Int

    /// Creates an empty list.
    package init(objectId: @escaping @Sendable (Element) -> String?, insertsFirst: Bool, limit: Int) {
        self.objectId = objectId
        self.insertsFirst = insertsFirst
        self.limit = limit
    }

    /// The server's page size when a query sets no `limit` (docs/decisions/0001-query-limit.md).
    static var defaultLimit: Int { 100 }

    /// Applies `change`.
    ///
    /// - Returns: Whether the results must be queried again: after ``LiveQueryChange/resynchronize``, and after an
    ///   insert the list cannot place (a query with an `order`).
    package mutating func apply(_ change: LiveQueryChange<Element>) -> Bool {
        switch change {
        case .resynchronize: return true
        case .disconnected: return false
        case .remove(let removed):
            elements.removeAll { objectId($0) == removed }
            return false
        case .replace(let element):
            guard let index = index(of: element) else { return insert(element) }
            elements[index] = element
            return false
        case .insert(let element):
            if let index = index(of: element) {
                elements[index] = element
                return false
            }
            return insert(element)
        }
    }

    /// Puts a new element first, within the limit; `true` (query again) when the query's order decides its place.
    private mutating func insert(_ element: Element) -> Bool {
        guard insertsFirst else { return true }
        elements.insert(element, at: 0)
        if elements.count > limit { elements.removeLast(elements.count - limit) }
        return false
    }

    /// The position of the element with `element`'s objectId.
    private func index(of element: Element) -> Int? {
        guard let identifier = objectId(element) else { return nil }
        return elements.firstIndex { objectId($0) == identifier }
    }
}

/// Where ``NCMBQueryResults`` gets its results: a query's find and subscription, with its elements decoded.
struct LiveQuerySource<Element: Sendable>: Sendable {
    /// Runs the query.
    let find: @Sendable () async throws -> [Element]
    /// Subscribes to the query's changes with the given `keys` and hands each to the handler, in order, until the
    /// subscription ends (it throws its error) or the task is cancelled (it returns).
    let follow: @Sendable ([String]?, @escaping @Sendable (LiveQueryChange<Element>) async -> Void) async throws -> Void
    /// An empty list shaped by the query's order and limit.
    let emptyList: LiveQueryList<Element>
    /// The query's cached results (``NCMBQuery/maxCacheAge`` applies); `nil` when none are cached or the query's
    /// ``NCMBQuery/cachePolicy`` is ``NCMBQueryCachePolicy/networkOnly``.
    let cached: @Sendable () -> [Element]?
}

extension LiveQuerySource {
    /// The source of `query`'s objects, each element made by `element` (an object, or a model decoded from it).
    init<T: NCMBBase>(
        _ query: NCMBQuery<T>, element: @escaping @Sendable (T) throws -> Element,
        objectId: @escaping @Sendable (Element) -> String?
    ) {
        self.find = { try await query.find().map(element) }
        self.follow = { keys, handle in
            for try await event in query.subscribe(keys: keys) { await handle(try LiveQuerySource.change(of: event, element: element)) }
        }
        self.emptyList = LiveQueryList(
            objectId: objectId, insertsFirst: query.order.isEmpty, limit: query.limit ?? LiveQueryList<Element>.defaultLimit)
        self.cached = {
            guard query.cachePolicy != .networkOnly, let route = try? query.findRoute() else { return nil }
            return query.cachedAnswer(of: route, { try query.objects(from: $0).map(element) })?.value
        }
    }

    /// The change a realtime event makes.
    static func change<T: NCMBBase>(
        of event: NCMBRealtimeEvent<T>, element: (T) throws -> Element
    ) throws -> LiveQueryChange<Element> {
        switch event {
        case .subscribed: return .resynchronize
        case .disconnected: return .disconnected
        case .create(let object), .enter(let object): return .insert(try element(object))
        case .update(let object): return .replace(try element(object))
        case .delete(let object), .leave(let object): return .remove(objectId: object.objectId ?? "")
        }
    }
}
