package import KumoSeams
package import KumoStorage
import NCMBWire

/// The one-time setup link of the first start (docs/dashboard.md#first-start): while no administrator exists, each
/// start stores the hash of a new random token, valid for 24 hours or until used, and prints the link.
package struct AdministrationSetup: Sendable {
    let storage: any StorageBackend
    let identifiers: any IdentifierGenerator
    let clock: any WallClock
    let lifetimeSeconds: Int

    /// Creates the setup over a storage.
    package init(
        storage: any StorageBackend, identifiers: any IdentifierGenerator = RandomIdentifierGenerator(),
        clock: any WallClock = SystemWallClock(), lifetimeSeconds: Int = 24 * 60 * 60
    ) {
        self.storage = storage
        self.identifiers = identifiers
        self.clock = clock
        self.lifetimeSeconds = lifetimeSeconds
    }

    /// A new setup token when no administrator exists (replacing any earlier one), or `nil`.
    package func prepare() async throws -> String? {
        guard try await storage.admins.adminCount() == 0 else { return nil }
        let token = identifiers.key()
        let now = clock.now()
        try await storage.admins.replaceSetupToken(
            hash: DashboardTokens.hash(token),
            expiresAt: .init(millisecondsSince1970: now.millisecondsSince1970 + Int64(lifetimeSeconds) * 1000))
        return token
    }

    /// The link to print: `<base>/dashboard/setup?token=…`, `base` without a trailing slash.
    package static func link(base: String, token: String) -> String {
        base + "/dashboard/setup?token=" + token
    }
}
