public import Foundation

/// A write waiting in (or leaving) the outbox.
///
/// - Note: A Kumo addition.
public struct NCMBOutboxWrite: Sendable, Hashable, Identifiable {
    /// What the write does.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// Creates the object (`POST`).
        case create
        /// Sends changed fields (`PUT`).
        case update
        /// Deletes the object (`DELETE`).
        case delete
    }

    /// The write's own identifier.
    public let id: UUID
    /// Create, update or delete.
    public let kind: Kind
    /// The class: a custom class name, `user` or `installation`.
    public let className: String
    /// The object's id; `nil` for a create that has not landed, and for writes that depend on it.
    public let objectId: String?
    /// When the write was queued.
    public let queuedAt: Date
    /// How many times it was sent.
    public let attempts: Int
}

/// What happened to a queued write.
///
/// - Note: A Kumo addition.
public enum NCMBOutboxEvent: Sendable {
    /// The server stored the write; for a create, `objectId` is the new object's.
    case sent(NCMBOutboxWrite, objectId: String?)
    /// The server refused the write (ACL, validation, a taken name…): it left the outbox, with the writes that depended
    /// on its create.
    case refused(NCMBOutboxWrite, error: NCMBApiError)
    /// The write failed ``NCMBOutboxConfiguration/maximumAttempts`` times and left the outbox.
    case gaveUp(NCMBOutboxWrite, error: any Error)
    /// The write waited longer than ``NCMBOutboxConfiguration/maximumAge`` and left the outbox unsent.
    case expired(NCMBOutboxWrite)
}

/// Why the outbox did not take a write.
///
/// - Note: A Kumo addition.
public enum NCMBOutboxError: Error, Sendable, Equatable {
    /// The outbox holds ``NCMBOutboxConfiguration/maximumEntries`` writes or ``NCMBOutboxConfiguration/maximumBytes``.
    case full
    /// The queue file could not be written (the message says why); the write was not queued.
    case notWritten(String)
    /// A user is saved eventually only once signed up (a profile update): sign-up needs the network.
    case userNotSignedUp
}
