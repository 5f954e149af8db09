package import KumoStorage
package import Logging

/// Everything the server calls that is not pure computation (style guide §4), passed once to `buildApplication`.
package struct ServerEnvironment: Sendable {
    /// The storage engine.
    package var storage: any StorageBackend
    /// The time source.
    package var clock: any WallClock
    /// The identifier and key source.
    package var identifiers: any IdentifierGenerator
    /// The server's logger; requests derive theirs from it.
    package var logger: Logger

    /// Creates an environment.
    package init(storage: any StorageBackend, clock: any WallClock, identifiers: any IdentifierGenerator, logger: Logger) {
        self.storage = storage
        self.clock = clock
        self.identifiers = identifiers
        self.logger = logger
    }

    /// The production environment over a storage engine: system clock, CSPRNG identifiers.
    package static func live(storage: any StorageBackend, logger: Logger) -> ServerEnvironment {
        ServerEnvironment(storage: storage, clock: SystemWallClock(), identifiers: RandomIdentifierGenerator(), logger: logger)
    }
}
