extension JSONValue {
    /// The compact wire form: no whitespace, no escaped slashes, non-ASCII as raw UTF-8
    /// (docs/wire/signature.md#response-signature).
    ///
    /// Non-finite doubles cannot be JSON and are written as `null`; the parser never produces them.
    package func serializedBytes() -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(512)
        JSONValue.write(self, into: &output)
        return output
    }

    /// The compact wire form as a string.
    package func serializedString() -> String { String(decoding: serializedBytes(), as: UTF8.self) }

    /// Appends the compact form of `value` to `output`.
    package static func write(_ value: JSONValue, into output: inout [UInt8]) {
        switch value {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
        case .integer(let integer): output.append(contentsOf: String(integer).utf8)
        case .double(let double): writeDouble(double, into: &output)
        case .string(let string): writeString(string, into: &output)
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                write(element, into: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let object):
            output.append(UInt8(ascii: "{"))
            var isFirst = true
            for (key, element) in object {
                if !isFirst { output.append(UInt8(ascii: ",")) }
                isFirst = false
                writeString(key, into: &output)
                output.append(UInt8(ascii: ":"))
                write(element, into: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    private static func writeDouble(_ double: Double, into output: inout [UInt8]) {
        guard double.isFinite else {
            output.append(contentsOf: "null".utf8)
            return
        }
        if double.rounded() == double, abs(double) < 1e15 {
            // Whole doubles keep a fraction so they read back as doubles: 2.0 stays 2.0.
            output.append(contentsOf: String(Int64(double)).utf8)
            output.append(contentsOf: ".0".utf8)
            return
        }
        output.append(contentsOf: double.description.utf8)
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// Writes a JSON string literal with only the escapes JSON requires.
    package static func writeString(_ string: String, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { bytes in writeEscaped(bytes, into: &output) }
        output.append(UInt8(ascii: "\""))
    }

    /// Appends `bytes` with the escapes JSON requires; runs without an escape are copied whole.
    private static func writeEscaped(_ bytes: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
        var runStart = 0
        for index in 0..<bytes.count {
            let byte = bytes[index]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            if runStart < index { output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index])) }
            runStart = index + 1
            switch byte {
            case UInt8(ascii: "\""): output.append(contentsOf: [0x5C, 0x22])
            case UInt8(ascii: "\\"): output.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: output.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0D: output.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            case 0x09: output.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case 0x08: output.append(contentsOf: [0x5C, UInt8(ascii: "b")])
            case 0x0C: output.append(contentsOf: [0x5C, UInt8(ascii: "f")])
            default:
                output.append(contentsOf: [0x5C, UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
                output.append(hexDigits[Int(byte >> 4)])
                output.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        if runStart < bytes.count { output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...])) }
    }
}
