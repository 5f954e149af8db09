#if canImport(Observation)
    public import Observation

    /// The results of a query as an observable value a SwiftUI view binds to, loaded once or kept current by a realtime
    /// subscription.
    ///
    /// ```swift
    /// struct ChatView: View {
    ///     @State private var messages = NCMBQueryResults(ChatView.lobby)
    ///
    ///     var body: some View {
    ///         List(messages.elements, id: \.objectId) { message in Text(message["text"] ?? "") }
    ///             .task { await messages.keepLive() }     // until the view goes away
    ///             .refreshable { await messages.load() }
    ///     }
    ///
    ///     static var lobby: NCMBQuery<NCMBObject> {
    ///         var query = NCMBQuery.getQuery(className: "Chat")
    ///         query.where(field: "room", equalTo: "lobby")
    ///         return query
    ///     }
    /// }
    /// ```
    ///
    /// ``keepLive(keys:)`` queries, subscribes (``NCMBQuery/subscribe(keys:)``) and applies each change as it comes: a
    /// new or entering object is put first (with no `order`, the server's newest-first order; with an `order`, the query
    /// runs again to place it), an updated one is replaced where it is, a deleted or leaving one removed. After each
    /// reconnection the query runs again, as changes made meanwhile were not reported. Typed models work too:
    /// `NCMBQueryResults(GameScore.query, as: GameScore.self)`.
    ///
    /// Its properties change on the main actor only.
    ///
    /// - Note: A Kumo addition. Needs the Observation framework: iOS 17, macOS 14, tvOS 17, watchOS 10 (and Linux).
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @MainActor
    @Observable
    public final class NCMBQueryResults<Element: Sendable> {
        /// The results, in the query's order; empty until the first load.
        public private(set) var elements: [Element] = []
        /// Whether a query is running.
        public private(set) var isLoading = false
        /// Whether the subscription of ``keepLive(keys:)`` is connected, so changes arrive as they happen.
        public private(set) var isLive = false
        /// The error of the last load or of the subscription; `nil` after a load that worked.
        public private(set) var error: (any Error)?

        /// Where the results come from.
        @ObservationIgnored private let source: LiveQuerySource<Element>
        /// The results as changes arrive.
        @ObservationIgnored private var list: LiveQueryList<Element>

        /// Creates results over `source`.
        init(source: LiveQuerySource<Element>) {
            self.source = source
            self.list = source.emptyList
        }

        /// Runs the query and replaces ``elements`` with what it finds.
        ///
        /// On failure the elements stay and ``error`` says why.
        public func load() async {
            isLoading = true
            defer { isLoading = false }
            do {
                let found = try await source.find()
                list.elements = found
                elements = found
                error = nil
            } catch {
                self.error = error
            }
        }

        /// Keeps ``elements`` current until the calling task is cancelled or the subscription ends with an error.
        ///
        /// Starts from the query's cached results when ``elements`` is empty, the query's ``NCMBQuery/cachePolicy`` is
        /// not ``NCMBQueryCachePolicy/networkOnly`` and the cache holds an answer, so a view shows the last results
        /// before the server answers.
        ///
        /// Call it from the view's `.task`: leaving the view cancels the task, which closes the subscription.
        ///
        /// - Parameter keys: The fields the subscription's objects carry; `nil` for all. Objects that arrive through
        ///   it replace the found ones, so name every field the view shows.
        public func keepLive(keys: [String]? = nil) async {
            if elements.isEmpty, let cached = source.cached() {
                list.elements = cached
                elements = cached
            }
            do {
                try await source.follow(keys) { [weak self] change in await self?.apply(change) }
            } catch {
                self.error = error
            }
            isLive = false
        }

        /// Applies one change of the subscription, querying again when the list cannot place it.
        private func apply(_ change: LiveQueryChange<Element>) async {
            switch change {
            case .resynchronize: isLive = true
            case .disconnected: isLive = false
            case .insert, .replace, .remove: break
            }
            if list.apply(change) {
                await load()
            } else {
                elements = list.elements
            }
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    extension NCMBQueryResults where Element: NCMBBase {
        /// Creates the results of `query`, empty until ``load()`` or ``keepLive(keys:)``.
        ///
        /// - Parameter query: The query; its conditions, order, paging, `include` and `keys` apply.
        public convenience init(_ query: NCMBQuery<Element>) {
            self.init(source: LiveQuerySource(query, element: { $0 }, objectId: { $0.objectId }))
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    extension NCMBQueryResults where Element: NCMBModel {
        /// Creates the results of `query` as models, empty until ``load()`` or ``keepLive(keys:)``.
        ///
        /// - Parameters:
        ///   - query: The query, usually the model's ``NCMBModel/query``.
        ///   - type: The model type the objects decode into; an object that does not fit ends ``keepLive(keys:)`` with
        ///     the `DecodingError`.
        public convenience init<T: NCMBBase>(_ query: NCMBQuery<T>, as type: Element.Type) {
            self.init(source: LiveQuerySource(query, element: { try $0.decode(as: type) }, objectId: { $0.objectId }))
        }
    }
#endif
