package import NCMBWire

/// What a create of a user or a push writes beside the object's fields, in the same transaction
/// (docs/decisions/0153-typed-write-extras.md). An ordinary object has none: ``NewObject`` reads these only for the
/// class they belong to.
package enum NewObjectExtras: Sendable, Hashable {
    /// Nothing beside the fields.
    case none
    /// A user: the bcrypt hash of its password (stored beside the object, never in its fields; `nil` for a user signed
    /// up with `authData` only) and a session to open with it (sign-up answers with its token).
    case user(passwordHash: String?, session: SessionGrant? = nil)
    /// A push: when its delivery job becomes due (`PushJobStore`).
    case push(dueAt: WireDate)
}

/// What an update of a user or a push changes beside the object's fields, in the same transaction
/// (docs/decisions/0153-typed-write-extras.md). An ordinary object has none: ``ObjectUpdate`` reads these only for the
/// class they belong to.
package enum ObjectUpdateExtras: Sendable, Hashable {
    /// Nothing beside the fields.
    case none
    /// A user: a new password hash (PUT with `password`, password reset).
    case user(passwordHash: String)
    /// A push: the new due time of its delivery job, when the job has not been attempted yet.
    case push(dueAt: WireDate)
}
