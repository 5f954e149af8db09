import KumoMemberwise
import NCMBWire

/// One plain-text mail.
@PackageMemberwiseInit
package struct MailMessage: Sendable, Hashable {
    /// The `From:` address.
    package var from: String
    /// The `To:` address.
    package var to: String
    /// The subject (UTF-8; transports encode it for the header).
    package var subject: String
    /// The plain-text body (UTF-8).
    package var body: String
}

/// Delivers mail: `file` (writes `.eml` files, the zero-config default) or `sendmail` (`/usr/sbin/sendmail -t`).
package protocol MailTransport: Sendable {
    /// Delivers one message; throws when the transport could not accept it.
    func send(_ message: MailMessage) async throws
}

/// The transport of an environment built without one: refuses every mail with a clear reason.
@PackageMemberwiseInit
package struct UnconfiguredMailTransport: MailTransport {
    package func send(_ message: MailMessage) async throws {
        throw KumoError(.systemError, underlying: "no mail transport is configured")
    }
}
