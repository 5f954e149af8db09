import Testing

/// One query of the conformance suite as plain data: what to send and what must come back.
///
/// Cases name fixture objects by handle (`i01`, `alice`), never by objectId, so the same cases run on every storage
/// engine. Texts (the `where` value and every other parameter) may hold placeholders that the runner replaces before
/// sending: `<handle>` becomes the object's objectId and `<createDate:handle>` its `createDate` string.
struct ConformanceCase: Sendable, CustomTestStringConvertible {
    /// A sentence naming the behaviour, shown by swift-testing as the argument.
    var name: String
    /// The class queried with `GET /2013-09-01/classes/{className}`.
    var className: String
    /// The query parameters in sending order, not yet percent-encoded.
    var parameters: [ConformanceParameter]
    /// The results, or the error, that must come back.
    var expected: ExpectedResults
    /// The `count` the response must carry when the case sends `count=1`; `nil` means no `count` key may appear.
    var expectedCount: Int?
    /// Checks on fields of individual results (include and keys cases).
    var fieldChecks: [FieldCheck]

    var testDescription: String { name }

    /// Whether the case sends `count=1`.
    var sendsCount: Bool { parameters.contains { $0.name == "count" && $0.value == "1" } }

    /// Whether the case pages (`limit` or `skip`) or counts, so its results are not the whole match set.
    var isPagedOrCounted: Bool { parameters.contains { ["limit", "skip", "count"].contains($0.name) } }
}

/// One `name=value` query parameter before percent-encoding.
struct ConformanceParameter: Sendable {
    /// The parameter name (`where`, `order`, `limit`, …).
    var name: String
    /// The value, with placeholders.
    var value: String

    /// Creates a parameter.
    init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

/// What a conformance query must answer.
enum ExpectedResults: Sendable {
    /// Exactly these objects, in this order.
    case inOrder([String])
    /// Exactly these objects, in any order.
    case anyOrder(Set<String>)
    /// An error: the HTTP status and the NCMB code.
    case failure(status: Int, code: String)
}

/// A check on one field of one result, reached by a dotted path through included objects (`owner.mentor`).
struct FieldCheck: Sendable {
    /// The handle of the result object.
    var object: String
    /// Field names from the result object down to the checked value.
    var path: [String]
    /// What the value must be.
    var expected: FieldExpectation

    /// Creates a check; `path` is dotted (`owner.mentor`).
    init(_ object: String, _ path: String, _ expected: FieldExpectation) {
        self.object = object
        self.path = path.split(separator: ".").map(String.init)
        self.expected = expected
    }
}

/// The expected state of a checked field.
enum FieldExpectation: Sendable {
    /// The value equals this JSON text (placeholders allowed); object key order does not matter.
    case equals(String)
    /// The key is not present.
    case absent
    /// The key is present with any value.
    case present
    /// An included object: the target's fields with `objectId`, `createDate`, `updateDate` and the markers
    /// `"__type":"Object","className":<className>` (docs/wire/endpoints/queries.md#f24-include-with-markers).
    case included(className: String, object: String)
}

// MARK: Building cases

extension ConformanceCase {
    /// A find on `className` with the usual parameters; `count` sends `count=1` and expects that count.
    static func find(
        _ name: String, in className: String = "Item", where whereText: String? = nil, order: String? = nil, limit: Int? = nil,
        skip: Int? = nil, count: Int? = nil, include: String? = nil, keys: String? = nil,
        extra: [ConformanceParameter] = [], _ expected: ExpectedResults, checks: [FieldCheck] = []
    ) -> ConformanceCase {
        var parameters: [ConformanceParameter] = []
        if let whereText { parameters.append(ConformanceParameter("where", whereText)) }
        if let order { parameters.append(ConformanceParameter("order", order)) }
        if let limit { parameters.append(ConformanceParameter("limit", String(limit))) }
        if let skip { parameters.append(ConformanceParameter("skip", String(skip))) }
        if count != nil { parameters.append(ConformanceParameter("count", "1")) }
        if let include { parameters.append(ConformanceParameter("include", include)) }
        if let keys { parameters.append(ConformanceParameter("keys", keys)) }
        parameters += extra
        return ConformanceCase(
            name: name, className: className, parameters: parameters, expected: expected, expectedCount: count, fieldChecks: checks)
    }
}

extension ExpectedResults {
    /// Exactly these objects in any order (`.matches("i01", "i03")`).
    static func matches(_ handles: String...) -> ExpectedResults { .anyOrder(Set(handles)) }

    /// Exactly these objects in this order (`.ordered("i03", "i01")`).
    static func ordered(_ handles: String...) -> ExpectedResults { .inOrder(handles) }

    /// No object at all.
    static let nothing = ExpectedResults.inOrder([])
}

// MARK: Wire snippets

/// JSON snippets for `where` texts, so cases read like the wire forms of docs/wire/field-types.md#types.
enum Wire {
    /// `{"__type":"Date","iso":"<iso>"}`
    static func date(_ iso: String) -> String { #"{"__type":"Date","iso":"\#(iso)"}"# }

    /// `{"__type":"Pointer","className":"<className>","objectId":"<handle>"}` with the handle as a placeholder.
    static func pointer(_ className: String, _ handle: String) -> String {
        #"{"__type":"Pointer","className":"\#(className)","objectId":"<\#(handle)>"}"#
    }

    /// `{"__type":"GeoPoint","latitude":…,"longitude":…}`
    static func geoPoint(_ latitude: Double, _ longitude: Double) -> String {
        #"{"__type":"GeoPoint","latitude":\#(latitude),"longitude":\#(longitude)}"#
    }

    /// `{"$box":[southwest, northeast]}` inside `$within`.
    static func box(_ southwest: (Double, Double), _ northeast: (Double, Double)) -> String {
        #"{"$within":{"$box":[\#(geoPoint(southwest.0, southwest.1)),\#(geoPoint(northeast.0, northeast.1))]}}"#
    }
}
