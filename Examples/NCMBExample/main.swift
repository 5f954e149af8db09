// A tour of the NCMB SDK against a Kumo server, written only against the SDK's public API.
//
// Usage:
//   NCMBExample --url http://127.0.0.1:8080/ --application-key <key> --client-key <key>
// or set NCMB_DOMAIN_URL, NCMB_APPLICATION_KEY and NCMB_CLIENT_KEY. `kumo serve` prints the keys of its first application.
//
// It creates an object, fetches it, updates it with operators, queries with several conditions, counts and deletes,
// printing one line per step. It exits with status 1 when a step fails.

import Foundation
import NCMB

/// The value of `--name value`, else of the environment variable, else `fallback`.
func setting(_ flag: String, environment name: String, fallback: String? = nil) -> String? {
    let arguments = CommandLine.arguments
    if let index = arguments.firstIndex(of: flag), index + 1 < arguments.count { return arguments[index + 1] }
    return ProcessInfo.processInfo.environment[name] ?? fallback
}

/// Prints a failure and exits with status 1.
func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("NCMBExample: \(message)\n".utf8))
    exit(1)
}

guard let applicationKey = setting("--application-key", environment: "NCMB_APPLICATION_KEY"),
    let clientKey = setting("--client-key", environment: "NCMB_CLIENT_KEY"),
    let domainURL = setting("--url", environment: "NCMB_DOMAIN_URL", fallback: "http://127.0.0.1:8080/")
else { fail("give --application-key and --client-key (or NCMB_APPLICATION_KEY and NCMB_CLIENT_KEY)") }

/// The tour. It lives in a function because top-level code picks the blocking overloads of `save()` and friends.
func run() async throws {
    // Create.
    let ramen = NCMBObject(className: "ExampleFood")
    ramen["name"] = "ramen"
    ramen["price"] = 900
    ramen["tags"] = ["noodle", "hot"]
    ramen["servedSince"] = Date(timeIntervalSince1970: 1_234_567_890)
    try await ramen.save()
    guard let objectId = ramen.objectId else { fail("the server returned no objectId") }
    print("created \(objectId)")

    let soba = NCMBObject(className: "ExampleFood")
    soba["name"] = "soba"
    soba["price"] = 700
    soba["tags"] = ["noodle", "cold"]
    try await soba.save()

    // Fetch into a second object.
    let fetched = NCMBObject(className: "ExampleFood")
    fetched.objectId = objectId
    try await fetched.fetch()
    let fetchedName: String? = fetched["name"]
    print("fetched \(fetchedName ?? "nil") for \(fetched["price"] as Int? ?? 0) yen")

    // Update with operators.
    fetched["price"] = NCMBIncrementOperator(amount: 100)
    fetched["tags"] = NCMBAddUniqueOperator(elements: ["hot", "popular"])
    try await fetched.save()
    try await fetched.fetch()
    let price: Int? = fetched["price"]
    let tags: [String]? = fetched["tags"]
    print("updated price to \(price ?? 0), tags \(tags ?? [])")

    // Query with several conditions.
    var query = NCMBQuery.getQuery(className: "ExampleFood")
    query.where(field: "price", greaterThanOrEqualTo: 800)
    query.where(field: "tags", containedInArrayTo: ["popular"])
    query.where(field: "name", toMatchPattern: "^ra")
    query.order = ["-price"]
    query.limit = 10
    let found = try await query.find()
    print("found \(found.compactMap { $0["name"] as String? })")

    var cheap = NCMBQuery.getQuery(className: "ExampleFood")
    cheap.where(field: "price", lessThan: 800)
    let either = NCMBQuery.orQuery(query, cheap)
    let count = try await either.count()
    print("counted \(count)")

    // Delete.
    try await ramen.delete()
    try await soba.delete()
    do {
        try await fetched.fetch()
        fail("the deleted object can still be fetched")
    } catch let error as NCMBApiError where error.errorCode == .noDataAvailable {
        print("deleted \(objectId)")
    }
}

NCMB.initialize(applicationKey: applicationKey, clientKey: clientKey, domainURL: domainURL)
do {
    try await run()
} catch {
    fail("\(error)")
}
