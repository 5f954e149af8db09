import KumoMemberwise
package import KumoSeams
package import KumoStorage
package import Logging
import NCMBWire
import NIOConcurrencyHelpers
package import ServiceLifecycle

/// Where the script controller writes execution log entries.
///
/// Without one in the environment (tests, library use), each entry is written to storage before the call answers;
/// `kumo serve` wires a ``ScriptExecutionLog``, which takes entries off the request path.
package protocol ScriptExecutionRecorder: Sendable {
    /// Keeps an entry; never fails the call (a write error is logged).
    func record(_ execution: ScriptExecution) async
}

/// The execution log of a running server: entries are buffered in memory and written in batches, and old entries are
/// pruned by age and by count per application (docs/decisions/0052-script-execution-log.md).
///
/// The buffer is bounded (``maximumBufferedEntries``): when storage cannot keep up, further entries are dropped and
/// counted in the server log rather than holding memory without bound. Run it as a service; on graceful shutdown it
/// writes what it still holds.
package final class ScriptExecutionLog: ScriptExecutionRecorder, Service {
    private let storage: any ScriptStore
    private let clock: any WallClock
    private let logger: Logger
    private let retention: Retention
    private let flushInterval: Duration
    private let buffer = NIOLockedValueBox(Buffer())

    /// How long entries are kept.
    @PackageMemberwiseInit
    package struct Retention: Sendable, Hashable {
        /// Entries older than this many days are deleted. Defaults to 7.
        package var days: Int = 7
        /// Each application keeps at most this many entries (the newest). Defaults to 10 000.
        package var maximumEntriesPerApplication: Int = 10_000
    }

    private struct Buffer {
        var entries: [ScriptExecution] = []
        var dropped = 0
    }

    /// The most entries held in memory between two writes; more are dropped (and counted in the log).
    package static let maximumBufferedEntries = 2_000
    /// How often entries are pruned, counted in flushes.
    static let flushesPerPrune = 3_600

    /// Creates the log.
    ///
    /// - Parameters:
    ///   - storage: where entries go.
    ///   - clock: the time source for pruning.
    ///   - logger: where write failures and dropped entries are reported.
    ///   - retention: how long entries are kept.
    ///   - flushInterval: the time between two writes. Defaults to 1 s.
    package init(
        storage: any ScriptStore, clock: any WallClock, logger: Logger, retention: Retention = Retention(),
        flushInterval: Duration = .seconds(1)
    ) {
        self.storage = storage
        self.clock = clock
        self.logger = logger
        self.retention = retention
        self.flushInterval = flushInterval
    }

    package func record(_ execution: ScriptExecution) async {
        buffer.withLockedValue { buffer in
            if buffer.entries.count < Self.maximumBufferedEntries {
                buffer.entries.append(execution)
            } else {
                buffer.dropped += 1
            }
        }
    }

    /// Writes the buffered entries in one unit; on failure they are logged as lost.
    package func flush() async {
        let (entries, dropped) = buffer.withLockedValue { buffer in
            defer { buffer = Buffer() }
            return (buffer.entries, buffer.dropped)
        }
        if dropped > 0 {
            logger.warning("Script execution log entries dropped: storage did not keep up", metadata: ["count": "\(dropped)"])
        }
        guard !entries.isEmpty else { return }
        do {
            try await storage.record(entries)
        } catch {
            logger.error(
                "Script execution log entries could not be written",
                metadata: ["count": "\(entries.count)", "error": "\(String(describing: error))"])
        }
    }

    /// Deletes entries older than the retention, and each application's entries beyond its maximum.
    package func prune() async {
        let cutoff = clock.now().millisecondsSince1970 - Int64(retention.days) * 86_400_000
        do {
            try await storage.pruneExecutions(
                startedBefore: WireDate(millisecondsSince1970: cutoff), keeping: retention.maximumEntriesPerApplication)
        } catch {
            logger.warning("Script execution log could not be pruned", metadata: ["error": "\(String(describing: error))"])
        }
    }

    /// Writes every ``flushInterval`` and prunes about hourly, until graceful shutdown; then writes what is left.
    package func run() async throws {
        var flushes = 0
        await prune()
        while !Task.isCancelled && !Task.isShuttingDownGracefully {
            do {
                try await cancelWhenGracefulShutdown { [flushInterval] in try await Task.sleep(for: flushInterval) }
            } catch {
                break
            }
            await flush()
            flushes += 1
            if flushes % Self.flushesPerPrune == 0 { await prune() }
        }
        await flush()
    }
}
