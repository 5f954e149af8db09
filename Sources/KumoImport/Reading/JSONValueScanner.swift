/// Finds where one JSON value ends in a byte buffer, validating it completely (syntax, escapes, UTF-8, nesting) without
/// building it: the export reader's way to cut a file into objects and to check a whole file before anything is
/// written (docs/decisions/0055-import-keeps-what-the-export-holds.md).
///
/// It accepts exactly what `JSONValue(parsing:)` accepts, so an element the scanner passed never fails to parse.
package struct JSONValueScanner {
    /// What a scan found.
    package enum Outcome: Equatable {
        /// The value ends before `end` (exclusive).
        case complete(end: Int)
        /// The buffer ends inside the value: scan again with more bytes.
        case incomplete
        /// The value is malformed at `offset` (an index into the buffer).
        case invalid(offset: Int, reason: String)
    }

    /// Thrown inside the scan to unwind.
    private enum Stop: Error {
        case incomplete
        case invalid(offset: Int, reason: String)
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var position: Int
    private var depth = 0
    private let maximumDepth: Int

    /// Scans the value starting at `start` (which must not be white space).
    package static func scan(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, maximumDepth: Int = 64) -> Outcome {
        var scanner = JSONValueScanner(bytes: bytes, position: start, maximumDepth: maximumDepth)
        do throws(Stop) {
            try scanner.value()
            return .complete(end: scanner.position)
        } catch {
            switch error {
            case .incomplete: return .incomplete
            case .invalid(let offset, let reason): return .invalid(offset: offset, reason: reason)
            }
        }
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, position: Int, maximumDepth: Int) {
        self.bytes = bytes
        self.position = position
        self.maximumDepth = maximumDepth
    }

    private func invalid(_ reason: String) -> Stop { .invalid(offset: position, reason: reason) }

    private mutating func byte() throws(Stop) -> UInt8 {
        guard position < bytes.count else { throw .incomplete }
        return bytes[position]
    }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    private mutating func value() throws(Stop) {
        switch try byte() {
        case UInt8(ascii: "{"): try container(closing: UInt8(ascii: "}"), hasKeys: true)
        case UInt8(ascii: "["): try container(closing: UInt8(ascii: "]"), hasKeys: false)
        case UInt8(ascii: "\""): try string()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
        default: throw invalid("unexpected character")
        }
    }

    private mutating func literal(_ text: StaticString) throws(Stop) {
        let count = text.utf8CodeUnitCount
        for offset in 0..<count {
            guard position + offset < bytes.count else { throw .incomplete }
            guard bytes[position + offset] == text.utf8Start[offset] else { throw invalid("invalid literal") }
        }
        position += count
    }

    private mutating func container(closing: UInt8, hasKeys: Bool) throws(Stop) {
        depth += 1
        guard depth <= maximumDepth else { throw invalid("nesting too deep") }
        position += 1
        skipWhitespace()
        if try byte() == closing {
            position += 1
            depth -= 1
            return
        }
        while true {
            skipWhitespace()
            if hasKeys {
                guard try byte() == UInt8(ascii: "\"") else { throw invalid("expected a key") }
                try string()
                skipWhitespace()
                guard try byte() == UInt8(ascii: ":") else { throw invalid("expected ':'") }
                position += 1
                skipWhitespace()
            }
            try value()
            skipWhitespace()
            let next = try byte()
            position += 1
            if next == UInt8(ascii: ",") { continue }
            guard next == closing else {
                position -= 1
                throw invalid(hasKeys ? "expected ',' or '}'" : "expected ',' or ']'")
            }
            depth -= 1
            return
        }
    }

    private mutating func string() throws(Stop) {
        position += 1
        while true {
            let current = try byte()
            switch current {
            case UInt8(ascii: "\""):
                position += 1
                return
            case UInt8(ascii: "\\"):
                position += 1
                switch try byte() {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"), UInt8(ascii: "n"),
                    UInt8(ascii: "r"), UInt8(ascii: "t"):
                    position += 1
                case UInt8(ascii: "u"):
                    position += 1
                    try unicodeEscape()
                default:
                    throw invalid("invalid escape")
                }
            case 0..<0x20:
                throw invalid("control character in string")
            case 0..<0x80:
                position += 1
            default:
                try multibyteCharacter(lead: current)
            }
        }
    }

    /// Four hex digits after `\u`, and the low surrogate a high one needs.
    private mutating func unicodeEscape() throws(Stop) {
        let high = try hexQuad()
        if (0xD800...0xDBFF).contains(high) {
            guard try byte() == UInt8(ascii: "\\") else { throw invalid("unpaired surrogate") }
            position += 1
            guard try byte() == UInt8(ascii: "u") else { throw invalid("unpaired surrogate") }
            position += 1
            guard (0xDC00...0xDFFF).contains(try hexQuad()) else { throw invalid("unpaired surrogate") }
        } else if (0xDC00...0xDFFF).contains(high) {
            throw invalid("unpaired surrogate")
        }
    }

    private mutating func hexQuad() throws(Stop) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            let digit: UInt32
            switch try byte() {
            case let byte where byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case let byte where byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case let byte where byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw invalid("invalid \\u escape")
            }
            value = value * 16 + digit
            position += 1
        }
        return value
    }

    /// One UTF-8 sequence of 2 to 4 bytes: no overlong forms, no surrogates, nothing above U+10FFFF.
    private mutating func multibyteCharacter(lead: UInt8) throws(Stop) {
        let count: Int
        var lower: UInt8 = 0x80
        var upper: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: count = 1
        case 0xE0: count = 2; lower = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: count = 2
        case 0xED: count = 2; upper = 0x9F
        case 0xF0: count = 3; lower = 0x90
        case 0xF1...0xF3: count = 3
        case 0xF4: count = 3; upper = 0x8F
        default: throw invalid("invalid UTF-8 in string")
        }
        for offset in 1...count {
            guard position + offset < bytes.count else { throw .incomplete }
            let continuation = bytes[position + offset]
            let (low, high) = offset == 1 ? (lower, upper) : (UInt8(0x80), UInt8(0xBF))
            guard continuation >= low && continuation <= high else { throw invalid("invalid UTF-8 in string") }
        }
        position += count + 1
    }

    private mutating func number() throws(Stop) {
        let start = position
        if try byte() == UInt8(ascii: "-") { position += 1 }
        guard isDigit(try byte()) else { throw invalid("invalid number") }
        if try byte() == UInt8(ascii: "0") {
            position += 1
        } else {
            while isDigit(try byte()) { position += 1 }
        }
        var isInteger = true
        if try byte() == UInt8(ascii: ".") {
            isInteger = false
            position += 1
            guard isDigit(try byte()) else { throw invalid("invalid number") }
            while isDigit(try byte()) { position += 1 }
        }
        let exponent = try byte()
        if exponent == UInt8(ascii: "e") || exponent == UInt8(ascii: "E") {
            isInteger = false
            position += 1
            let sign = try byte()
            if sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { position += 1 }
            guard isDigit(try byte()) else { throw invalid("invalid number") }
            while isDigit(try byte()) { position += 1 }
        }
        // The parser keeps integers that fit 64 bits and refuses other numbers beyond a finite double.
        guard isInteger && position - start <= 18 else {
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
            if isInteger, Int64(text) != nil { return }
            guard let double = Double(text), double.isFinite else {
                position = start
                throw invalid("number out of range")
            }
            return
        }
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}
