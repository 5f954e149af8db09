import KumoMemberwise
import KumoSeams
package import KumoStorage

/// The key checks of the platform clients: an APNs key must be a PEM P-256 private key, an FCM key a PEM RSA key of at
/// least 2048 bits.
@PackageMemberwiseInit
package struct PlatformPushCredentialsCheck: PushCredentialsCheck {
    package func problem(with credentials: APNsCredentials) -> String? { credentials.keyProblem }

    package func problem(with credentials: FCMCredentials) -> String? { credentials.keyProblem }
}
