/// How `kumo serve` writes its log lines (`--log-format`, docs/operations.md#logs).
package enum LogFormat: String, CaseIterable, Sendable {
    /// `time=… level=info logger=kumo.access msg=request key=value …`: one line per message, values quoted when they
    /// hold spaces, quotes or `=`.
    case logfmt
    /// One JSON object per line: `time`, `level`, `logger`, `msg`, then the metadata.
    case json
}

/// Renders one log message as a line of a ``LogFormat``.
///
/// Field order is fixed (`time`, `level`, `logger`, `msg`, then the metadata keys sorted), so lines of the same message
/// compare by eye and by `diff`.
package enum LogLineRenderer {
    /// One value of a message's metadata, flattened to text or kept as a list or a map (JSON keeps the structure).
    package indirect enum Value: Sendable, Equatable {
        case text(String)
        case list([Value])
        case map([String: Value])
    }

    /// The line for a message, ending in a newline.
    package static func line(
        format: LogFormat, time: String, level: String, logger: String, message: String, metadata: [String: Value]
    ) -> String {
        let keys = metadata.keys.sorted()
        switch format {
        case .logfmt:
            var line = "time=\(time) level=\(level) logger=\(logfmt(logger)) msg=\(logfmt(message))"
            for key in keys {
                line += " \(logfmtKey(key))=\(logfmt(flatten(metadata[key] ?? .text(""))))"
            }
            return line + "\n"
        case .json:
            var line = "{\"time\":\(json(time)),\"level\":\(json(level)),\"logger\":\(json(logger)),\"msg\":\(json(message))"
            for key in keys where !["time", "level", "logger", "msg"].contains(key) {
                line += ",\(json(key)):\(json(metadata[key] ?? .text("")))"
            }
            return line + "}\n"
        }
    }

    /// A logfmt value: bare when it is a plain token, else quoted with `\"`, `\\`, `\n`, `\r` and `\t` escaped.
    static func logfmt(_ value: String) -> String {
        let needsQuotes =
            value.isEmpty
            || value.unicodeScalars.contains { $0 == " " || $0 == "=" || $0 == "\"" || $0 == "\\" || $0.value < 0x20 || $0.value == 0x7F }
        guard needsQuotes else { return value }
        var quoted = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\n": quoted += "\\n"
            case "\r": quoted += "\\r"
            case "\t": quoted += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: quoted += "\\u" + hex4(scalar.value)
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "\""
    }

    /// A logfmt key: characters other than letters, digits, `_`, `.` and `-` become `_`.
    static func logfmtKey(_ key: String) -> String {
        let cleaned = String(
            String.UnicodeScalarView(
                key.unicodeScalars.map { scalar in
                    scalar.properties.isAlphabetic && scalar.isASCII || ("0"..."9").contains(scalar) || "_.-".unicodeScalars.contains(scalar)
                        ? scalar : "_"
                }))
        return cleaned.isEmpty ? "_" : cleaned
    }

    /// A JSON string literal of `value`.
    static func json(_ value: String) -> String {
        var quoted = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\n": quoted += "\\n"
            case "\r": quoted += "\\r"
            case "\t": quoted += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || scalar.value == 0x2028 || scalar.value == 0x2029:
                quoted += "\\u" + hex4(scalar.value)
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "\""
    }

    /// The JSON form of a metadata value.
    static func json(_ value: Value) -> String {
        switch value {
        case .text(let text): return json(text)
        case .list(let values): return "[" + values.map { json($0) }.joined(separator: ",") + "]"
        case .map(let values):
            return "{" + values.keys.sorted().map { "\(json($0)):\(json(values[$0] ?? .text("")))" }.joined(separator: ",") + "}"
        }
    }

    /// The text of a value for logfmt: lists as `[a, b]`, maps as `[k: v]`, as swift-log prints them.
    static func flatten(_ value: Value) -> String {
        switch value {
        case .text(let text): return text
        case .list(let values): return "[" + values.map(flatten).joined(separator: ", ") + "]"
        case .map(let values): return "[" + values.keys.sorted().map { "\($0): \(flatten(values[$0] ?? .text("")))" }.joined(separator: ", ") + "]"
        }
    }

    private static func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
