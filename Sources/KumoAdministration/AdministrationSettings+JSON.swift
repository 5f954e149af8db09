package import KumoStorage
package import NCMBWire

/// The grouped JSON form of an application's settings (docs/dashboard.md#settings).
extension AdministrationSettings {
    /// The SNS providers always listed, whether stored or not.
    package static let knownProviders = ["anonymous", "apple", "facebook", "google", "twitter"]

    /// Whether a provider option holds a secret (never shown): its name contains `secret`, `token` or `password`.
    package static func isSecretOption(_ key: String) -> Bool {
        let lowered = key.lowercased()
        return lowered.contains("secret") || lowered.contains("token") || lowered.contains("password")
    }

    /// The settings grouped as the dashboard shows them; with `masksSecrets` (always, for answers) push keys and secret
    /// provider options are ``mask``.
    package static func json(_ settings: ApplicationSettings, masksSecrets: Bool = true) -> JSONValue {
        let secret: (String) -> JSONValue = { masksSecrets ? .string(mask) : .string($0) }
        let mail = settings.mail
        var templates = JSONObject()
        for purpose in mail.templates.keys.sorted() {
            guard let template = mail.templates[purpose] else { continue }
            templates[purpose] = ["subject": .string(template.subject), "body": .string(template.body)]
        }
        let apns: JSONValue =
            settings.push.apns.map { apns in
                [
                    "keyId": .string(apns.keyId), "teamId": .string(apns.teamId), "topic": .string(apns.topic),
                    "usesSandbox": .bool(apns.usesSandbox), "privateKey": secret(apns.privateKeyPEM),
                ]
            } ?? .null
        let fcm: JSONValue =
            settings.push.fcm.map { fcm in
                [
                    "projectId": .string(fcm.projectId), "clientEmail": .string(fcm.clientEmail),
                    "privateKeyId": fcm.privateKeyId.map(JSONValue.string) ?? .null, "tokenURI": .string(fcm.tokenURI),
                    "privateKey": secret(fcm.privateKeyPEM),
                ]
            } ?? .null
        var providers = JSONObject()
        for name in (knownProviders + settings.authProviders.keys.sorted()) where providers[name] == nil {
            let provider = settings.authProvider(name)
            var options = JSONObject()
            for (key, value) in provider.options.pairs {
                options[key] = isSecretOption(key) && masksSecrets ? .string(mask) : value
            }
            providers[name] = [
                "enabled": .bool(provider.isEnabled), "verification": .string(provider.verification), "options": .object(options),
            ]
        }
        return [
            "sessions": [
                "lifetimeSeconds": .integer(Int64(settings.sessionLifetimeSeconds)),
                "allowsMultipleSessions": .bool(settings.allowsMultipleSessions),
            ],
            "users": ["publicReadable": .bool(settings.usersArePublicReadable)],
            "defaultACL": settings.defaultObjectACL.json,
            "mail": [
                "senderAddress": .string(mail.senderAddress), "customURL": mail.customURL.map(JSONValue.string) ?? .null,
                "confirmsMailAddress": .bool(mail.confirmsMailAddress),
                "tokenLifetimeSeconds": .integer(Int64(mail.tokenLifetimeSeconds)), "templates": .object(templates),
            ],
            "files": ["publicFiles": .bool(settings.publicFilesEnabled), "maximumFileSize": .integer(settings.maximumFileSize)],
            "push": ["clientPush": .bool(settings.clientPushEnabled), "apns": apns, "fcm": fcm],
            "providers": .object(providers),
            "scripts": json(settings.scripts),
        ]
    }

    /// The scripts' limits as the settings and the scripts page show them.
    package static func json(_ scripts: ScriptSettings) -> JSONValue {
        [
            "maximumFileSize": .integer(Int64(scripts.maximumFileSize)), "maximumCount": .integer(Int64(scripts.maximumCount)),
            "timeoutMilliseconds": .integer(Int64(scripts.timeoutMilliseconds)),
            "maximumResponseSize": .integer(Int64(scripts.maximumResponseSize)),
            "maximumConcurrentExecutions": .integer(Int64(scripts.maximumConcurrentExecutions)),
            "maximumQueuedExecutions": .integer(Int64(scripts.maximumQueuedExecutions)),
        ]
    }
}
