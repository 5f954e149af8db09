import HummingbirdBcrypt
import NIOPosix

/// Hashes and checks administrators' passwords. The live one is bcrypt; tests use a low cost.
package protocol AdminPasswordHasher: Sendable {
    /// A new salted hash of `password`.
    func hash(_ password: String) async throws -> String
    /// Whether `password` matches `hash`.
    func verify(_ password: String, hash: String) async throws -> Bool
}

/// bcrypt (HummingbirdBcrypt) on NIO's shared blocking thread pool, never on an event loop or the cooperative pool.
package struct BcryptAdminPasswordHasher: AdminPasswordHasher {
    /// The bcrypt cost, 4…31 (12 by default for administrators).
    package let cost: UInt8

    /// Creates a hasher; `cost` is clamped to 4…31.
    package init(cost: Int = 12) {
        self.cost = UInt8(min(max(cost, 4), 31))
    }

    package func hash(_ password: String) async throws -> String {
        let cost = cost
        return try await NIOThreadPool.singleton.runIfActive { Bcrypt.hash(password, cost: cost) }
    }

    package func verify(_ password: String, hash: String) async throws -> Bool {
        try await NIOThreadPool.singleton.runIfActive { Bcrypt.verify(password, hash: hash) }
    }
}
