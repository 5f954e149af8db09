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
        String(decoding: lineBytes(format: format, time: time, level: level, logger: logger, message: message, metadata: metadata), as: UTF8.self)
    }

    /// One metadata field of a line.
    package typealias Field = (key: String, value: Value)

    /// ``line(format:time:level:logger:message:metadata:)`` as UTF-8 bytes, built in one buffer (a line per request
    /// is on the hot path: no intermediate strings for plain values).
    package static func lineBytes(
        format: LogFormat, time: String, level: String, logger: String, message: String, metadata: [String: Value]
    ) -> [UInt8] {
        lineBytes(
            format: format, time: time, level: level, logger: logger, message: message,
            sortedFields: metadata.map { (key: $0.key, value: $0.value) }.sorted { $0.key < $1.key })
    }

    /// The line's UTF-8 bytes from metadata fields already sorted by key, each key once: what a log handler that merges
    /// several metadata sources passes, without building a dictionary per line (the access log writes a line per request).
    package static func lineBytes(
        format: LogFormat, time: String, level: String, logger: String, message: String, sortedFields: [Field]
    ) -> [UInt8] {
        var bytes = head(format: format, time: time, level: level, logger: logger, message: message, fieldCount: sortedFields.count)
        for (key, value) in sortedFields {
            switch (format, value) {
            case (_, .text(let text)): appendField(format: format, key: key, text: text, to: &bytes)
            case (.logfmt, _): appendField(format: format, key: key, text: flatten(value), to: &bytes)
            case (.json, _):
                guard !isReservedJSONKey(key) else { continue }
                appendJSONKey(key, to: &bytes)
                bytes.append(contentsOf: json(value).utf8)
            }
        }
        appendTail(format: format, to: &bytes)
        return bytes
    }

    /// ``lineBytes(format:time:level:logger:message:sortedFields:)`` for metadata that is text only: no ``Value`` per
    /// field (the access log's line per request, docs/decisions/0166-per-request-path-without-per-request-allocations.md).
    package static func lineBytes(
        format: LogFormat, time: String, level: String, logger: String, message: String,
        sortedTextFields: [(key: String, value: String)]
    ) -> [UInt8] {
        var bytes = head(format: format, time: time, level: level, logger: logger, message: message, fieldCount: sortedTextFields.count)
        for (key, text) in sortedTextFields { appendField(format: format, key: key, text: text, to: &bytes) }
        appendTail(format: format, to: &bytes)
        return bytes
    }

    /// The fixed start of a line: `time`, `level`, `logger` and `msg`.
    private static func head(format: LogFormat, time: String, level: String, logger: String, message: String, fieldCount: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256 + fieldCount * 24)
        switch format {
        case .logfmt:
            append("time=", to: &bytes)
            append(time, to: &bytes)
            append(" level=", to: &bytes)
            append(level, to: &bytes)
            append(" logger=", to: &bytes)
            appendLogfmt(logger, to: &bytes)
            append(" msg=", to: &bytes)
            appendLogfmt(message, to: &bytes)
        case .json:
            append("{\"time\":", to: &bytes)
            appendJSON(time, to: &bytes)
            append(",\"level\":", to: &bytes)
            appendJSON(level, to: &bytes)
            append(",\"logger\":", to: &bytes)
            appendJSON(logger, to: &bytes)
            append(",\"msg\":", to: &bytes)
            appendJSON(message, to: &bytes)
        }
        return bytes
    }

    /// One text field: ` key=value` (logfmt) or `,"key":"value"` (JSON, which leaves out the keys of the line's head).
    private static func appendField(format: LogFormat, key: String, text: String, to bytes: inout [UInt8]) {
        switch format {
        case .logfmt:
            bytes.append(UInt8(ascii: " "))
            appendLogfmtKey(key, to: &bytes)
            bytes.append(UInt8(ascii: "="))
            appendLogfmt(text, to: &bytes)
        case .json:
            guard !isReservedJSONKey(key) else { return }
            appendJSONKey(key, to: &bytes)
            appendJSON(text, to: &bytes)
        }
    }

    private static func isReservedJSONKey(_ key: String) -> Bool {
        key == "time" || key == "level" || key == "logger" || key == "msg"
    }

    private static func appendJSONKey(_ key: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: ","))
        appendJSON(key, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
    }

    /// The end of a line: `}` for JSON, then the newline.
    private static func appendTail(format: LogFormat, to bytes: inout [UInt8]) {
        if format == .json { bytes.append(UInt8(ascii: "}")) }
        bytes.append(UInt8(ascii: "\n"))
    }

    private static func append(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: text.utf8)
    }

    /// Whether a logfmt value can be written bare: not empty, no space, `=`, quote, backslash or control character.
    private static func isBare(_ text: String) -> Bool {
        guard !text.isEmpty else { return false }
        for byte in text.utf8 where byte <= 0x20 || byte == UInt8(ascii: "=") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0x7F {
            return false
        }
        return true
    }

    private static func appendLogfmt(_ text: String, to bytes: inout [UInt8]) {
        if isBare(text) {
            bytes.append(contentsOf: text.utf8)
        } else {
            bytes.append(contentsOf: logfmt(text).utf8)
        }
    }

    private static func appendLogfmtKey(_ key: String, to bytes: inout [UInt8]) {
        let isClean =
            !key.isEmpty
            && key.utf8.allSatisfy { byte in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
                    || byte == UInt8(ascii: "-")
            }
        bytes.append(contentsOf: (isClean ? key : logfmtKey(key)).utf8)
    }

    private static func appendJSON(_ text: String, to bytes: inout [UInt8]) {
        let needsEscapes = text.utf8.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 == 0x7F || $0 == 0xE2 }
        if needsEscapes {
            bytes.append(contentsOf: json(text).utf8)
        } else {
            bytes.append(UInt8(ascii: "\""))
            bytes.append(contentsOf: text.utf8)
            bytes.append(UInt8(ascii: "\""))
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
