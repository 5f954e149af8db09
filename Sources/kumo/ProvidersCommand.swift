import ArgumentParser
import KumoAdministration
import KumoStorage
import NCMBWire

/// `kumo providers …`: the `authData` providers (anonymous, facebook, twitter, google, apple) of an application.
struct ProvidersCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "providers", abstract: "Configure SNS login providers.", subcommands: [List.self, Set.self])

    /// The providers NCMB's `authData` knows (docs/wire/endpoints/users.md).
    static let knownProviders = AdministrationSettings.knownProviders
    /// The verifications `ProviderAuthDataVerifier` implements.
    static let knownVerifications = AdministrationSettings.knownVerifications

    /// `kumo providers list [--app NAME]`
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show every provider's settings (secrets hidden).")

        @OptionGroup var applicationOptions: ApplicationOptions
        @Flag(help: "Print machine-readable JSON.") var json = false

        func run() async throws {
            let settings = try await applicationOptions.withApplication { _, application in application.settings }
            print(ProviderPrinter.describe(settings, asJSON: json))
        }
    }

    /// `kumo providers set <provider> [--app NAME] --enable|--disable [--verification …] [--option key=value …]
    /// [--audience X …]`
    struct Set: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Enable, disable or configure one provider.",
            discussion: """
                Options by verification:
                  jwks (apple, google): jwksURL, issuer, and the app's client ids with --audience (required).
                  endpoint facebook:    appAccessToken (or appId and appSecret), url.
                  endpoint twitter:     consumerKey (optional check), url.
                --option key= removes an option. Changes reach a running server within a few seconds.
                """)

        /// `--enable` or `--disable`.
        enum State: String, EnumerableFlag {
            case enable, disable
        }

        @Argument(help: "anonymous, facebook, twitter, google or apple.") var provider: String
        @OptionGroup var applicationOptions: ApplicationOptions
        @Flag(exclusivity: .exclusive, help: "Enable or disable the provider (default: unchanged).") var state: State?
        @Option(help: "How authData is checked: none, jwks or endpoint.") var verification: String?
        @Option(name: .customLong("option"), help: "A verifier option as key=value (repeatable).") var options: [String] = []
        @Option(name: .customLong("audience"), help: "An accepted ID-token audience (client id); replaces the list (repeatable).")
        var audiences: [String] = []
        @Flag(help: "Print machine-readable JSON.") var json = false

        func validate() throws {
            guard ProvidersCommand.knownProviders.contains(provider) else {
                throw ValidationError(
                    "unknown provider '\(provider)'; use one of \(ProvidersCommand.knownProviders.joined(separator: ", "))")
            }
            if let verification, !ProvidersCommand.knownVerifications.contains(verification) {
                throw ValidationError("--verification must be none, jwks or endpoint, not '\(verification)'")
            }
            for option in options where !option.contains("=") || option.hasPrefix("=") {
                throw ValidationError("--option must look like key=value, not '\(option)'")
            }
        }

        func run() async throws {
            let patch = patch()
            let updated = try await applicationOptions.withApplication { storage, application in
                let change: AdministrationSettings.Change
                do {
                    change = try AdministrationSettings(credentialsCheck: nil).applying(patch, to: application.settings)
                } catch let refusal as AdministrationSettings.Refusal {
                    throw ValidationError("\(refusal.field): \(refusal.message)")
                }
                try await storage.applications.updateSettings(applicationId: application.applicationId, settings: change.settings)
                await CommandLineAudit.settingsChanged(change.changedKeys, in: storage, application: application)
                return change.settings.authProvider(provider)
            }
            print(ProviderPrinter.describe(name: provider, updated, asJSON: json))
            for warning in ProviderPrinter.warnings(name: provider, updated) { print("warning: \(warning)") }
        }

        /// The options as a change of the settings' `providers` group (`AdministrationSettings`, shared with the
        /// dashboard): `--option key=` removes the option.
        func patch() -> JSONObject {
            var entry = JSONObject()
            if let state { entry["enabled"] = .bool(state == .enable) }
            if let verification { entry["verification"] = .string(verification) }
            var changedOptions = JSONObject()
            for option in options {
                let parts = option.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let value = parts.count > 1 ? String(parts[1]) : ""
                changedOptions[String(parts[0])] = value.isEmpty ? .null : .string(value)
            }
            if !audiences.isEmpty { changedOptions["audiences"] = .array(audiences.map(JSONValue.string)) }
            if !changedOptions.isEmpty { entry["options"] = .object(changedOptions) }
            return ["providers": [provider: .object(entry)]]
        }
    }
}

/// Renders provider settings for the terminal, hiding secrets.
enum ProviderPrinter {
    /// Option keys whose values are never printed.
    static func isSecret(_ key: String) -> Bool { AdministrationSettings.isSecretOption(key) }

    /// The settings of one provider as JSON, secrets replaced by `"(hidden)"`.
    static func json(_ settings: AuthProviderSettings) -> JSONValue {
        var options = JSONObject()
        for (key, value) in settings.options { options[key] = isSecret(key) ? "(hidden)" : value }
        return [
            "enabled": .bool(settings.isEnabled), "verification": .string(settings.verification), "options": .object(options),
        ]
    }

    /// One provider, as a line or as JSON.
    static func describe(name: String, _ settings: AuthProviderSettings, asJSON: Bool) -> String {
        if asJSON { return JSONValue.object([name: json(settings)]).serializedString() }
        let options = json(settings).objectValue?["options"]?.objectValue ?? JSONObject()
        let state = settings.isEnabled ? "enabled " : "disabled"
        let optionText = options.isEmpty ? "" : "  options: " + JSONValue.object(options).serializedString()
        return name + String(repeating: " ", count: max(1, 10 - name.count)) + state + "  verification: " + settings.verification
            + optionText
    }

    /// Every known provider of an application.
    static func describe(_ settings: ApplicationSettings, asJSON: Bool) -> String {
        let names = (ProvidersCommand.knownProviders + settings.authProviders.keys).reduce(into: [String]()) { names, name in
            if !names.contains(name) { names.append(name) }
        }
        if asJSON {
            var object = JSONObject()
            for name in names { object[name] = json(settings.authProvider(name)) }
            return JSONValue.object(object).serializedString()
        }
        return names.map { describe(name: $0, settings.authProvider($0), asJSON: false) }.joined(separator: "\n")
    }

    /// What an operator should know about a configuration that will refuse every login or accept any.
    static func warnings(name: String, _ settings: AuthProviderSettings) -> [String] {
        guard settings.isEnabled, name != "anonymous" else { return [] }
        switch settings.verification {
        case "none":
            return ["\(name) trusts the client's authData.id without checking a token; anyone can sign in as anyone"]
        case "jwks":
            let audiences = settings.options["audiences"]?.arrayValue ?? []
            let audience = settings.options["audience"]?.stringValue
            if audiences.isEmpty && audience == nil { return ["no --audience set: every \(name) token will be refused"] }
            return []
        case "endpoint" where name == "facebook":
            let hasToken = settings.options["appAccessToken"] != nil
            let hasPair = settings.options["appId"] != nil && settings.options["appSecret"] != nil
            return hasToken || hasPair ? [] : ["facebook needs --option appAccessToken=… (or appId and appSecret)"]
        case "endpoint" where name == "twitter":
            return []
        default:
            return ["\(name) has no '\(settings.verification)' verifier: every \(name) login will be refused"]
        }
    }
}
