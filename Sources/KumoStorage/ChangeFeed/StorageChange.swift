import KumoMemberwise
package import NCMBWire

/// One committed change, as the change feed carries it (docs/architecture.md#change-feed): an object written, or
/// sessions that ended.
///
/// Engines build them from what the write already read and wrote (no extra read), only while someone listens, and
/// publish them after the commit in commit order.
package enum StorageChange: Sendable, Hashable {
    /// An object was created, updated or deleted.
    case object(ObjectChange)
    /// Sessions of an application ended (logout, a password change or reset, the one-active-session rule): their
    /// token hashes (SHA-256, lowercase hex).
    case sessionsEnded(applicationId: String, tokenHashes: [String])
}

/// An object written by one committed write, with its images before and after.
@PackageMemberwiseInit
package struct ObjectChange: Sendable, Hashable {
    /// What the write did.
    package enum Kind: String, Sendable, Hashable {
        /// A new object: ``ObjectChange/after`` only.
        case create
        /// A changed object: both images.
        case update
        /// A removed object: ``ObjectChange/before`` only.
        case delete
    }

    /// What the write did.
    package var kind: Kind
    /// The owning application.
    package var applicationId: String
    /// The class (standard classes by their storage names: `user`, `role`, …).
    package var className: ClassName
    /// The object as it was before the write; `nil` for a create.
    package var before: StoredObject?
    /// The object as the write left it; `nil` for a delete.
    package var after: StoredObject?

    /// The changed object's objectId.
    package var objectId: String { after?.objectId ?? before?.objectId ?? "" }

    /// A create of `object`.
    package static func created(_ object: StoredObject, key: ObjectKey) -> ObjectChange {
        ObjectChange(kind: .create, applicationId: key.applicationId, className: key.className, before: nil, after: object)
    }

    /// An update from `before` to `after`.
    package static func updated(from before: StoredObject, to after: StoredObject, key: ObjectKey) -> ObjectChange {
        ObjectChange(kind: .update, applicationId: key.applicationId, className: key.className, before: before, after: after)
    }

    /// A delete of `object`.
    package static func deleted(_ object: StoredObject, key: ObjectKey) -> ObjectChange {
        ObjectChange(kind: .delete, applicationId: key.applicationId, className: key.className, before: object, after: nil)
    }
}
