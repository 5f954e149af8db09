import KumoSeams
import KumoStorage
import Logging
import NCMBWire
import NIOConcurrencyHelpers

/// The connections and subscriptions of one server and the change feed they share (docs/architecture.md#realtime).
///
/// The hub listens to the storage's ``ChangeFeed`` only while at least one subscription exists, so writes pay nothing
/// for realtime otherwise. Each commit's changes go to its ``RealtimeMatchingStage``, which matches them against the
/// subscriptions of the changed class on its own thread, within budgets, and hands each connection concerned what its
/// subscriptions matched; each connection then decides on the subscriber's access and renders the events.
final class RealtimeHub: Sendable {
    private struct State {
        var connections: [Int: Admitted] = [:]
        var connectionsByApplication: [String: Set<Int>] = [:]
        /// Connections by application and signed-in user, for the user's deletion.
        var connectionsByUser: [String: Set<Int>] = [:]
        /// Connections by the hash of their session token, for ended sessions.
        var connectionsBySession: [String: Set<Int>] = [:]
        /// Moves whenever a role of the application changes: connections read their user's roles again.
        var rolesGenerations: [String: Int] = [:]
        var nextIdentifier = 0
    }

    /// An admitted connection and who it authenticated as.
    private struct Admitted {
        let connection: RealtimeConnection
        let caller: RealtimeCaller
    }

    private let state = NIOLockedValueBox(State())
    private let pump: FeedPump
    let registry = RealtimeRegistry()
    private let matching: RealtimeMatching
    private let stage: RealtimeMatchingStage
    let configuration: RealtimeConfiguration
    let metrics: RealtimeMetrics
    let observer: (any RealtimeMatchingObserver)?

    init(
        feed: ChangeFeed?, configuration: RealtimeConfiguration, metrics: RealtimeMetrics, logger: Logger,
        observer: (any RealtimeMatchingObserver)?
    ) {
        self.configuration = configuration
        self.metrics = metrics
        self.observer = observer
        self.pump = FeedPump(feed: feed, logger: logger)
        self.matching = RealtimeMatching(
            subscriptionBudget: configuration.subscriptionMatchBudget, changeBudget: configuration.changeMatchBudget)
        let handler = StageHandler()
        self.stage = RealtimeMatchingStage(
            maximumPendingChanges: configuration.maximumPendingChanges,
            handle: { applicationId, changes in handler.hub?.match(changes, applicationId: applicationId) },
            overflow: { applicationId in handler.hub?.interrupt(applicationId: applicationId) })
        handler.hub = self
    }

    /// A new connection's identifier.
    func nextIdentifier() -> Int {
        state.withLockedValue { state in
            defer { state.nextIdentifier += 1 }
            return state.nextIdentifier
        }
    }

    /// Admits an authenticated connection.
    ///
    /// - Returns: `false` when the application has its maximum of connections on this instance.
    func admit(_ connection: RealtimeConnection, caller: RealtimeCaller) -> Bool {
        let applicationId = caller.application.applicationId
        let admitted = state.withLockedValue { state in
            let current = state.connectionsByApplication[applicationId, default: []]
            guard current.count < configuration.maximumConnectionsPerApplication else { return false }
            state.connectionsByApplication[applicationId, default: []].insert(connection.identifier)
            state.connections[connection.identifier] = Admitted(connection: connection, caller: caller)
            if let user = caller.userObjectId { state.connectionsByUser[applicationId + "/" + user, default: []].insert(connection.identifier) }
            if let session = caller.sessionTokenHash {
                state.connectionsBySession[applicationId + "/" + session, default: []].insert(connection.identifier)
            }
            return true
        }
        if admitted { metrics.connectionAdmitted() }
        return admitted
    }

    /// Forgets a connection that ended.
    func remove(_ connection: RealtimeConnection) {
        let removed = state.withLockedValue { state in
            guard let admitted = state.connections.removeValue(forKey: connection.identifier) else { return false }
            let applicationId = admitted.caller.application.applicationId
            RealtimeHub.remove(connection.identifier, from: &state.connectionsByApplication, key: applicationId)
            if let user = admitted.caller.userObjectId {
                RealtimeHub.remove(connection.identifier, from: &state.connectionsByUser, key: applicationId + "/" + user)
            }
            if let session = admitted.caller.sessionTokenHash {
                RealtimeHub.remove(connection.identifier, from: &state.connectionsBySession, key: applicationId + "/" + session)
            }
            if state.connectionsByApplication[applicationId] == nil { state.rolesGenerations[applicationId] = nil }
            return true
        }
        if removed { metrics.connectionEnded() }
    }

    private static func remove(_ identifier: Int, from index: inout [String: Set<Int>], key: String) {
        index[key]?.remove(identifier)
        if index[key]?.isEmpty == true { index[key] = nil }
    }

    /// The generation of an application's roles: it moves whenever one of its roles changes.
    func rolesGeneration(of applicationId: String) -> Int {
        state.withLockedValue { $0.rolesGenerations[applicationId, default: 0] }
    }

