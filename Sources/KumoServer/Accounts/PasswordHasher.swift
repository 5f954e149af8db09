#if canImport(Glibc)
import Glibc
#endif
import HummingbirdBcrypt
import KumoSeams
import NCMBWire
import NIOConcurrencyHelpers
import NIOCore
package import NIOPosix

/// Hashes and checks passwords. The live one is bcrypt; tests may use a cheaper cost.
package protocol PasswordHasher: Sendable {
    /// A new salted hash of `password`.
    func hash(_ password: String) async throws -> String
    /// Whether `password` matches `hash` (constant time in the hash comparison).
    func verify(_ password: String, hash: String) async throws -> Bool
}

/// bcrypt from hummingbird-auth on a dedicated, bounded thread pool.
///
/// bcrypt is deliberately slow (about 50–100 ms of CPU at cost 10). Running it on the event loops or the cooperative
/// pool would let a storm of logins (e.g. password guessing) stall every other request. The hasher therefore:
/// - runs every hash on its own `NIOThreadPool` of `cores - 1` threads (at least one), leaving a core for the rest of the
///   server;
/// - admits at most `maximumPending` hashes at once and answers 429 E429002 "Too many requests." beyond that instead of
///   queueing without bound;
/// - on Linux, lowers the hashing threads' scheduling priority (nice 10), so that when the CPU is contended request
///   handling wins and a storm of (wrong-password) logins slows logins, not the other requests.
package final class BcryptPasswordHasher: PasswordHasher {
    /// The bcrypt cost (log2 of the rounds); 10 by default, clamped to 4…31.
    package let cost: UInt8
    /// The most hashes admitted at once (running or queued).
    package let maximumPending: Int
    private let threadPool: NIOThreadPool
    private let pending = NIOLockedValueBox(0)

    /// The pool every hasher shares by default: `cores - 1` threads (at least one), started once for the process.
    package static let sharedThreadPool: NIOThreadPool = {
        let pool = NIOThreadPool(numberOfThreads: max(1, System.coreCount - 1))
        pool.start()
        return pool
    }()

    /// Creates a hasher with `cost` (default 10) on `threadPool` (default: ``sharedThreadPool``).
    package init(cost: UInt8 = 10, maximumPending: Int = 256, threadPool: NIOThreadPool = BcryptPasswordHasher.sharedThreadPool) {
        self.cost = min(max(cost, 4), 31)
        self.maximumPending = max(1, maximumPending)
        self.threadPool = threadPool
    }

    package func hash(_ password: String) async throws -> String {
        let cost = cost
        return try await admitted {
            try await self.threadPool.runIfActive {
                BcryptPasswordHasher.lowerCurrentThreadPriority()
                return Bcrypt.hash(password, cost: cost)
            }
        }
    }

    package func verify(_ password: String, hash: String) async throws -> Bool {
        try await admitted {
            try await self.threadPool.runIfActive {
                BcryptPasswordHasher.lowerCurrentThreadPriority()
                return Bcrypt.verify(password, hash: hash)
            }
        }
    }

    /// The nice value of hashing threads: CFS gives a nice-10 thread about a tenth of the CPU share of a nice-0 thread
    /// when both want the core, and the whole core when nothing else runs.
    static let hashingThreadNiceValue: Int32 = 10

    /// Lowers the calling (pool) thread's priority; a cheap syscall, idempotent, repeated per job. On Linux the nice
    /// value is per thread and `who == 0` names the calling thread only (setpriority(2), NOTES), not the process.
    static func lowerCurrentThreadPriority() {
        #if os(Linux)
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, hashingThreadNiceValue)
        #endif
    }

    /// Runs `work` when fewer than `maximumPending` hashes are in flight; otherwise fails fast with E429002.
    private func admitted<Value: Sendable>(_ work: @Sendable () async throws -> Value) async throws -> Value {
        let isAdmitted = pending.withLockedValue { count in
            guard count < maximumPending else { return false }
            count += 1
            return true
        }
        guard isAdmitted else { throw KumoError(.tooManyRequests) }
        defer { pending.withLockedValue { $0 -= 1 } }
        return try await work()
    }
}
