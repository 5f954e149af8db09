import ArgumentParser
import Foundation

/// Every setting of `kumo serve` with its three sources (docs/configuration.md#how-settings-are-read): the flag, the
/// environment variable and the key of the configuration file, which is the flag's name without its dashes.
///
/// Flags win over the environment, which wins over the file: the file's values are put into the environment of the
/// process before the flags are parsed, for the variables the environment does not set (``ConfigurationFile``). Every
/// value from the environment or the file is checked here against its kind before anything starts, so that a mistyped
/// value stops `kumo serve` with a message naming where it came from, never turning silently into a default.
struct ServeSetting: Sendable {
    /// What a setting's text may be.
    enum Kind: Sendable {
        /// Any text.
        case text
        /// A whole number in a range.
        case integer(ClosedRange<Int>)
        /// A number (seconds, rates) in a range.
        case number(ClosedRange<Double>)
        /// One of a few words.
        case choice([String])
        /// Several texts: repeated flags, a comma-separated variable, a JSON array in the file.
        case list
    }

    /// The file's key: the flag without `--`.
    let key: String
    /// The environment variable.
    let environment: String
    /// What the text may be.
    let kind: Kind
    /// The default, as `--check-config` prints it.
    let defaultText: String
    /// The flag's line in `kumo serve --help`; `nil` for a setting without a flag (read from the environment or the file
    /// only).
    var help: String?
    /// The flag's value name in `--help` (`<seconds>`); `nil` for ArgumentParser's, the property's name.
    var valueName: String?
    /// Whether `--check-config` masks it (a database URL's password).
    var isSecret = false
    /// Whether `--check-config` hides its whole value (a credential).
    var hidesValue = false

    /// The flag.
    var flag: String { "--" + key }

    /// The flag's help, as ``help`` and ``valueName`` give it.
    var argumentHelp: ArgumentHelp? { help.map { ArgumentHelp($0, valueName: valueName) } }

    /// What the kind allows, for messages.
    var allowed: String {
        switch kind {
        case .text: "text"
        case .integer(let range): "a whole number from \(range.lowerBound) to \(range.upperBound)"
        case .number(let range): "a number from \(ServeSetting.plain(range.lowerBound)) to \(ServeSetting.plain(range.upperBound))"
        case .choice(let words): words.map { "\"\($0)\"" }.joined(separator: ", ").replacingLastComma()
        case .list: "a list of texts"
        }
    }

    /// Whether `text` fits the kind.
    func accepts(_ text: String) -> Bool {
        switch kind {
        case .text, .list: true
        case .integer(let range): Int(text.trimmingCharacters(in: .whitespaces)).map(range.contains) ?? false
        case .number(let range): Double(text.trimmingCharacters(in: .whitespaces)).map { $0.isFinite && range.contains($0) } ?? false
        case .choice(let words): words.contains(text.lowercased())
        }
    }

    private static func plain(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}

extension Option {
    /// The flag of the `kumo serve` setting `key` (its row of ``ServeSettings/all``, which gives the help), read from
    /// the command line only: the group that declares it falls back to the setting's variable.
    init<Wrapped: ExpressibleByArgument>(setting key: String) where Value == Wrapped? {
        self.init(name: .customLong(key), help: ServeSettings.setting(key: key)?.argumentHelp)
    }

    /// The flag of the `kumo serve` setting `key` with a default (the setting's variable, else its own default), which
    /// `--help` shows.
    init(wrappedValue: Value, setting key: String) where Value: ExpressibleByArgument {
        self.init(wrappedValue: wrappedValue, name: .customLong(key), help: ServeSettings.setting(key: key)?.argumentHelp)
    }

    /// The flag of the `kumo serve` setting `key` when the setting's variable may leave it unset.
    init<Wrapped: ExpressibleByArgument>(wrappedValue: Wrapped?, setting key: String) where Value == Wrapped? {
        self.init(wrappedValue: wrappedValue, name: .customLong(key), help: ServeSettings.setting(key: key)?.argumentHelp)
    }

    /// The repeatable flag of the `kumo serve` setting `key`.
    init<Element: ExpressibleByArgument>(wrappedValue: Value, setting key: String) where Value == [Element] {
        self.init(wrappedValue: wrappedValue, name: .customLong(key), help: ServeSettings.setting(key: key)?.argumentHelp)
    }
}

extension String {
    /// `"a", "b", "c"` → `"a", "b" or "c"`.
    fileprivate func replacingLastComma() -> String {
        guard let range = range(of: ", ", options: .backwards) else { return self }
        return replacingCharacters(in: range, with: " or ")
    }
}

/// The settings of `kumo serve` (``all``, in ServeSettings+All.swift) and how their values are read and checked.
enum ServeSettings {
    /// A flag's value, else its environment variable's read as `Value` (the configuration file's values arrive as
    /// variables); blanks around the variable's text are ignored, as ``checkEnvironment(_:)`` ignores them.
    static func value<Value: LosslessStringConvertible>(_ option: Value?, _ variable: String) -> Value? {
        option ?? ProcessInfo.processInfo.environment[variable].flatMap { Value($0.trimmingCharacters(in: .whitespaces)) }
    }

    /// A variable's value read as `Value`, blanks around it ignored; `nil` when unset. Past ``checkEnvironment(_:)`` a
    /// set variable always reads: a value never turns silently into the default.
    static func variable<Value: LosslessStringConvertible>(_ name: String, as type: Value.Type) -> Value? { value(nil, name) }

