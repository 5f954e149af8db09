import Foundation
import KumoSeams
import KumoStorage
import NCMBWire

/// The checks and changes of push credentials and SNS providers, whose secrets are kept when a change sends
/// ``AdministrationSettings/mask`` or leaves them out.
extension AdministrationSettings {
    /// The verifications `ProviderAuthDataVerifier` implements.
    package static let knownVerifications = ["none", "jwks", "endpoint"]

    func applyPush(_ value: JSONValue, to settings: inout ApplicationSettings) throws(Refusal) {
        for (key, item) in try Self.object(value, "push").pairs {
            switch key {
            case "clientPush": settings.clientPushEnabled = try Self.bool(item, "push.clientPush")
            case "apns": settings.push.apns = try item == .null ? nil : apns(item, current: settings.push.apns)
            case "fcm": settings.push.fcm = try item == .null ? nil : fcm(item, current: settings.push.fcm)
            default: throw Refusal("push." + key, "is not a setting")
            }
        }
    }

    /// The APNs credentials after merging `value` into `current`; a first one needs every field.
    func apns(_ value: JSONValue, current: APNsCredentials?) throws(Refusal) -> APNsCredentials {
        let fields = try Self.object(value, "push.apns")
        try Self.refuseUnknownKeys(of: fields, allowed: ["keyId", "teamId", "topic", "usesSandbox", "privateKey"], in: "push.apns")
        let keyId = try Self.text(fields["keyId"], "push.apns.keyId") ?? current?.keyId
        let teamId = try Self.text(fields["teamId"], "push.apns.teamId") ?? current?.teamId
        let topic = try Self.text(fields["topic"], "push.apns.topic") ?? current?.topic
        let newKey = try Self.secret(fields["privateKey"], "push.apns.privateKey")
        var usesSandbox = current?.usesSandbox ?? false
        if let item = fields["usesSandbox"] { usesSandbox = try Self.bool(item, "push.apns.usesSandbox") }
        guard let keyId, let teamId, let topic, let privateKey = newKey ?? current?.privateKeyPEM else {
            let missing = Self.firstMissing([("keyId", keyId), ("teamId", teamId), ("topic", topic)])
            throw Refusal("push.apns." + missing, "is needed: APNs takes keyId, teamId, topic and the .p8 key as privateKey")
        }
        let credentials = APNsCredentials(
            keyId: keyId, teamId: teamId, privateKeyPEM: privateKey, topic: topic, usesSandbox: usesSandbox)
        if newKey != nil, let problem = credentialsCheck?.problem(with: credentials) {
            throw Refusal("push.apns.privateKey", problem)
        }
        return credentials
    }

    /// The FCM credentials of a service-account key (`{"serviceAccount":{…}}`) or of fields merged into `current`.
    func fcm(_ value: JSONValue, current: FCMCredentials?) throws(Refusal) -> FCMCredentials {
        let fields = try Self.object(value, "push.fcm")
        if let account = fields["serviceAccount"] {
            guard fields.count == 1 else { throw Refusal("push.fcm.serviceAccount", "cannot be combined with other fields") }
            guard let credentials = FCMCredentials(serviceAccountJSON: account) else {
                throw Refusal(
                    "push.fcm.serviceAccount",
                    "is not a service-account key (\"type\": \"service_account\" with project_id, client_email and private_key)")
            }
            guard Self.isTokenURI(credentials.tokenURI) else {
                throw Refusal("push.fcm.serviceAccount", "has a token_uri that is not an https:// URL")
            }
            if let problem = credentialsCheck?.problem(with: credentials) { throw Refusal("push.fcm.serviceAccount", problem) }
            return credentials
        }
        try Self.refuseUnknownKeys(
            of: fields, allowed: ["projectId", "clientEmail", "privateKeyId", "tokenURI", "privateKey"], in: "push.fcm")
        let projectId = try Self.text(fields["projectId"], "push.fcm.projectId") ?? current?.projectId
        let clientEmail = try Self.text(fields["clientEmail"], "push.fcm.clientEmail") ?? current?.clientEmail
        let newKey = try Self.secret(fields["privateKey"], "push.fcm.privateKey")
        var privateKeyId = current?.privateKeyId
        if let item = fields["privateKeyId"] { privateKeyId = try item == .null ? nil : Self.text(item, "push.fcm.privateKeyId") }
        let tokenURI = try Self.text(fields["tokenURI"], "push.fcm.tokenURI") ?? current?.tokenURI ?? "https://oauth2.googleapis.com/token"
        guard Self.isTokenURI(tokenURI) else { throw Refusal("push.fcm.tokenURI", "must be an https:// URL") }
        guard let projectId, let clientEmail, let privateKey = newKey ?? current?.privateKeyPEM else {
            let missing = Self.firstMissing([("projectId", projectId), ("clientEmail", clientEmail)])
            throw Refusal("push.fcm." + missing, "is needed: FCM takes projectId, clientEmail and privateKey, or serviceAccount")
        }
        let credentials = FCMCredentials(
            projectId: projectId, clientEmail: clientEmail, privateKeyPEM: privateKey, privateKeyId: privateKeyId, tokenURI: tokenURI)
        // Any change is checked again, not only a new key: the key then signs for another account or token endpoint.
        if credentials != current, let problem = credentialsCheck?.problem(with: credentials) {
            throw Refusal("push.fcm.privateKey", problem)
        }
        return credentials
    }

