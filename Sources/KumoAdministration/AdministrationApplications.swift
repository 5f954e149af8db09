package import KumoSeams
package import KumoStorage

/// Creates applications with fresh keys, the first one on an empty database included: the one way `kumo apps create`,
/// `kumo serve` and the dashboard make an application.
package struct AdministrationApplications: Sendable {
    let storage: any StorageBackend
    let identifiers: any IdentifierGenerator
    let clock: any WallClock

    /// Creates the administration over a storage.
    package init(
        storage: any StorageBackend, identifiers: any IdentifierGenerator = RandomIdentifierGenerator(),
        clock: any WallClock = SystemWallClock()
    ) {
        self.storage = storage
        self.identifiers = identifiers
        self.clock = clock
    }

    /// Creates an application; keys default to 64 random hexadecimal characters.
    ///
    /// - Throws: `StorageError.duplicate` when the name is taken.
    package func create(name: String, applicationKey: String? = nil, clientKey: String? = nil) async throws -> HostedApplication {
        let application = HostedApplication(
            applicationId: identifiers.applicationId(), name: name, applicationKey: applicationKey ?? identifiers.key(),
            clientKey: clientKey ?? identifiers.key(), createDate: clock.now())
        try await storage.applications.create(application)
        return application
    }

    /// The first application, created as `default` when the database has none.
    ///
    /// Instances that start together on one empty PostgreSQL database race here: the loser of the unique name finds
    /// the winner's application.
    package func ensureDefault() async throws -> (application: HostedApplication, isNew: Bool) {
        if let first = try await storage.applications.all().first { return (first, false) }
        do {
            return (try await create(name: "default"), true)
        } catch StorageError.duplicate {
            guard let first = try await storage.applications.all().first else { throw StorageError.notFound }
            return (first, false)
        }
    }

    /// Why `key` cannot be an application's or client key given by hand (an NCMB key kept through a move, as
    /// `kumo apps create --application-key` and the dashboard's "New application" take it), or `nil` when it can: 1 to
    /// 200 characters, each an ASCII letter, digit, `-`, `_` or `.` (NCMB's keys are 64 hexadecimal digits; a key
    /// travels in a header and in the signature's string, so nothing else is taken). `what` names the key in the reason.
    package static func keyProblem(_ key: String, what: String) -> String? {
        guard (1...200).contains(key.count) else { return "\(what) must be 1 to 200 characters" }
        let allowed = key.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-_.".unicodeScalars.contains(scalar))
        }
        return allowed ? nil : "\(what) may hold only ASCII letters, digits, \"-\", \"_\" and \".\""
    }

    /// Whether `name` can name an application: 1 to 100 characters, no control characters, no `/` (names appear in the
    /// dashboard's URLs).
    package static func isValidName(_ name: String) -> Bool {
        (1...100).contains(name.count) && !name.contains("/")
            && !name.unicodeScalars.contains { $0.properties.generalCategory == .control }
            && name.first?.isWhitespace == false && name.last?.isWhitespace == false
    }
}
