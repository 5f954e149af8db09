/// Why a byte sequence is not acceptable JSON.
package struct JSONParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Byte offset where parsing stopped.
    package let offset: Int
    /// What was wrong there.
    package let reason: String

    package var description: String { "invalid JSON at byte \(offset): \(reason)" }

    /// The reason given when a document holds more values than its parser allows.
    package static let tooManyValues = "too many values"

    /// Whether the document was refused for its number of values rather than its syntax.
    package var isTooManyValues: Bool { reason == JSONParseError.tooManyValues }
}

extension JSONValue {
    /// Deepest nesting of arrays and objects the parser accepts; deeper input is rejected, never recursed into.
    package static let maximumNestingDepth = 64

    /// Parses UTF-8 JSON text. Integers that fit `Int64` become `.integer`; every other number becomes `.double`.
    ///
    /// Rejects trailing garbage, invalid UTF-8 in strings, unpaired surrogates, non-finite numbers and nesting deeper
    /// than ``maximumNestingDepth``. A key repeated in one object keeps its last value.
    ///
    /// - Parameter maximumValues: the most values (scalars, arrays and objects, the document included) the text may
    ///   hold; more stop the parse with a ``JSONParseError`` whose ``JSONParseError/isTooManyValues`` is `true`. A bound
    ///   on memory: each parsed value costs tens of bytes however short its text (`1,` is two).
    package init(parsing bytes: some Collection<UInt8>, maximumValues: Int = .max) throws(JSONParseError) {
        let buffer = Array(bytes)
        var parser = JSONParser(bytes: buffer, maximumValues: maximumValues)
        self = try parser.parseDocument()
    }

    /// Parses JSON text.
    package init(parsing text: String) throws(JSONParseError) {
        try self.init(parsing: Array(text.utf8))
    }
}

/// A small recursive-descent JSON parser over a byte array.
private struct JSONParser {
    let bytes: [UInt8]
    let maximumValues: Int
    var position = 0
    var depth = 0
    var valueCount = 0

    init(bytes: [UInt8], maximumValues: Int) {
        self.bytes = bytes
        self.maximumValues = maximumValues
    }

    mutating func parseDocument() throws(JSONParseError) -> JSONValue {
        skipWhitespace()
        let value = try parseValue()
        skipWhitespace()
        guard position == bytes.count else { throw error("unexpected trailing characters") }
        return value
    }

    func error(_ reason: String) -> JSONParseError { JSONParseError(offset: position, reason: reason) }

    mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    mutating func parseValue() throws(JSONParseError) -> JSONValue {
        guard position < bytes.count else { throw error("unexpected end of input") }
        valueCount += 1
        guard valueCount <= maximumValues else { throw error(JSONParseError.tooManyValues) }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw error("unexpected character")
        }
    }

    mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
        let count = literal.utf8CodeUnitCount
        guard position + count <= bytes.count else { throw error("unexpected end of input") }
        let matches = literal.withUTF8Buffer { expected in
            expected.elementsEqual(bytes[position..<(position + count)])
        }
        guard matches else { throw error("invalid literal") }
        position += count
    }

    mutating func enterNesting() throws(JSONParseError) {
        depth += 1
        guard depth <= JSONValue.maximumNestingDepth else { throw error("nesting too deep") }
    }

    /// Skips whitespace, then consumes `closer` (`}` or `]`) and leaves the nesting level: returns `true`. Otherwise,
    /// right after the opener (`isEmpty`), returns `false` with nothing consumed; after a member or element, consumes
    /// the `,` before the next one and returns `false`, or throws when neither `,` nor `closer` follows.
    mutating func leaveNesting(closedBy closer: UInt8, isEmpty: Bool) throws(JSONParseError) -> Bool {
        skipWhitespace()
        if position < bytes.count, bytes[position] == closer {
            position += 1
            depth -= 1
            return true
        }
        if isEmpty { return false }
        guard position < bytes.count else { throw error("unexpected end of input") }
        guard bytes[position] == UInt8(ascii: ",") else {
            throw error("expected ',' or '\(Character(Unicode.Scalar(closer)))'")
        }
        position += 1
        return false
    }

    mutating func parseObject() throws(JSONParseError) -> JSONValue {
        try enterNesting()
        position += 1
        var object = JSONObject()
        if try leaveNesting(closedBy: UInt8(ascii: "}"), isEmpty: true) { return .object(object) }
        while true {
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw error("expected a key") }
            let key = try parseString()
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw error("expected ':'") }
            position += 1
            skipWhitespace()
            object[key] = try parseValue()
            if try leaveNesting(closedBy: UInt8(ascii: "}"), isEmpty: false) { return .object(object) }
        }
    }

    mutating func parseArray() throws(JSONParseError) -> JSONValue {
        try enterNesting()
        position += 1
        var elements: [JSONValue] = []
        if try leaveNesting(closedBy: UInt8(ascii: "]"), isEmpty: true) { return .array(elements) }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            if try leaveNesting(closedBy: UInt8(ascii: "]"), isEmpty: false) { return .array(elements) }
        }
    }

    mutating func parseString() throws(JSONParseError) -> String {
        position += 1
        let start = position
        var isASCII = true
        // Fast path: no escapes.
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                let end = position
                position += 1
                if isASCII {
                    // ASCII is valid UTF-8: decode from contiguous memory without the generic validation.
                    return bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[start..<end]), as: UTF8.self) }
                }
                guard let text = String(validating: bytes[start..<end], as: UTF8.self) else { throw error("invalid UTF-8 in string") }
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            guard byte >= 0x20 else { throw error("control character in string") }
            if byte >= 0x80 { isASCII = false }
            position += 1
        }
        var scalars = Array(bytes[start..<position])
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                guard let text = String(validating: scalars, as: UTF8.self) else { throw error("invalid UTF-8 in string") }
                return text
            case UInt8(ascii: "\\"):
                position += 1
                guard position < bytes.count else { throw error("unexpected end of input") }
                let escape = bytes[position]
                position += 1
                switch escape {
                case UInt8(ascii: "\""): scalars.append(0x22)
                case UInt8(ascii: "\\"): scalars.append(0x5C)
                case UInt8(ascii: "/"): scalars.append(0x2F)
                case UInt8(ascii: "b"): scalars.append(0x08)
                case UInt8(ascii: "f"): scalars.append(0x0C)
                case UInt8(ascii: "n"): scalars.append(0x0A)
                case UInt8(ascii: "r"): scalars.append(0x0D)
                case UInt8(ascii: "t"): scalars.append(0x09)
                case UInt8(ascii: "u"):
                    let scalar = try parseUnicodeEscape()
                    scalars.append(contentsOf: Array(String(Character(scalar)).utf8))
                default: throw error("invalid escape")
                }
            default:
                guard byte >= 0x20 else { throw error("control character in string") }
                scalars.append(byte)
                position += 1
            }
        }
        throw error("unterminated string")
    }

    mutating func parseHexQuad() throws(JSONParseError) -> UInt32 {
        guard position + 4 <= bytes.count else { throw error("truncated \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error("invalid \\u escape")
            }
            value = value * 16 + digit
            position += 1
        }
        return value
    }

    mutating func parseUnicodeEscape() throws(JSONParseError) -> Unicode.Scalar {
        let high = try parseHexQuad()
        if (0xD800...0xDBFF).contains(high) {
            guard position + 2 <= bytes.count, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u")
            else { throw error("unpaired surrogate") }
            position += 2
            let low = try parseHexQuad()
            guard (0xDC00...0xDFFF).contains(low) else { throw error("unpaired surrogate") }
            let combined = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
            guard let scalar = Unicode.Scalar(combined) else { throw error("invalid code point") }
            return scalar
        }
        guard let scalar = Unicode.Scalar(high) else { throw error("unpaired surrogate") }
        return scalar
    }

    mutating func parseNumber() throws(JSONParseError) -> JSONValue {
        let start = position
        var isInteger = true
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        guard position < bytes.count, isDigit(bytes[position]) else { throw error("invalid number") }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
        } else {
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            isInteger = false
            position += 1
            guard position < bytes.count, isDigit(bytes[position]) else { throw error("invalid number") }
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            isInteger = false
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                position += 1
            }
            guard position < bytes.count, isDigit(bytes[position]) else { throw error("invalid number") }
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        if isInteger, let integer = Int64(text) { return .integer(integer) }
        guard let double = Double(text), double.isFinite else { throw error("number out of range") }
        return .double(double)
    }

    func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}
