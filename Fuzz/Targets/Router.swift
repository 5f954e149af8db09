// Fuzz target `router`: route matching (`APIRouter.resolve(method:path:)` and `ResolvedRoute.route(query:body:)`,
// SDK/Sources/NCMBWire/Routing), with the query parsing, body parsing and name validation it does.
//
// Input: the request line `METHOD TARGET` (target = raw path, optionally `?` and the raw query), a line feed, then the
// body bytes. Properties checked:
// - `APIRouter.endpoint(method:path:)` agrees with `resolve` (same endpoint or the same error);
// - for the four API methods, `APIRouter.match(_:)` agrees with `resolve` then `route(query:body:)`;
// - every route read prints (`APIRouter.print`) to a request that matches back to the same route and endpoint
//   (`match(print(route)) == route`, documented on `APIRouter`).

import Glibc
import NCMBWire

/// `FUZZ_SKIP_KNOWN_CRASHES=1` skips the inputs of known, unfixed findings (Fuzz/README.md#findings).
private let skipsKnownCrashes = getenv("FUZZ_SKIP_KNOWN_CRASHES") != nil

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRouter(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = fuzzInput(data, size)
    let lineEnd = bytes.firstIndex(of: 0x0A) ?? bytes.endIndex
    let line = String(decoding: bytes[..<lineEnd], as: UTF8.self)
    let body = lineEnd < bytes.endIndex ? Array(bytes[(lineEnd + 1)...]) : []
    let space = line.firstIndex(of: " ") ?? line.endIndex
    let method = String(line[..<space])
    let target = space < line.endIndex ? String(line[line.index(after: space)...]) : ""
    let mark = target.firstIndex(of: "?")
    let path = mark.map { target[..<$0] } ?? target[...]
    let query = mark.map { String(target[target.index(after: $0)...]) }

    // Finding 2 (Fuzz/Crashes/where, Fuzz/Crashes/router): `keys` of only commas and spaces does not print back.
    if skipsKnownCrashes, let query, let items = try? QueryItem.parse(query),
        items.contains(where: { $0.name == "keys" && !$0.value.isEmpty && $0.value.allSatisfy { $0 == "," || $0 == " " } })
    {
        return 0
    }

    let resolved: Result<ResolvedRoute, APIError> = Result { () throws(APIError) in try APIRouter.resolve(method: method, path: path) }
    let endpoint = Result { () throws(APIError) in try APIRouter.endpoint(method: method, path: target) }
    switch (resolved, endpoint) {
    case (.success(let route), .success(let endpoint)) where route.endpoint == endpoint: break
    case (.failure(let first), .failure(let second)) where first == second: break
    default: fuzzFailure("endpoint(method:path:) disagrees with resolve for \(method) \(target): \(resolved), \(endpoint)")
    }
    guard case .success(let resolvedRoute) = resolved else { return 0 }
    let read = Result { () throws(APIError) in try resolvedRoute.route(query: query, body: body) }

    if let requestMethod = RequestMethod(rawValue: method) {
        let matched = Result { () throws(APIError) in
            try APIRouter.match(RequestData(method: requestMethod, target: target, body: body))
        }
        guard matched == read else { fuzzFailure("match disagrees with resolve for \(method) \(target): \(matched), \(read)") }
    }

    guard case .success(let route) = read else { return 0 }
    let printed = APIRouter.print(route)
    let again = Result { () throws(APIError) in try APIRouter.match(printed) }
    guard again == .success(route) else {
        fuzzFailure("\(method) \(target) reads as \(route), which prints as \(printed), which reads as \(again)")
    }
    guard (try? APIRouter.endpoint(method: printed.method.rawValue, path: printed.target)) == route.endpoint else {
        fuzzFailure("the printed request \(printed) has another endpoint than \(route.endpoint)")
    }
    return 0
}