    /// Refuses the first key of `fields` that is not one of `allowed`, naming it under `field`.
    static func refuseUnknownKeys(of fields: JSONObject, allowed: [String], in field: String) throws(Refusal) {
        for key in fields.keys where !allowed.contains(key) { throw Refusal(field + "." + key, "is not a setting") }
    }

    /// The name of the first of `fields` without a value, else `privateKey` (the one field a guard checks after these).
    static func firstMissing(_ fields: [(name: String, value: String?)]) -> String {
        fields.first { $0.value == nil }?.name ?? "privateKey"
    }

    /// Whether a service account's token endpoint is an `https://` URL with a host: the signed assertion it receives
    /// grants access to the project, so it never travels in the clear. Tests reach their fake FCM through
    /// `--fcm-token-url` (`PushEndpoints`), not through this setting.
    static func isTokenURI(_ text: String) -> Bool {
        guard let url = URL(string: text), url.scheme?.lowercased() == "https", let host = url.host, !host.isEmpty else { return false }
        return true
    }

    /// `{"facebook":{"enabled":true,"verification":"endpoint","options":{"appSecret":"…","url":null}}}`: each provider
    /// merged into its stored settings; an option set to `null` is removed, a secret option sent as the mask is kept.
    static func applyProviders(_ value: JSONValue, to settings: inout ApplicationSettings) throws(Refusal) {
        for (name, item) in try object(value, "providers").pairs {
            let field = "providers." + name
            guard knownProviders.contains(name) else {
                throw Refusal(field, "is not a provider: use \(knownProviders.joined(separator: ", "))")
            }
            var provider = settings.authProvider(name)
            for (key, entry) in try object(item, field).pairs {
                switch key {
                case "enabled": provider.isEnabled = try bool(entry, field + ".enabled")
                case "verification":
                    guard let verification = entry.stringValue, knownVerifications.contains(verification) else {
                        throw Refusal(field + ".verification", "must be none, jwks or endpoint")
                    }
                    provider.verification = verification
                case "options":
                    for (option, optionValue) in try object(entry, field + ".options").pairs {
                        provider.options[option] = try providerOption(
                            optionValue, field + ".options." + option, current: provider.options[option])
                    }
                default: throw Refusal(field + "." + key, "is not a setting")
                }
            }
            settings.authProviders[name] = provider
        }
    }

    /// An option's new value: `nil` removes it; the mask keeps the current value; otherwise a string or a list of strings.
    static func providerOption(_ value: JSONValue, _ field: String, current: JSONValue?) throws(Refusal) -> JSONValue? {
        switch value {
        case .null: return nil
        case .string(let text) where text == mask: return current
        case .string(let text) where !text.isEmpty: return value
        case .array(let items) where items.allSatisfy({ $0.stringValue?.isEmpty == false }): return value
        default: throw Refusal(field, "must be a text, a list of texts, or null to remove it")
        }
    }

    /// A non-empty, trimmed text; `nil` when absent.
    static func text(_ value: JSONValue?, _ field: String) throws(Refusal) -> String? {
        guard let value else { return nil }
        guard let text = value.stringValue?.trimmingCharacters(in: .whitespaces), !text.isEmpty,
            !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else { throw Refusal(field, "must be a non-empty text") }
        return text
    }

    /// A new secret: `nil` when absent or the mask (keep the stored one).
    static func secret(_ value: JSONValue?, _ field: String) throws(Refusal) -> String? {
        guard let value else { return nil }
        guard let text = value.stringValue, !text.isEmpty else { throw Refusal(field, "must be a non-empty text") }
        return text == mask ? nil : text
    }
}
