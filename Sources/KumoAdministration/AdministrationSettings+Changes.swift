import KumoSeams
import KumoStorage
import NCMBWire

/// The checks and changes of the plain groups: sessions, users, default ACL, mail, files and scripts.
extension AdministrationSettings {
    /// The longest template subject (a mail header line) and body.
    static let maximumSubjectLength = 998
    /// The longest template body, in bytes.
    static let maximumTemplateBodyBytes = 64 * 1024

    static func applySessions(_ value: JSONValue, to settings: inout ApplicationSettings) throws(Refusal) {
        for (key, item) in try object(value, "sessions").pairs {
            let field = "sessions." + key
            switch key {
            case "lifetimeSeconds":
                settings.sessionLifetimeSeconds = try wholeHours(item, field, hours: 1...168)
            case "allowsMultipleSessions": settings.allowsMultipleSessions = try bool(item, field)
            default: throw Refusal(field, "is not a setting")
            }
        }
    }

    static func applyUsers(_ value: JSONValue, to settings: inout ApplicationSettings) throws(Refusal) {
        for (key, item) in try object(value, "users").pairs {
            guard key == "publicReadable" else { throw Refusal("users." + key, "is not a setting") }
            settings.usersArePublicReadable = try bool(item, "users.publicReadable")
        }
    }

    static func applyDefaultACL(_ value: JSONValue, to settings: inout ApplicationSettings) throws(Refusal) {
        do {
            settings.defaultObjectACL = try AccessControlList(parsing: value)
        } catch {
            throw Refusal("defaultACL", "must be an ACL such as {\"*\":{\"read\":true}}")
        }
    }

    static func applyMail(_ value: JSONValue, to settings: inout ApplicationSettings) throws(Refusal) {
        for (key, item) in try object(value, "mail").pairs {
            let field = "mail." + key
            switch key {
            case "senderAddress":
                guard let address = item.stringValue, MailAddress.isValid(address, allowsLocalDomain: true) else {
                    throw Refusal(field, "must be a mail address such as no-reply@example.com")
                }
                settings.mail.senderAddress = address
            case "customURL":
                switch item {
                case .null: settings.mail.customURL = nil
                case .string(let url) where url.isEmpty: settings.mail.customURL = nil
                case .string(let url) where (url.hasPrefix("http://") || url.hasPrefix("https://")) && !url.contains(where: \.isWhitespace):
                    settings.mail.customURL = url
                default: throw Refusal(field, "must start with http:// or https://, or be null for Kumo's own pages")
                }
            case "confirmsMailAddress": settings.mail.confirmsMailAddress = try bool(item, field)
            case "tokenLifetimeSeconds": settings.mail.tokenLifetimeSeconds = try wholeHours(item, field, hours: 1...720)
            case "templates": try applyTemplates(item, to: &settings.mail)
            default: throw Refusal(field, "is not a setting")
            }
        }
    }

    /// `{"passwordReset":{"subject","body"}}` sets a template, `{"passwordReset":null}` goes back to the built-in text.
    static func applyTemplates(_ value: JSONValue, to mail: inout MailSettings) throws(Refusal) {
        for (purpose, item) in try object(value, "mail.templates").pairs {
            let field = "mail.templates." + purpose
            guard OneTimeTokenPurpose(rawValue: purpose) != nil else {
                throw Refusal(field, "is not a template: use mailAddressUserEntry, passwordReset or mailAddressConfirm")
            }
            if item == .null {
                mail.templates[purpose] = nil
                continue
            }
            let fields = try object(item, field)
            guard let subject = fields["subject"]?.stringValue, !subject.isEmpty, subject.count <= maximumSubjectLength,
                !subject.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
            else { throw Refusal(field + ".subject", "must be one line of 1 to \(maximumSubjectLength) characters") }
            guard let body = fields["body"]?.stringValue, !body.isEmpty, body.utf8.count <= maximumTemplateBodyBytes else {
                throw Refusal(field + ".body", "must be a text of 1 byte to 64 KiB")
            }
            guard fields.count == 2 else { throw Refusal(field, "takes only subject and body") }
            mail.templates[purpose] = MailTemplate(subject: subject, body: body)
        }
    }

    static func applyFiles(_ value: JSONValue, to settings: inout ApplicationSettings) throws(Refusal) {
        for (key, item) in try object(value, "files").pairs {
            let field = "files." + key
            switch key {
            case "publicFiles": settings.publicFilesEnabled = try bool(item, field)
            case "maximumFileSize":
                guard case .integer(let size) = item, size >= 1 else { throw Refusal(field, "must be a positive number of bytes") }
                settings.maximumFileSize = size
            default: throw Refusal(field, "is not a setting")
            }
        }
    }

    static func applyScripts(_ value: JSONValue, to settings: inout ApplicationSettings) throws(Refusal) {
        typealias Bounds = ScriptSettings.Bounds
        for (key, item) in try object(value, "scripts").pairs {
            let field = "scripts." + key
            switch key {
            case "maximumFileSize": settings.scripts.maximumFileSize = try integer(item, field, Bounds.fileSize)
            case "maximumCount": settings.scripts.maximumCount = try integer(item, field, Bounds.count)
            case "timeoutMilliseconds": settings.scripts.timeoutMilliseconds = try integer(item, field, Bounds.timeoutMilliseconds)
            case "maximumResponseSize": settings.scripts.maximumResponseSize = try integer(item, field, Bounds.responseSize)
            case "maximumConcurrentExecutions":
                settings.scripts.maximumConcurrentExecutions = try integer(item, field, Bounds.concurrentExecutions)
            case "maximumQueuedExecutions":
                settings.scripts.maximumQueuedExecutions = try integer(item, field, Bounds.queuedExecutions)
            default: throw Refusal(field, "is not a setting")
            }
        }
    }

    // MARK: Values

    static func object(_ value: JSONValue, _ field: String) throws(Refusal) -> JSONObject {
        guard case .object(let object) = value else { throw Refusal(field, "must be an object") }
        return object
    }

    static func bool(_ value: JSONValue, _ field: String) throws(Refusal) -> Bool {
        guard case .bool(let flag) = value else { throw Refusal(field, "must be true or false") }
        return flag
    }

    static func integer(_ value: JSONValue, _ field: String, _ range: ClosedRange<Int>) throws(Refusal) -> Int {
        guard case .integer(let number) = value, let integer = Int(exactly: number), range.contains(integer) else {
            throw Refusal(field, "must be a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return integer
    }

    /// Seconds that are a whole number of hours within `hours` (as the CLI's `--…-hours` options give them).
    static func wholeHours(_ value: JSONValue, _ field: String, hours: ClosedRange<Int>) throws(Refusal) -> Int {
        guard case .integer(let seconds) = value, seconds % 3600 == 0, let count = Int(exactly: seconds / 3600), hours.contains(count)
        else {
            throw Refusal(
                field,
                "must be whole hours from \(hours.lowerBound) to \(hours.upperBound) (\(hours.lowerBound * 3600)…\(hours.upperBound * 3600) seconds)"
            )
        }
        return count * 3600
    }
}
