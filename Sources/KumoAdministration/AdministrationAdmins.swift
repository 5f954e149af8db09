package import KumoSeams
package import KumoStorage
package import NCMBWire

/// Creates, lists, removes and re-passwords dashboard administrators, with an audit entry for each change: the logic
/// `kumo admins` and the dashboard's setup page share (docs/dashboard.md#administrators).
package struct AdministrationAdmins: Sendable {
    /// A refused request, with a message for the operator.
    package struct Refusal: Error, Sendable, Hashable, CustomStringConvertible {
        /// A short machine-readable reason: `email`, `password`, `duplicate`, `notFound`.
        package var code: String
        /// The message.
        package var description: String
    }

    let storage: any StorageBackend
    let hasher: any AdminPasswordHasher
    let identifiers: any IdentifierGenerator
    let clock: any WallClock

    /// Creates the administration.
    package init(
        storage: any StorageBackend, hasher: any AdminPasswordHasher, identifiers: any IdentifierGenerator = RandomIdentifierGenerator(),
        clock: any WallClock = SystemWallClock()
    ) {
        self.storage = storage
        self.hasher = hasher
        self.identifiers = identifiers
        self.clock = clock
    }

    /// The shortest password accepted.
    package static let minimumPasswordLength = 8
    /// The longest password accepted, in UTF-8 bytes (bcrypt reads 72 at most).
    package static let maximumPasswordBytes = 72

    /// Checks an address: one `@` with text on both sides, no spaces, at most 254 bytes.
    package static func checkEmail(_ email: String) throws(Refusal) {
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard email.utf8.count <= 254, parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty,
            !email.contains(where: { $0.isWhitespace || $0.isNewline })
        else { throw Refusal(code: "email", description: "\"\(email)\" is not an e-mail address") }
    }

    /// Checks a password: 8 characters at least, 72 bytes at most.
    package static func checkPassword(_ password: String) throws(Refusal) {
        guard password.count >= minimumPasswordLength, password.utf8.count <= maximumPasswordBytes else {
            throw Refusal(
                code: "password",
                description: "the password must have at least \(minimumPasswordLength) characters and at most \(maximumPasswordBytes) bytes"
            )
        }
    }

    /// Creates an administrator and audits it as `actor`.
    ///
    /// - Throws: ``Refusal`` for a bad address or password or a taken address.
    @discardableResult
    package func create(email: String, password: String, actor: String, address: String? = nil) async throws -> StoredAdmin {
        try Self.checkEmail(email)
        try Self.checkPassword(password)
        let admin = StoredAdmin(
            id: identifiers.objectId(), email: email, passwordHash: try await hasher.hash(password), createDate: clock.now())
        do {
            try await storage.admins.createAdmin(admin)
        } catch StorageError.duplicate {
            throw Refusal(code: "duplicate", description: "an administrator with the address \(email) exists already")
        }
        try await storage.admins.removeSetupToken()
        try await audit(actor: actor, action: "admin.create", target: admin.email, address: address)
        return admin
    }

    /// Every administrator, by address.
    package func list() async throws -> [StoredAdmin] {
        try await storage.admins.admins()
    }

    /// Removes an administrator (and their sessions).
    ///
    /// - Throws: ``Refusal`` for an unknown address.
    package func remove(email: String, actor: String, address: String? = nil) async throws {
        guard let admin = try await storage.admins.admin(email: email) else { throw Self.unknown(email) }
        try await storage.admins.removeAdmin(id: admin.id)
        try await audit(actor: actor, action: "admin.remove", target: admin.email, address: address)
    }

    /// Sets a new password and ends the administrator's sessions.
    ///
    /// - Throws: ``Refusal`` for an unknown address or a bad password.
    package func setPassword(email: String, password: String, actor: String, address: String? = nil) async throws {
        try Self.checkPassword(password)
        guard let admin = try await storage.admins.admin(email: email) else { throw Self.unknown(email) }
        try await storage.admins.setPasswordHash(try await hasher.hash(password), adminId: admin.id)
        try await audit(actor: actor, action: "admin.password", target: admin.email, address: address)
    }

    /// Appends an audit entry for a change made by `actor`.
    package func audit(
        actor: String, action: String, application: String? = nil, target: String? = nil, detail: JSONObject = [:],
        address: String? = nil
    ) async throws {
        try await storage.admins.appendAudit(
            AdminAuditEntry(
                time: clock.now(), admin: actor, action: action, application: application, target: target, detail: detail,
                address: address))
    }

    private static func unknown(_ email: String) -> Refusal {
        Refusal(code: "notFound", description: "no administrator has the address \(email)")
    }
}
