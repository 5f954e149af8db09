import KumoStorage
import NIOConcurrencyHelpers
import NIOPosix

/// Where a hub matches committed changes against subscriptions: a thread of its own, never one of the server's event
/// loops (docs/decisions/0116-realtime-matching-budget.md).
///
/// Each application's changes are handled in commit order; applications take turns, one commit each, so one
/// application's expensive subscriptions delay only its own events. At most `maximumPendingChanges` changes of one
/// application wait; past it they are dropped and the application's connections are told that events may have been
/// lost (E503001), as when the feed itself was interrupted.
final class RealtimeMatchingStage: Sendable {
    /// The commits of one application waiting, oldest first.
    private struct Backlog {
        var commits: [[StorageChange]] = []
        var head = 0
        /// How many changes they hold.
        var changes = 0

        var isEmpty: Bool { head == commits.count }

        mutating func append(_ commit: [StorageChange]) {
            commits.append(commit)
            changes += commit.count
        }

        mutating func removeFirst() -> [StorageChange] {
            let commit = commits[head]
            head += 1
            changes -= commit.count
            if head > 64 && head * 2 > commits.count {
                commits.removeFirst(head)
                head = 0
            }
            return commit
        }
    }

    private struct State {
        /// Commits waiting, per application.
        var waiting: [String: Backlog] = [:]
        /// Applications with commits waiting, in the order of their next turn.
        var turns: [String] = []
        /// Whether a drain is submitted or running.
        var isDraining = false
    }

    /// Commits handled before the stage lets another job of its thread run.
    private static let drainBatch = 64

    private let state = NIOLockedValueBox(State())
    private let thread: NIOThreadPool
    private let maximumPendingChanges: Int
    private let handle: @Sendable (String, [StorageChange]) -> Void
    private let overflow: @Sendable (String) -> Void

    /// Creates a stage with its thread.
    ///
    /// - Parameters:
    ///   - handle: matches one commit's changes of an application, on the stage's thread.
    ///   - overflow: called when an application's waiting changes were dropped.
    init(
        maximumPendingChanges: Int, handle: @escaping @Sendable (String, [StorageChange]) -> Void,
        overflow: @escaping @Sendable (String) -> Void
    ) {
        self.maximumPendingChanges = max(1, maximumPendingChanges)
        self.handle = handle
        self.overflow = overflow
        thread = NIOThreadPool(numberOfThreads: 1)
        thread.start()
    }

    deinit {
        thread.shutdownGracefully { _ in }
    }

    /// Queues one commit's changes of an application.
    func enqueue(_ changes: [StorageChange], applicationId: String) {
        enum Next { case none, drain, overflow }
        let next: Next = state.withLockedValue { state in
            guard state.waiting[applicationId, default: Backlog()].changes + changes.count <= maximumPendingChanges else {
                if state.waiting.removeValue(forKey: applicationId) != nil { state.turns.removeAll { $0 == applicationId } }
                return .overflow
            }
            if state.waiting[applicationId] == nil { state.turns.append(applicationId) }
            state.waiting[applicationId, default: Backlog()].append(changes)
            guard !state.isDraining else { return .none }
            state.isDraining = true
            return .drain
        }
        switch next {
        case .none: break
        case .drain: submitDrain()
        case .overflow: overflow(applicationId)
        }
    }

    private func submitDrain() {
        thread.submit { [self] _ in drain() }
    }

    /// Handles waiting commits, applications taking turns, until none waits or a batch is done.
    private func drain() {
        for _ in 0..<RealtimeMatchingStage.drainBatch {
            let next: (String, [StorageChange])? = state.withLockedValue { state in
                // An application is in `turns` exactly while it has commits waiting.
                guard !state.turns.isEmpty else {
                    state.isDraining = false
                    return nil
                }
                let applicationId = state.turns.removeFirst()
                guard var backlog = state.waiting.removeValue(forKey: applicationId), !backlog.isEmpty else { return nil }
                let commit = backlog.removeFirst()
                if !backlog.isEmpty {
                    state.waiting[applicationId] = backlog
                    state.turns.append(applicationId)
                }
                return (applicationId, commit)
            }
            guard let (applicationId, commit) = next else {
                if state.withLockedValue({ $0.isDraining }) { continue }
                return
            }
            handle(applicationId, commit)
        }
        submitDrain()
    }
}