    /// Whether the on/off setting `key` is on: its flag's value, else its variable's, else its default, in any letter case
    /// (the variable's was checked before parsing, the flag's by ``checkOnOff(_:key:)``).
    static func isOn(_ option: String?, key: String) -> Bool {
        guard let setting = setting(key: key) else { return false }
        return (option ?? ProcessInfo.processInfo.environment[setting.environment] ?? setting.defaultText).lowercased() == "on"
    }

    /// Refuses a value of the on/off flag `--key` other than on or off (in any letter case).
    static func checkOnOff(_ option: String?, key: String) throws {
        if let option, !["on", "off"].contains(option.lowercased()) {
            throw ValidationError("--\(key) takes on or off, not \"\(option)\"")
        }
    }

    /// Checks the values given as flags against their settings' kinds (the environment's were checked before parsing,
    /// ``checkEnvironment(_:)``).
    ///
    /// - Returns: the message for the first value that does not fit, naming the flag, or `nil`.
    static func checkFlags(_ values: [(flag: String, value: (any LosslessStringConvertible)?)]) -> String? {
        for case (let flag, let value?) in values {
            guard let setting = all.first(where: { $0.flag == flag }), !setting.accepts(value.description) else { continue }
            return "\(flag) takes \(setting.allowed), not \(value)"
        }
        return nil
    }

    /// The texts of a comma-separated variable, trimmed, without empty ones.
    static func list(_ variable: String) -> [String] {
        (ProcessInfo.processInfo.environment[variable] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
    }

    /// The setting of a file key.
    static func setting(key: String) -> ServeSetting? { all.first { $0.key == key } }

    /// The variables the configuration file set (variable → file path), for messages and `--check-config`.
    nonisolated(unsafe) static var fromFile: [String: String] = [:]

    /// The command line of this process.
    static var arguments: [String] { CommandLine.arguments }

    /// Whether the flag was given on the command line.
    static func isGivenAsFlag(_ setting: ServeSetting) -> Bool {
        arguments.contains { $0 == setting.flag || $0.hasPrefix(setting.flag + "=") }
    }

    /// Where `setting`'s value comes from, as messages name it: the flag, the variable, or the key in the file.
    static func source(of setting: ServeSetting) -> String {
        if isGivenAsFlag(setting) { return setting.flag }
        if let file = fromFile[setting.environment] { return "\"\(setting.key)\" in \(file)" }
        if ProcessInfo.processInfo.environment[setting.environment] != nil { return setting.environment }
        return setting.flag
    }

    /// Where the value of the setting with `flag` (`--port`) comes from; the flag itself when unknown.
    static func source(ofFlag flag: String) -> String {
        guard let setting = all.first(where: { $0.flag == flag }) else { return flag }
        return source(of: setting)
    }

    /// Checks every environment value (including the file's) against its setting's kind, also where a flag overrides
    /// it: a mistyped variable would otherwise surface only the day the flag is dropped.
    ///
    /// - Returns: the message for the first value that does not fit, naming the variable or the file's key, or `nil`.
    static func checkEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        for setting in all {
            guard let text = environment[setting.environment], !setting.accepts(text) else { continue }
            let source = fromFile[setting.environment].map { "\"\(setting.key)\" in \($0)" } ?? setting.environment
            return "\(source) takes \(setting.allowed), not \"\(text)\""
        }
        return nil
    }

    /// The effective value of every setting and where it comes from, for `kumo serve --check-config`.
    static func effectiveConfiguration(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        var lines: [String] = []
        let width = all.map(\.key.count).max() ?? 0
        for setting in all {
            let (value, origin): (String, String)
            if let flagged = flagValues(setting), !flagged.isEmpty {
                (value, origin) = (flagged.joined(separator: ", "), "flag \(setting.flag)")
            } else if let text = environment[setting.environment] {
                let source = fromFile[setting.environment].map { "file \($0)" } ?? "environment \(setting.environment)"
                (value, origin) = (text, source)
            } else {
                (value, origin) = (setting.defaultText, "default")
            }
            let shown = setting.hidesValue && origin != "default" ? "(set, not shown)" : setting.isSecret ? mask(value) : value
            lines.append(setting.key.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + shown + "  (" + origin + ")")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The values given on the command line for `setting` (`--x v`, `--x=v`, repeated), `nil` when none.
    static func flagValues(_ setting: ServeSetting) -> [String]? {
        var values: [String] = []
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            if argument == setting.flag, index + 1 < arguments.endIndex {
                values.append(arguments[index + 1])
                index += 2
                continue
            }
            if argument.hasPrefix(setting.flag + "=") { values.append(String(argument.dropFirst(setting.flag.count + 1))) }
            index += 1
        }
        return values.isEmpty ? nil : values
    }

    /// A URL with its password replaced by `****` (`postgres://kumo:****@db/kumo`); other text unchanged.
    static func mask(_ value: String) -> String {
        guard let schemeEnd = value.range(of: "://"), let at = value[schemeEnd.upperBound...].firstIndex(of: "@") else { return value }
        let credentials = value[schemeEnd.upperBound..<at]
        guard let colon = credentials.firstIndex(of: ":") else { return value }
        return String(value[..<value.index(after: colon)]) + "****" + String(value[at...])
    }
}
