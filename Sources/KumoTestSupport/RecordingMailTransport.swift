package import KumoSeams
package import KumoServer
import NIOConcurrencyHelpers

/// A `MailTransport` that keeps every message in memory, for tests that follow the links in mails.
package final class RecordingMailTransport: MailTransport {
    private let messages = NIOLockedValueBox<[MailMessage]>([])

    /// Creates an empty mailbox.
    package init() {}

    package func send(_ message: MailMessage) async throws {
        messages.withLockedValue { $0.append(message) }
    }

    /// Every message sent so far, oldest first.
    package var sent: [MailMessage] { messages.withLockedValue { $0 } }
}

/// bcrypt at its lowest cost (4), so tests that sign up many users stay fast while still exercising real bcrypt.
package func testPasswordHasher() -> BcryptPasswordHasher { BcryptPasswordHasher(cost: 4) }
