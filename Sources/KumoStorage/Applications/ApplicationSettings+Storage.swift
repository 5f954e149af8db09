package import NCMBWire

extension ApplicationSettings {
    /// The stored form: only keys that differ from the defaults are written, unknown keys are kept.
    package var storedJSON: JSONValue {
        var object = unknownKeys
        object["defaultObjectACL"] = defaultObjectACL.json
        if !usersArePublicReadable { object["usersArePublicReadable"] = false }
        if sessionLifetimeSeconds != 86_400 { object["sessionLifetimeSeconds"] = .integer(Int64(sessionLifetimeSeconds)) }
        if allowsMultipleSessions { object["allowsMultipleSessions"] = true }
        if !authProviders.isEmpty {
            var providers = JSONObject()
            for name in authProviders.keys.sorted() {
                guard let provider = authProviders[name] else { continue }
                providers[name] = [
                    "enabled": .bool(provider.isEnabled), "verification": .string(provider.verification),
                    "options": .object(provider.options),
                ]
            }
            object["authProviders"] = .object(providers)
        }
        object["mail"] = mail.storedJSON
        if publicFilesEnabled { object["publicFilesEnabled"] = true }
        if maximumFileSize != ApplicationSettings.defaultMaximumFileSize {
            object["maximumFileSize"] = .integer(maximumFileSize)
        }
        if push != PushSettings() { object["push"] = push.storedJSON }
        if scripts != ScriptSettings() { object["scripts"] = .object(scripts.storedJSON) }
        if clientPushEnabled { object["clientPushEnabled"] = true }
        return .object(object)
    }

    /// Reads the stored form; malformed or missing keys fall back to their defaults.
    package init(storedJSON value: JSONValue) {
        self.init()
        guard case .object(var object) = value else { return }
        if let acl = object.removeValue(forKey: "defaultObjectACL") { defaultObjectACL = AccessControlList(storedJSON: acl) }
        if case .bool(let flag)? = object.removeValue(forKey: "usersArePublicReadable") { usersArePublicReadable = flag }
        if case .integer(let seconds)? = object.removeValue(forKey: "sessionLifetimeSeconds") {
            sessionLifetimeSeconds = min(max(Int(seconds), 60), ApplicationSettings.maximumSessionLifetimeSeconds)
        }
        if case .bool(let flag)? = object.removeValue(forKey: "allowsMultipleSessions") { allowsMultipleSessions = flag }
        if case .object(let providers)? = object.removeValue(forKey: "authProviders") {
            for (name, entry) in providers {
                guard case .object(let fields) = entry else { continue }
                var provider = AuthProviderSettings.defaults(for: name)
                if case .bool(let enabled)? = fields["enabled"] { provider.isEnabled = enabled }
                if case .string(let verification)? = fields["verification"] { provider.verification = verification }
                if case .object(let options)? = fields["options"] { provider.options = options }
                authProviders[name] = provider
            }
        }
        if let mailValue = object.removeValue(forKey: "mail") { mail = MailSettings(storedJSON: mailValue) }
        if case .bool(let flag)? = object.removeValue(forKey: "publicFilesEnabled") { publicFilesEnabled = flag }
        if case .integer(let size)? = object.removeValue(forKey: "maximumFileSize"), size > 0 { maximumFileSize = size }
        if let pushValue = object.removeValue(forKey: "push") { push = PushSettings(storedJSON: pushValue) }
        if case .object(let stored)? = object.removeValue(forKey: "scripts") { scripts = ScriptSettings(storedJSON: stored) }
        if case .bool(let flag)? = object.removeValue(forKey: "clientPushEnabled") { clientPushEnabled = flag }
        unknownKeys = object
    }
}

extension MailSettings {
    /// The stored form.
    var storedJSON: JSONValue {
        var object: JSONObject = [
            "senderAddress": .string(senderAddress), "confirmsMailAddress": .bool(confirmsMailAddress),
            "tokenLifetimeSeconds": .integer(Int64(tokenLifetimeSeconds)),
        ]
        if let customURL { object["customURL"] = .string(customURL) }
        if !templates.isEmpty {
            var stored = JSONObject()
            for name in templates.keys.sorted() {
                guard let template = templates[name] else { continue }
                stored[name] = ["subject": .string(template.subject), "body": .string(template.body)]
            }
            object["templates"] = .object(stored)
        }
        return .object(object)
    }

    /// Reads the stored form; malformed keys fall back to their defaults.
    init(storedJSON value: JSONValue) {
        self.init()
        guard case .object(let object) = value else { return }
        if case .string(let sender)? = object["senderAddress"] { senderAddress = sender }
        if case .string(let url)? = object["customURL"] { customURL = url }
        if case .bool(let flag)? = object["confirmsMailAddress"] { confirmsMailAddress = flag }
        if case .integer(let seconds)? = object["tokenLifetimeSeconds"], seconds > 0 { tokenLifetimeSeconds = Int(seconds) }
        if case .object(let stored)? = object["templates"] {
            for (name, entry) in stored {
                guard case .object(let fields) = entry, case .string(let subject)? = fields["subject"],
                    case .string(let body)? = fields["body"]
                else { continue }
                templates[name] = MailTemplate(subject: subject, body: body)
            }
        }
    }
}

extension AccessControlList {
    /// Reads an ACL as storage wrote it (always valid JSON written by `json`); anything malformed grants nobody.
    package init(storedJSON value: JSONValue) {
        var entries: [String: Permission] = [:]
        if case .object(let object) = value {
            for (principal, grant) in object {
                guard case .object(let flags) = grant else { continue }
                entries[principal] = Permission(read: flags["read"] == .bool(true), write: flags["write"] == .bool(true))
            }
        }
        self.init(entries)
    }
}
