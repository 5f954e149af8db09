// Fuzz target `where`: the `where` query parser and the other query parameters of a find
// (`QueryParameters(queryItems:)` → `JSONValue(parsing:)` → `WhereQuery(parsing:)`, SDK/Sources/NCMBWire/Query).
//
// Input: the `where` value (JSON text), optionally followed by NUL-separated values for `order`, `include`, `keys`,
// `limit`, `skip` and `count`, in that order. Properties checked on every accepted input:
// - the parameters read back from their own query items (`queryItems`) are equal (docs: `QueryParameters.queryItems`);
// - the `where` query reads back from its printed JSON (`WhereQuery.json`) and prints the same text again.

import Glibc
import NCMBWire

/// `FUZZ_SKIP_KNOWN_CRASHES=1` skips the inputs of known, unfixed findings (Fuzz/README.md#findings).
private let skipsKnownCrashes = getenv("FUZZ_SKIP_KNOWN_CRASHES") != nil

private let names = ["where", "order", "include", "keys", "limit", "skip", "count"]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWhereQuery(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let pieces = fuzzPieces(fuzzInput(data, size), separator: 0)
    var items: [(name: String, value: String)] = []
    for (name, piece) in zip(names, pieces) { items.append((name, String(decoding: piece, as: UTF8.self))) }
    // Finding 2 (Fuzz/Crashes/where): a `keys` value of only commas and spaces reads as an empty projection (`[]`, no
    // user field) where an empty value reads as absent (`nil`, every field), and `queryItems` prints both as absent.
    if skipsKnownCrashes, pieces.count > 3, !pieces[3].isEmpty,
        pieces[3].allSatisfy({ $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: " ") })
    {
        return 0
    }
    guard let parameters = try? QueryParameters(queryItems: items) else { return 0 }

    let printed = parameters.whereQuery.json
    let whereQuery: WhereQuery
    do {
        whereQuery = try WhereQuery(parsing: printed)
    } catch {
        fuzzFailure("the printed where does not read back: \(error): \(printed.serializedString())")
    }
    guard whereQuery == parameters.whereQuery else {
        fuzzFailure("the printed where reads back as another query: \(printed.serializedString())")
    }
    guard whereQuery.json.serializedBytes() == printed.serializedBytes() else {
        fuzzFailure("printing the where twice gives other text: \(printed.serializedString())")
    }

    let again: QueryParameters
    do {
        again = try QueryParameters(queryItems: parameters.queryItems)
    } catch {
        fuzzFailure("the query items do not read back: \(error): \(parameters.queryItems)")
    }
    guard again == parameters else { fuzzFailure("the query items read back as other parameters: \(parameters.queryItems)") }
    return 0
}
