import NCMBWire

/// One plain-text mail.
package struct MailMessage: Sendable, Hashable {
    /// The `From:` address.
    package var from: String
    /// The `To:` address.
    package var to: String
    /// The subject (UTF-8; transports encode it for the header).
    package var subject: String
    /// The plain-text body (UTF-8).
    package var body: String

    /// Creates a message.
    package init(from: String, to: String, subject: String, body: String) {
        self.from = from
        self.to = to
        self.subject = subject
        self.body = body
    }
}

/// Delivers mail: `file` (writes `.eml` files, the zero-config default) or `sendmail` (`/usr/sbin/sendmail -t`).
package protocol MailTransport: Sendable {
    /// Delivers one message; throws when the transport could not accept it.
    func send(_ message: MailMessage) async throws
}

/// The transport of an environment built without one: refuses every mail with a clear reason.
package struct UnconfiguredMailTransport: MailTransport {
    /// Creates the transport.
    package init() {}

    package func send(_ message: MailMessage) async throws {
        throw KumoError(.systemError, underlying: "no mail transport is configured")
    }
}
