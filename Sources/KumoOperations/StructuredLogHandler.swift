import Foundation
package import Logging

#if canImport(Glibc)
    import Glibc
#endif

/// The log handler of `kumo serve`: each message one line in logfmt or JSON (``LogFormat``) on standard error, written
/// with one `write(2)` so that lines of concurrent requests never interleave.
///
/// Metadata set on a logger is kept as values and rendered only when a message is logged: the HTTP server sets a
/// request id on every request's logger, and formatting it for requests that log nothing would be wasted work.
package struct StructuredLogHandler: LogHandler {
    /// The metadata set on this handler, given with every logged message.
    package var metadata: Logger.Metadata = [:]
    /// Metadata added to every message (task-local values).
    package var metadataProvider: Logger.MetadataProvider?
    /// The lowest level written.
    package var logLevel: Logger.Level
    private let label: String
    private let format: LogFormat
    private let output: LogOutput

    /// Creates a handler for the logger named `label`.
    package init(label: String, format: LogFormat, level: Logger.Level, output: LogOutput = .standardError) {
        self.label = label
        self.format = format
        self.logLevel = level
        self.output = output
    }

    package subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    package func log(event: LogEvent) {
        let fields = Self.sortedFields(handler: metadata, provided: metadataProvider?.get(), explicit: event.metadata)
        let line = LogLineRenderer.lineBytes(
            format: format, time: Self.timestamp(), level: event.level.rawValue, logger: label, message: event.message.description,
            sortedFields: fields)
        output.write(line)
    }

    /// Writes a message whose metadata is text only, as fields sorted by key, each key once: the access log's line per
    /// request, rendered without a `Logger.Metadata` dictionary or a value per field when the handler has no metadata of
    /// its own (docs/decisions/0166-per-request-path-without-per-request-allocations.md). The line is byte for byte the
    /// one ``log(event:)`` writes for the same metadata; nothing is written below the handler's level.
    package func write(level: Logger.Level, message: String, sortedTextFields: [(key: String, value: String)]) {
        guard level >= logLevel else { return }
        let provided = metadataProvider?.get()
        let line: [UInt8]
        if metadata.isEmpty && (provided?.isEmpty ?? true) {
            line = LogLineRenderer.lineBytes(
                format: format, time: Self.timestamp(), level: level.rawValue, logger: label, message: message,
                sortedTextFields: sortedTextFields)
        } else {
            var explicit: Logger.Metadata = [:]
            for (key, value) in sortedTextFields { explicit[key] = .string(value) }
            line = LogLineRenderer.lineBytes(
                format: format, time: Self.timestamp(), level: level.rawValue, logger: label, message: message,
                sortedFields: Self.sortedFields(handler: metadata, provided: provided, explicit: explicit))
        }
        output.write(line)
    }

    /// The metadata of one message as fields sorted by key, each key once: the message's own metadata wins over the
    /// provider's, which wins over the handler's (swift-log's order). Built as one array rather than merged
    /// dictionaries: the access log renders a line per request.
    static func sortedFields(
        handler: Logger.Metadata, provided: Logger.Metadata?, explicit: Logger.Metadata?
    ) -> [LogLineRenderer.Field] {
        var fields: [LogLineRenderer.Field] = []
        fields.reserveCapacity(handler.count + (provided?.count ?? 0) + (explicit?.count ?? 0))
        for (key, value) in explicit ?? [:] { fields.append((key, Self.value(value))) }
        for (key, value) in provided ?? [:] where explicit?[key] == nil { fields.append((key, Self.value(value))) }
        for (key, value) in handler where explicit?[key] == nil && provided?[key] == nil { fields.append((key, Self.value(value))) }
        fields.sort { $0.key < $1.key }
        return fields
    }

    private static func value(_ value: Logger.Metadata.Value) -> LogLineRenderer.Value {
        switch value {
        case .string(let text): .text(text)
        case .stringConvertible(let convertible): .text(convertible.description)
        case .array(let values): .list(values.map(Self.value))
        case .dictionary(let values): .map(values.mapValues(Self.value))
        }
    }

    /// Now in UTC, ISO 8601 with milliseconds: `2026-11-24T23:05:01.123Z`.
    static func timestamp() -> String {
        let now = Date()
        let seconds = now.timeIntervalSince1970
        let wholeSeconds = Int(seconds.rounded(.down))
        let milliseconds = min(999, Int((seconds - Double(wholeSeconds)) * 1000))
        // The text up to the second changes once a second: it is kept, and only the milliseconds are written each time.
        let prefix = SecondText.shared.text(for: wholeSeconds)
        let digits = String(milliseconds)
        return prefix + String(repeating: "0", count: 3 - digits.count) + digits + "Z"
    }

    /// The ISO 8601 text of a UTC instant (civil-from-days, proleptic Gregorian calendar).
    package static func timestampText(secondsSince1970: Int, milliseconds: Int) -> String {
        let days = secondsSince1970 >= 0 ? secondsSince1970 / 86_400 : (secondsSince1970 - 86_399) / 86_400
        let secondOfDay = secondsSince1970 - days * 86_400
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func pad(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(secondOfDay / 3600, 2)):\(pad(secondOfDay / 60 % 60, 2)):"
            + "\(pad(secondOfDay % 60, 2)).\(pad(milliseconds, 3))Z"
    }
}

/// Where log lines go: standard error, or a closure (tests).
package struct LogOutput: Sendable {
    private let writeLine: @Sendable ([UInt8]) -> Void

    /// Sends each line, as text, to `write`.
    package init(_ write: @escaping @Sendable (String) -> Void) {
        self.writeLine = { bytes in write(String(decoding: bytes, as: UTF8.self)) }
    }

    private init(bytes write: @escaping @Sendable ([UInt8]) -> Void) {
        self.writeLine = write
    }

    /// Writes a line's UTF-8 bytes.
    package func write(_ line: [UInt8]) { writeLine(line) }

    /// Standard error, one `write(2)` per line (retried on short writes and `EINTR`).
    package static let standardError = LogOutput(bytes: { line in writeToStandardError(line) })
}

/// Writes `line` to descriptor 2 in as few `write(2)` calls as the kernel allows.
private func writeToStandardError(_ bytes: [UInt8]) {
    #if canImport(Glibc)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                Glibc.write(2, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
            }
            if written > 0 {
                offset += written
            } else if written < 0 && errno == EINTR {
                continue
            } else {
                return
            }
        }
    #else
        FileHandle.standardError.write(Data(bytes))
    #endif
}

/// The timestamp text of the current second, `2026-11-24T23:05:01.`, computed once a second.
private final class SecondText: @unchecked Sendable {
    static let shared = SecondText()
    private let lock = NSLock()
    private var second = Int.min
    private var text = ""

    func text(for wholeSeconds: Int) -> String {
        lock.lock()
        defer { lock.unlock() }
        if wholeSeconds != second {
            second = wholeSeconds
            text = String(StructuredLogHandler.timestampText(secondsSince1970: wholeSeconds, milliseconds: 0).dropLast(4))
        }
        return text
    }
}
