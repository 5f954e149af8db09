import NIOConcurrencyHelpers

/// Makes a failed login cost the same whether or not the user exists: when there is no hash to check, the password is
/// checked against a dummy hash made once by the same hasher (same algorithm and cost), and the result is discarded.
final class PasswordTimingShield: Sendable {
    private let hasher: any PasswordHasher
    private let dummyHash = NIOLockedValueBox<String?>(nil)

    /// Creates a shield for `hasher`.
    init(hasher: any PasswordHasher) { self.hasher = hasher }

    /// Spends the time a real check would, and reports nothing.
    func verifyAgainstNothing(_ password: String) async {
        do {
            let hash: String
            if let stored = dummyHash.withLockedValue({ $0 }) {
                hash = stored
            } else {
                // A constant secret is fine: the result of the check is thrown away.
                hash = try await hasher.hash("kumo-password-timing-shield")
                dummyHash.withLockedValue { $0 = hash }
            }
            _ = try await hasher.verify(password, hash: hash)
        } catch {
            // Nothing to report: the caller answers E401002 either way.
        }
    }
}
