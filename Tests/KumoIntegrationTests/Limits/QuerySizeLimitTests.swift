import HTTPTypes
import HummingbirdTesting
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// Query sizes are checked before any engine sees them (issue 13, finding 6; docs/wire/limits.md,
/// docs/decisions/0065-query-size-limits.md): at the documented maxima both engines answer the query; past them the
/// answer is 400 E400005 naming the parameter, never the engine's 503.
@Suite struct QuerySizeLimitTests {
    static let path = "/2013-09-01/classes/Sized"

    /// `GET` of the class with `parameters` (percent-encoded here).
    static func query(_ requester: TestRequester, _ parameters: [(String, String)]) async throws -> TestResponse {
        try await requester.send(.get, path + "?" + queryString(parameters))
    }

    /// A `where` with `count` equality keys `f0`… that the stored object satisfies.
    static func whereWithKeys(_ count: Int) -> String {
        var object = JSONObject()
        for index in 0..<count { object["f\(index)"] = .integer(Int64(index)) }
        return JSONValue.object(object).serializedString()
    }

    /// A `where` of `fields` fields `f0`… each `$in` 1,000 values (the stored object matches).
    static func whereWithInOperands(_ fields: Int) -> String {
        let values = (0..<1000).map { JSONValue.integer(Int64($0)) }
        var object = JSONObject()
        for index in 0..<fields { object["f\(index)"] = ["$in": .array(values)] }
        return JSONValue.object(object).serializedString()
    }

    /// An `order` of `count` fields.
    static func order(_ count: Int) -> String { (0..<count).map { "f\($0)" }.joined(separator: ",") }

    @Test(arguments: TestDatabase.engines)
    func atTheMaximaTheQueryRunsAndPastThemItIsRefused(_ engine: StorageEngine) async throws {
        try await TestApplication.with(engine: engine) { application in
            try await application.test { requester in
                var body = JSONObject()
                for index in 0..<WhereQuery.maximumConditionCount { body["f\(index)"] = .integer(Int64(index)) }
                let created = try await requester.send(.post, Self.path, body: JSONValue.object(body).serializedString())
                #expect(created.status == .created, "\(created.text)")

                let maximum = try await Self.query(
                    requester,
                    [
                        ("where", Self.whereWithKeys(WhereQuery.maximumConditionCount)),
                        ("order", Self.order(QueryParameters.maximumOrderFieldCount)),
                    ])
                #expect(maximum.status == .ok, "at the maxima: \(maximum.text)")
                #expect(maximum.json?.objectValue?["results"]?.arrayValue?.count == 1)

                let atValueMaximum = try await Self.query(requester, [("where", Self.whereWithInOperands(5))])
                #expect(atValueMaximum.status == .ok, "5,000 $in values: \(atValueMaximum.text)")

                let refused: [(String, [(String, String)])] = [
                    ("where", [("where", Self.whereWithKeys(1000))]),
                    ("where", [("where", Self.whereWithKeys(WhereQuery.maximumConditionCount + 1))]),
                    ("order", [("order", Self.order(999))]),
                    ("order", [("order", Self.order(QueryParameters.maximumOrderFieldCount + 1))]),
                    ("include", [("include", (0..<17).map { "p\($0)" }.joined(separator: ","))]),
                    ("include", [("include", "a.b.c.d.e")]),
                    ("keys", [("keys", Self.order(QueryParameters.maximumKeyCount + 1))]),
                ]
                for (name, parameters) in refused {
                    let response = try await Self.query(requester, parameters)
                    #expect(response.status == .badRequest, "\(name): \(response.text)")
                    #expect(response.text == #"{"code":"E400005","error":"\#(name) is not a valid value."}"#)
                }
                let tooManyValues = try await Self.query(requester, [("where", Self.whereWithInOperands(6))])
                #expect(tooManyValues.text == #"{"code":"E400005","error":"where is not a valid value."}"#)
                let orBranches = (0..<100).map { _ in JSONValue.object(["a": 1, "b": 2, "c": 3]) }
                let wideOr = try await Self.query(requester, [("where", JSONValue.object(["$or": .array(orBranches)]).serializedString())])
                #expect(wideOr.text == #"{"code":"E400005","error":"where is not a valid value."}"#, "300 conditions in $or")
            }
        }
    }
}
