import KumoMemberwise
package import NCMBWire

/// A value that must be unique within a class of one application: `userName`, `mailAddress`, one `authData` provider
/// id, `roleName`, `deviceToken`, a file name (see `UniqueKeys`).
@PackageMemberwiseInit
package struct UniqueValue: Sendable, Hashable {
    /// The field reported in `"<field> is duplication."` (E409001): `userName`, `mailAddress`, `authData`, `roleName`, ….
    package var field: String
    /// The unique text, e.g. the user name, or `facebook:<id>` for `authData`.
    package var value: String
}

/// A session to open together with a new user (sign-up) or for an existing one (login).
///
/// Storage never sees the token itself: only its SHA-256 hash (lowercase hex), so a copied database holds no usable
/// session.
@PackageMemberwiseInit
package struct SessionGrant: Sendable, Hashable {
    /// SHA-256 of the session token, lowercase hex.
    package var tokenHash: String
    /// When the session was opened.
    package var createDate: WireDate
    /// When it stops being valid.
    package var expiresAt: WireDate
    /// Whether opening it ends every other session of the user (docs/decisions/0010-session-lifetime.md
    /// one-active-session rule).
    package var endsOtherSessions: Bool
}

/// A live session as storage found it.
@PackageMemberwiseInit
package struct ActiveSession: Sendable, Hashable {
    /// The signed-in user's objectId.
    package var userObjectId: String
    /// When the session expires.
    package var expiresAt: WireDate
}

/// How to find a user for authentication: by a unique value (login by `userName`, `mailAddress` or `authData`) or by
/// objectId.
package enum UserLookup: Sendable, Hashable {
    /// By `userName`, `mailAddress` or `authData` (`UniqueValue`).
    case unique(UniqueValue)
    /// By objectId.
    case objectId(String)
}

/// A user with the secret storage keeps beside it. Only the authentication code of the server reads this.
@PackageMemberwiseInit
package struct UserCredentials: Sendable, Hashable {
    /// The user object as any reader would see it (no secrets in its fields).
    package var user: StoredObject
    /// The bcrypt hash of the password, or `nil` for users without one (anonymous, SNS, mail-entry before the password).
    package var passwordHash: String?
}

/// What a one-time token in a mail link is for (docs/wire/endpoints/browser-pages.md).
package enum OneTimeTokenPurpose: String, Sendable, Hashable, CaseIterable {
    /// `requestMailAddressUserEntry`: the page lets the address owner choose a password and creates the user.
    case mailAddressUserEntry
    /// `requestPasswordReset`: the page sets a new password for the user.
    case passwordReset
    /// `mailAddressConfirm`: following the link confirms the user's address.
    case mailAddressConfirm
}

/// A one-time token sent in a mail. Storage keeps only its hash.
@PackageMemberwiseInit
package struct OneTimeToken: Sendable, Hashable {
    /// SHA-256 of the token, lowercase hex.
    package var tokenHash: String
    /// The owning application.
    package var applicationId: String
    /// What the token allows.
    package var purpose: OneTimeTokenPurpose
    /// The address the mail went to.
    package var mailAddress: String
    /// The user concerned (`passwordReset`, `mailAddressConfirm`); `nil` for `mailAddressUserEntry`.
    package var userObjectId: String?
    /// When the token was issued.
    package var createDate: WireDate
    /// When it stops being valid (→ E403004).
    package var expiresAt: WireDate
}