    /// Takes one subscription's share of the feed: returns once the feed delivers every write that starts afterwards.
    ///
    /// - Throws: `StorageError.unavailable` when the storage cannot listen.
    func retain() async throws {
        try await pump.retain(hub: self)
        metrics.subscriptionAdded()
    }

    /// Gives one subscription's share back; the feed is let go with the last one.
    func release(_ count: Int = 1) {
        guard count > 0 else { return }
        metrics.subscriptionsRemoved(count)
        Task { await pump.release(count) }
    }

    /// Hands one feed event on: changes to the matching stage, an interruption to every connection.
    func dispatch(_ event: ChangeFeedEvent) {
        switch event {
        case .changes(let changes):
            var byApplication: [String: [StorageChange]] = [:]
            for change in changes { byApplication[change.applicationId, default: []].append(change) }
            for (applicationId, changes) in byApplication { stage.enqueue(changes, applicationId: applicationId) }
        case .interrupted:
            for admitted in state.withLockedValue({ Array($0.connections.values) }) { admitted.connection.deliver(.interrupted) }
        }
    }

    /// Tells an application's connections that events may have been lost (its waiting changes were dropped).
    private func interrupt(applicationId: String) {
        for connection in connections(applicationId: applicationId) { connection.deliver(.interrupted) }
    }

    private func connections(applicationId: String) -> [RealtimeConnection] {
        connections(in: \.connectionsByApplication, key: applicationId)
    }

    private func connections(in index: KeyPath<State, [String: Set<Int>]>, key: String) -> [RealtimeConnection] {
        state.withLockedValue { state in
            (state[keyPath: index][key] ?? []).compactMap { state.connections[$0]?.connection }
        }
    }

    // MARK: Matching (on the stage's thread)

    /// Matches one commit's changes of an application and hands each connection concerned its part.
    private func match(_ changes: [StorageChange], applicationId: String) {
        for change in changes {
            switch change {
            case .sessionsEnded(_, let tokenHashes):
                for tokenHash in tokenHashes {
                    for connection in connections(in: \.connectionsBySession, key: applicationId + "/" + tokenHash) {
                        connection.deliver(.sessionEnded)
                    }
                }
            case .object(let change):
                if change.className == .role {
                    // Role membership, inheritance or names may have changed: connections read roles again when next needed.
                    state.withLockedValue { $0.rolesGenerations[applicationId, default: 0] += 1 }
                }
                if change.className == .user, change.kind == .delete {
                    for connection in connections(in: \.connectionsByUser, key: applicationId + "/" + change.objectId) {
                        connection.deliver(.sessionEnded)
                    }
                }
                match(change)
            }
        }
    }

    /// Matches one object change against the subscriptions of its class.
    private func match(_ change: ObjectChange) {
        observer?.willMatch(change)
        let key = RealtimeRegistry.ClassKey(applicationId: change.applicationId, className: change.className)
        let groups = registry.groups(of: key)
        var result = matching.evaluate(change, groups: groups)
        let ended = result.outcomes.compactMap { query, outcome in outcome == .overBudget || outcome == .notEvaluated ? query : nil }
        let endedMembers = registry.settle(key, costs: result.costs, ended: ended)
        var deliveries: [Int: (connection: RealtimeConnection, outcomes: [RealtimeSubscriptionOutcome])] = [:]
        for (query, outcome) in result.outcomes {
            let verdict: RealtimeSubscriptionOutcome.Verdict
            let members: [Int: RealtimeRegistry.Member]
            switch outcome {
            case .decided(let before, let after):
                guard before || after, let group = groups[query] else { continue }
                verdict = .matched(before: before, after: after)
                members = group.members
            case .overBudget:
                verdict = .ended(RealtimeProcessor.overBudgetError)
                members = endedMembers[query] ?? [:]
            case .notEvaluated:
                verdict = .ended(RealtimeProcessor.interruptedError)
                members = endedMembers[query] ?? [:]
            }
            for (token, member) in members {
                deliveries[member.connection.identifier, default: (member.connection, [])].outcomes.append(
                    RealtimeSubscriptionOutcome(token: token, requestId: member.requestId, verdict: verdict))
            }
        }
        let views = RealtimeViews()
        for (_, delivery) in deliveries {
            let outcomes = delivery.outcomes.sorted { $0.requestId < $1.requestId }
            delivery.connection.deliver(.matched(RealtimeMatchedChange(change: change, outcomes: outcomes, views: views)))
        }
        result.report.connectionsReached = deliveries.count
        observer?.didMatch(change, report: result.report)
    }
}

/// Lets the stage's closures reach the hub without keeping it alive.
private final class StageHandler: Sendable {
    private let reference = NIOLockedValueBox<WeakHub>(WeakHub())
    var hub: RealtimeHub? {
        get { reference.withLockedValue { $0.hub } }
        set { reference.withLockedValue { $0.hub = newValue } }
    }

    private struct WeakHub { weak var hub: RealtimeHub? }
}

extension StorageChange {
    /// The application the change belongs to.
    var applicationId: String {
        switch self {
        case .object(let change): change.applicationId
        case .sessionsEnded(let applicationId, _): applicationId
        }
    }
}
