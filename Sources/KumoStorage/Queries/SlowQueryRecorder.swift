package import NCMBWire

/// Notes finds slower than a threshold by their ``QueryShape``, in memory, until ``IndexAdvisor`` collects them
/// (docs/decisions/0075-index-advisor.md).
///
/// The find path pays one clock read and, for slow finds only, one lock; nothing is written to the database there.
/// At most ``maximumShapes`` shapes wait between two collections; runs of further shapes are dropped (and counted).
package final class SlowQueryRecorder: Sendable, Hashable {
    /// Finds at least this slow are noted.
    package let threshold: Duration
    /// The most shapes kept between two collections.
    package let maximumShapes: Int
    private let pending = LockedValue(Pending())

    private struct Pending {
        var runs: [String: SlowQueryRun] = [:]
        var dropped = 0
    }

    /// Creates a recorder.
    ///
    /// - Parameters:
    ///   - threshold: how long a find must take to be noted.
    ///   - maximumShapes: how many different shapes wait for collection at most.
    package init(threshold: Duration, maximumShapes: Int = 1000) {
        self.threshold = threshold
        self.maximumShapes = maximumShapes
    }

    /// Notes a find that took `duration`, when it is at least ``threshold`` and has a shape.
    package func observe(_ request: FindRequest, duration: Duration, now: WireDate) {
        guard duration >= threshold, let shape = QueryShape(request) else { return }
        let milliseconds = duration.fractionalMilliseconds
        let key = shape.applicationId + "\u{1}" + shape.className.rawValue + "\u{1}" + shape.key
        pending.withLock { pending in
            if var run = pending.runs[key] {
                run.runs += 1
                run.totalMilliseconds += milliseconds
                run.maximumMilliseconds = max(run.maximumMilliseconds, milliseconds)
                run.lastSeen = now
                pending.runs[key] = run
            } else if pending.runs.count < maximumShapes {
                pending.runs[key] = SlowQueryRun(
                    shape: shape, runs: 1, totalMilliseconds: milliseconds, maximumMilliseconds: milliseconds, lastSeen: now)
            } else {
                pending.dropped += 1
            }
        }
    }

    /// Takes every noted run, leaving none, and how many runs were dropped since the last collection.
    package func collect() -> (runs: [SlowQueryRun], dropped: Int) {
        pending.withLock { pending in
            let taken = (Array(pending.runs.values), pending.dropped)
            pending = Pending()
            return taken
        }
    }

    /// Recorders are equal when they are the same recorder (configurations that hold one stay `Hashable`).
    package static func == (left: SlowQueryRecorder, right: SlowQueryRecorder) -> Bool { left === right }

    package func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
