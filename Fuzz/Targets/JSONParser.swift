// Fuzz target `json`: the JSON parser (`JSONValue(parsing:)`, SDK/Sources/NCMBWire/JSON).
//
// Input: any bytes, parsed as a JSON document. Properties checked on every document the parser accepts:
// - its compact serialization parses back to an equal value and serializes to the same bytes again;
// - the serialization holds exactly as many values as the parsed value: parsing it with `maximumValues` set to that count
//   succeeds, one less fails with `isTooManyValues`.
// Any other outcome than a value or a `JSONParseError` (a crash, a trap, a leak, a hang) is a finding.

import NCMBWire

/// Values in `value`: scalars, arrays and objects, itself included (what `maximumValues` counts).
private func valueCount(_ value: JSONValue) -> Int {
    switch value {
    case .array(let elements): return 1 + elements.reduce(0) { $0 + valueCount($1) }
    case .object(let object): return 1 + object.reduce(0) { $0 + valueCount($1.value) }
    default: return 1
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONParser(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = fuzzInput(data, size)
    guard let value = try? JSONValue(parsing: bytes) else { return 0 }
    let serialized = value.serializedBytes()
    let reparsed: JSONValue
    do throws(JSONParseError) {
        reparsed = try JSONValue(parsing: serialized)
    } catch {
        fuzzFailure("the serialization does not parse: \(error): \(String(decoding: serialized, as: UTF8.self))")
    }
    guard reparsed == value else { fuzzFailure("the serialization parses to another value") }
    guard reparsed.serializedBytes() == serialized else { fuzzFailure("serializing twice gives other bytes") }
    let count = valueCount(value)
    guard (try? JSONValue(parsing: serialized, maximumValues: count)) == value else {
        fuzzFailure("parsing with maximumValues = \(count) values fails")
    }
    do throws(JSONParseError) {
        _ = try JSONValue(parsing: serialized, maximumValues: count - 1)
        fuzzFailure("parsing with maximumValues = \(count - 1) succeeds for \(count) values")
    } catch {
        guard error.isTooManyValues else { fuzzFailure("maximumValues refusal has reason \(error.reason)") }
    }
    return 0
}
