import KumoStorage
import NCMBWire
import NIOConcurrencyHelpers

/// Every live subscription of a hub, as matching needs them: by application and class, and within a class grouped by
/// `where`, so that subscriptions with the same `where` share one evaluation per change (docs/architecture.md#realtime).
///
/// Connections add and remove their own subscriptions; matching reads a snapshot of a class's groups, records what
/// each group's evaluation cost, and removes the groups it ends (docs/wire/realtime.md#matching).
final class RealtimeRegistry: Sendable {
    /// Where a subscription's events go.
    struct Member: Sendable {
        /// Its connection.
        let connection: RealtimeConnection
        /// The client's identifier of it.
        let requestId: Int64
    }

    /// The subscriptions of one class with one `where`.
    struct Group: Sendable {
        /// Their `where`.
        let matcher: WhereMatcher
        /// Whether the `where` uses `$regex` (matching evaluates such groups after the others until it knows their cost).
        let usesRegex: Bool
        /// When the group was made: ties in cost are evaluated oldest first.
        let order: Int
        /// What the last evaluation cost, once there was one.
        var cost: Duration?
        /// The subscriptions, by their hub-wide token.
        var members: [Int: Member]
    }

    /// An application's class.
    struct ClassKey: Hashable, Sendable {
        let applicationId: String
        let className: ClassName
    }

    private struct State {
        var classes: [ClassKey: [WhereQuery: Group]] = [:]
        var tokens: [Int: (key: ClassKey, query: WhereQuery)] = [:]
        var nextToken = 0
        var nextOrder = 0
    }

    private let state = NIOLockedValueBox(State())

    init() {}

    /// Adds a subscription and returns its token.
    func add(_ matcher: WhereMatcher, usesRegex: Bool, key: ClassKey, member: Member) -> Int {
        state.withLockedValue { state in
            let token = state.nextToken
            state.nextToken += 1
            if state.classes[key, default: [:]][matcher.query] == nil {
                state.classes[key, default: [:]][matcher.query] = Group(
                    matcher: matcher, usesRegex: usesRegex, order: state.nextOrder, cost: nil, members: [:])
                state.nextOrder += 1
            }
            state.classes[key]?[matcher.query]?.members[token] = member
            state.tokens[token] = (key, matcher.query)
            return token
        }
    }

    /// Removes a subscription; nothing when matching ended it already.
    func remove(_ token: Int) {
        state.withLockedValue { state in
            guard let (key, query) = state.tokens.removeValue(forKey: token) else { return }
            state.classes[key]?[query]?.members[token] = nil
            if state.classes[key]?[query]?.members.isEmpty == true { state.classes[key]?[query] = nil }
            if state.classes[key]?.isEmpty == true { state.classes[key] = nil }
        }
    }

    /// The groups of a class now.
    func groups(of key: ClassKey) -> [WhereQuery: Group] {
        state.withLockedValue { $0.classes[key] ?? [:] }
    }

    /// Records what the evaluations of a class's groups cost, and removes the groups matching ended; returns the members
    /// each ended group still had.
    func settle(_ key: ClassKey, costs: [WhereQuery: Duration], ended: [WhereQuery]) -> [WhereQuery: [Int: Member]] {
        state.withLockedValue { state in
            guard state.classes[key] != nil else { return [:] }
            for (query, cost) in costs { state.classes[key]?[query]?.cost = cost }
            var members: [WhereQuery: [Int: Member]] = [:]
            for query in ended {
                guard let group = state.classes[key]?.removeValue(forKey: query) else { continue }
                members[query] = group.members
                for token in group.members.keys { state.tokens[token] = nil }
            }
            if state.classes[key]?.isEmpty == true { state.classes[key] = nil }
            return members
        }
    }

    /// How many subscriptions there are.
    var count: Int { state.withLockedValue { $0.tokens.count } }
}
