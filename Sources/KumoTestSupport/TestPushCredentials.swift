import Crypto
import KumoPush
package import KumoSeams

/// Push keys and checks for tests of modules that do not import `KumoPush` (the dashboard's settings).
package enum TestPushCredentials {
    /// The platform clients' key checks (`PlatformPushCredentialsCheck`), as `kumo` wires them.
    package static let check: any PushCredentialsCheck = PlatformPushCredentialsCheck()

    /// A fresh P-256 private key in PEM, as an APNs `.p8` file holds it.
    package static func apnsKeyPEM() -> String {
        P256.Signing.PrivateKey().pemRepresentation
    }
}

extension TestApplication {
    /// Works the push queue once, as `kumo serve`'s delivery service does (this server's storage, push sender and
    /// clock); returns how many jobs were worked.
    @discardableResult
    package func deliverDuePushes() async throws -> Int {
        try await PushDeliveryService(environment: environment).deliverDuePushes()
    }
}
