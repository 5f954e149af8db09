import KumoMemberwise
package import KumoSeams
package import KumoStorage
package import NCMBWire

/// An application's settings as one grouped JSON object, and changes to them given as a partial object of the same
/// shape (docs/dashboard.md#settings): the one code that `kumo apps settings`, `kumo apps push`, `kumo providers set`
/// and the dashboard's settings endpoint validate and apply settings with.
///
/// Secrets never leave it: push keys and secret provider options are shown as ``mask``, and a change that sends the
/// mask (or leaves the secret out) keeps the stored one.
@PackageMemberwiseInit
package struct AdministrationSettings: Sendable {
    /// What the answer shows instead of a secret, and what a change sends to keep it.
    package static let mask = "****"

    /// Checks push keys before they are stored; `nil` stores them unchecked (tests that do not handle keys).
    let credentialsCheck: (any PushCredentialsCheck)?

    /// A change refused: the field in dotted form (`sessions.lifetimeSeconds`, `push.apns.privateKey`) and why.
    package struct Refusal: Error, Sendable, Hashable, CustomStringConvertible {
        /// The field, dotted.
        package var field: String
        /// What is wrong, in words.
        package var message: String

        /// Creates a refusal.
        package init(_ field: String, _ message: String) {
            self.field = field
            self.message = message
        }

        package var description: String { "\(field): \(message)" }
    }

    /// The result of a change: the new settings and the dotted keys whose value changed (never the values).
    package struct Change: Sendable, Hashable {
        /// The settings with the change applied.
        package var settings: ApplicationSettings
        /// The keys whose value differs from before, sorted.
        package var changedKeys: [String]
        /// The application's `settingsVersion` after the change (unchanged when nothing was stored); 0 until stored.
        package var settingsVersion: Int64 = 0
    }

    /// A change refused because the settings changed since the version it was made on (another administrator, the CLI
    /// or an import came first): nothing is stored, and the dashboard shows the current settings again.
    package struct StaleVersion: Error, Sendable, Hashable, CustomStringConvertible {
        /// The version the change was made on.
        package var expected: Int64

        package var description: String {
            "the settings changed after version \(expected), which this change was made on: nothing was stored; try again"
        }
    }

    /// Applies a partial settings object to `current`; groups and keys left out keep their value.
    ///
    /// - Throws: ``Refusal`` for the first field that is not acceptable (then nothing is applied).
    package func applying(_ patch: JSONObject, to current: ApplicationSettings) throws(Refusal) -> Change {
        var settings = current
        for (group, value) in patch.pairs {
            switch group {
            case "sessions": try Self.applySessions(value, to: &settings)
            case "users": try Self.applyUsers(value, to: &settings)
            case "defaultACL": try Self.applyDefaultACL(value, to: &settings)
            case "mail": try Self.applyMail(value, to: &settings)
            case "files": try Self.applyFiles(value, to: &settings)
            case "push": try applyPush(value, to: &settings)
            case "providers": try Self.applyProviders(value, to: &settings)
            case "scripts": try Self.applyScripts(value, to: &settings)
            default: throw Refusal(group, "is not a settings group")
            }
        }
        return Change(settings: settings, changedKeys: Self.changedKeys(from: current, to: settings))
    }

    /// Applies `patch` to the stored settings of an application and stores them when they changed.
    ///
    /// The change is made over one version of the settings: `expectedVersion` when given (the dashboard sends the
    /// version its form showed), else the version of `application` as read. They are stored in one statement that
    /// compares `settingsVersion`, so of two changes made on the same version the second is refused instead of
    /// silently undoing the first.
    ///
    /// - Throws: ``Refusal`` for an unacceptable field; ``StaleVersion`` when the settings are no longer at that
    ///   version; storage errors.
    package func update(
        _ application: HostedApplication, patch: JSONObject, expectedVersion: Int64? = nil, storage: any StorageBackend
    ) async throws -> Change {
        let version = expectedVersion ?? application.settingsVersion
        guard version == application.settingsVersion else { throw StaleVersion(expected: version) }
        var change = try applying(patch, to: application.settings)
        change.settingsVersion = version
        guard change.settings != application.settings else { return change }
        guard
            let stored = try await storage.applications.updateSettings(
                applicationId: application.applicationId, settings: change.settings, expectedVersion: version)
        else { throw StaleVersion(expected: version) }
        change.settingsVersion = stored
        return change
    }

    /// The dotted keys (`group.key`) whose value differs between two settings, secrets compared unmasked.
    static func changedKeys(from old: ApplicationSettings, to new: ApplicationSettings) -> [String] {
        let before = flattened(json(old, masksSecrets: false))
        let after = flattened(json(new, masksSecrets: false))
        return Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }.sorted()
    }

    /// Each group's keys as `group.key` with their values (`push.apns`, `mail.templates` stay whole).
    private static func flattened(_ value: JSONValue) -> [String: JSONValue] {
        var result: [String: JSONValue] = [:]
        for (group, item) in value.objectValue?.pairs ?? [] {
            guard case .object(let keys) = item, group != "defaultACL" else {
                result[group] = item
                continue
            }
            for (key, leaf) in keys.pairs { result[group + "." + key] = leaf }
        }
        return result
    }
}
