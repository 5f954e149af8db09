import Foundation
import NCMBWire

#if canImport(Glibc)
    import Glibc
#endif

/// The configuration file of `kumo serve --config FILE` (or `KUMO_CONFIG`): one JSON object whose keys are the
/// settings' flags without their dashes (docs/configuration.md#configuration-file, decision 0072).
///
/// ```json
/// {"port": 8080, "data-dir": "/var/lib/kumo", "trusted-proxy": ["127.0.0.1", "::1"], "metrics-port": 9464}
/// ```
///
/// Each value becomes the setting's environment variable unless the environment already sets it, so flags win over
/// the environment, which wins over the file. An unknown key, a value of the wrong JSON type and a file that is not one
/// JSON object stop the command with a message naming the file and the key.
enum ConfigurationFile {
    /// A file that cannot be used.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The path given by `--config FILE`, `--config=FILE` or `KUMO_CONFIG`, when `arguments` run `serve`.
    static func path(arguments: [String], environment: [String: String]) -> String? {
        guard arguments.dropFirst().first == "serve" else { return nil }
        for (index, argument) in arguments.enumerated() {
            if argument == "--config", index + 1 < arguments.count { return arguments[index + 1] }
            if argument.hasPrefix("--config=") { return String(argument.dropFirst("--config=".count)) }
        }
        return environment["KUMO_CONFIG"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The environment assignments the file at `path` makes (variable → text).
    static func assignments(path: String) throws(Failure) -> [String: String] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Failure(description: "--config \(path): the file cannot be read")
        }
        let value: JSONValue
        do {
            value = try JSONValue(parsing: Array(data))
        } catch {
            throw Failure(description: "--config \(path) is not valid JSON: \(error)")
        }
        guard let object = value.objectValue else {
            throw Failure(description: "--config \(path) must hold one JSON object of settings, like {\"port\": 8080}")
        }
        var assignments: [String: String] = [:]
        for key in object.keys {
            guard let setting = ServeSettings.setting(key: key) else {
                throw Failure(
                    description: "\"\(key)\" in \(path) is not a setting of kumo serve (keys are the flags without their dashes: "
                        + "\"port\", \"data-dir\", …; see docs/configuration.md)")
            }
            guard let text = text(of: object[key] ?? .null, for: setting) else {
                throw Failure(description: "\"\(key)\" in \(path) takes \(setting.allowed)")
            }
            assignments[setting.environment] = text
        }
        return assignments
    }

    /// A JSON value as the environment text of `setting`, or `nil` when its JSON type does not fit.
    static func text(of value: JSONValue, for setting: ServeSetting) -> String? {
        switch (setting.kind, value) {
        case (.list, .array(let items)):
            let texts = items.compactMap(\.stringValue)
            guard texts.count == items.count, !texts.contains(where: { $0.contains(",") }) else { return nil }
            return texts.joined(separator: ",")
        case (.list, .string(let text)): return text
        case (.integer, .integer(let number)): return String(number)
        case (.number, .integer(let number)): return String(number)
        case (.number, .double(let number)): return String(number)
        case (.choice(let words), .bool(let flag)) where words == ["on", "off"]: return flag ? "on" : "off"
        case (.choice, .string(let text)), (.text, .string(let text)): return text
        default: return nil
        }
    }

    /// Puts the file's values into this process's environment where it sets nothing, and remembers which it set.
    static func apply(path: String) throws(Failure) {
        let assignments = try assignments(path: path)
        let environment = ProcessInfo.processInfo.environment
        for (variable, text) in assignments.sorted(by: { $0.key < $1.key }) where environment[variable] == nil {
            setenv(variable, text, 1)
            ServeSettings.fromFile[variable] = path
        }
    }
}
