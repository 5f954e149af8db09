import Hummingbird
import HummingbirdTesting
import KumoTestSupport
import NCMBWire
import Testing

/// Sends one ``ConformanceCase`` to a seeded server and records an issue for every difference.
struct ConformanceRunner {
    /// The server and its fixture.
    let server: ConformanceServer

    /// Runs the case: the query itself, then (for a plain filter) `count=1&limit=0` with the same filter, whose count
    /// must equal the number of expected results.
    func run(_ conformanceCase: ConformanceCase) async throws {
        let response = try await server.requester.send(.get, target(conformanceCase.className, conformanceCase.parameters))

        switch conformanceCase.expected {
        case .failure(let status, let code):
            #expect(response.status.code == status, "body: \(response.text)")
            #expect(response.errorCode == code, "body: \(response.text)")
        case .inOrder(let handles):
            let body = try requireResults(response, of: "the query")
            #expect(resultHandles(body) == handles)
            try checkCount(body, conformanceCase)
            try checkFields(body, conformanceCase.fieldChecks)
            try await checkMirroredCount(conformanceCase, expected: handles.count)
        case .anyOrder(let handles):
            let body = try requireResults(response, of: "the query")
            #expect(resultHandles(body).sorted() == handles.sorted())
            try checkCount(body, conformanceCase)
            try checkFields(body, conformanceCase.fieldChecks)
            try await checkMirroredCount(conformanceCase, expected: handles.count)
        }
    }

    // MARK: Requests

    /// The request target: path plus the percent-encoded parameters with placeholders filled in.
    private func target(_ className: String, _ parameters: [ConformanceParameter]) -> String {
        let path = "/2013-09-01/classes/\(className)"
        guard !parameters.isEmpty else { return path }
        let query = parameters.map { "\($0.name)=\(PercentEncoding.encode(server.index.substitute($0.value)))" }
        return path + "?" + query.joined(separator: "&")
    }

    /// For a case that neither pages nor counts nor reaches the default limit: the same filter with
    /// `count=1&limit=0` answers no results and the number of expected results (ACL-filtered counts,
    /// docs/wire/endpoints/queries.md, docs/decisions/0001-query-limit.md,
    /// docs/decisions/0003-existence-is-not-leaked.md).
    private func checkMirroredCount(_ conformanceCase: ConformanceCase, expected: Int) async throws {
        guard !conformanceCase.isPagedOrCounted, expected < QueryParameters.defaultLimit else { return }
        let parameters =
            conformanceCase.parameters.filter { $0.name == "where" }
            + [ConformanceParameter("count", "1"), ConformanceParameter("limit", "0")]
        let response = try await server.requester.send(.get, target(conformanceCase.className, parameters))
        let body = try requireResults(response, of: "count=1&limit=0 with the same where")
        #expect(body["results"]?.arrayValue?.isEmpty == true, "count=1&limit=0 returned objects")
        #expect(body["count"]?.integerValue == Int64(expected), "count=1&limit=0 count")
    }

    // MARK: Checks

    /// The parsed body of a successful find; `request` names the request in failure messages.
    private func requireResults(_ response: TestResponse, of request: String) throws -> JSONObject {
        #expect(response.status.code == 200, "\(request) answered \(response.text)")
        let body = try #require(response.json?.objectValue, "\(request) answered no JSON object: \(response.text)")
        _ = try #require(body["results"]?.arrayValue, "\(request) answered no results array: \(response.text)")
        return body
    }

    /// The handles of the results, in response order.
    private func resultHandles(_ body: JSONObject) -> [String] {
        (body["results"]?.arrayValue ?? []).map { result in
            server.index.handle(ofObjectId: result.objectValue?["objectId"]?.stringValue ?? "")
        }
    }

    /// `count` is present with the expected value when the case sent `count=1`, and absent otherwise.
    private func checkCount(_ body: JSONObject, _ conformanceCase: ConformanceCase) throws {
        if conformanceCase.sendsCount {
            let expected = try #require(conformanceCase.expectedCount, "a case sending count=1 must expect a count")
            #expect(body["count"]?.integerValue == Int64(expected), "count")
        } else {
            #expect(body["count"] == nil, "count must be absent without count=1")
        }
    }

    /// Runs the field checks on the results they name.
    private func checkFields(_ body: JSONObject, _ checks: [FieldCheck]) throws {
        let results = body["results"]?.arrayValue ?? []
        for check in checks {
            let objectId = server.index.objectId(of: check.object)
            let result = try #require(
                results.first { $0.objectValue?["objectId"]?.stringValue == objectId }?.objectValue,
                "\(check.object) is not among the results")
            var container = result
            for name in check.path.dropLast() {
                container = try #require(container[name]?.objectValue, "\(check.object).\(name) is not an object")
            }
            let key = check.path.last ?? ""
            let label = "\(check.object).\(check.path.joined(separator: "."))"
            switch check.expected {
            case .absent:
                #expect(container[key] == nil, "\(label) should be absent")
            case .present:
                #expect(container[key] != nil, "\(label) should be present")
            case .equals(let text):
                let expected = try JSONValue(parsing: server.index.substitute(text))
                #expect(container[key] == expected, "\(label)")
            case .included(let className, let handle):
                let value = try #require(container[key]?.objectValue, "\(label) is not an object")
                #expect(value["__type"] == "Object", "\(label).__type")
                #expect(value["className"]?.stringValue == className, "\(label).className")
                #expect(value["objectId"]?.stringValue == server.index.objectId(of: handle), "\(label).objectId")
                #expect(value["createDate"]?.stringValue != nil, "\(label).createDate")
                #expect(value["updateDate"]?.stringValue != nil, "\(label).updateDate")
            }
        }
    }
}
