import HummingbirdBcrypt
package import NIOPosix

/// Hashes and checks passwords. The live one is bcrypt; tests may use a cheaper cost.
package protocol PasswordHasher: Sendable {
    /// A new salted hash of `password`.
    func hash(_ password: String) async throws -> String
    /// Whether `password` matches `hash` (constant time in the hash comparison).
    func verify(_ password: String, hash: String) async throws -> Bool
}

/// bcrypt from hummingbird-auth, run on NIO's blocking thread pool so that hashing never occupies an event loop or the
/// cooperative pool (a login storm must not slow other requests).
package struct BcryptPasswordHasher: PasswordHasher {
    /// The bcrypt cost (log2 of the rounds); 10 by default, 4…31 accepted by bcrypt.
    package let cost: UInt8
    private let threadPool: NIOThreadPool

    /// Creates a hasher with `cost` (default 10) on `threadPool` (default: NIO's shared pool).
    package init(cost: UInt8 = 10, threadPool: NIOThreadPool = .singleton) {
        self.cost = min(max(cost, 4), 31)
        self.threadPool = threadPool
    }

    package func hash(_ password: String) async throws -> String {
        let cost = cost
        return try await threadPool.runIfActive { Bcrypt.hash(password, cost: cost) }
    }

    package func verify(_ password: String, hash: String) async throws -> Bool {
        try await threadPool.runIfActive { Bcrypt.verify(password, hash: hash) }
    }
}
