import NCMBWire
import Testing

@Suite struct BatchRequestTests {
    let food = ClassName("food") ?? .user

    // MARK: Tests

    @Test(arguments: ["2013-09-01/classes/food", "/2013-09-01/classes/food", "classes/food", "/classes/food"])
    func resolvesASubRequestPathWithOrWithoutTheLeadingSlashAndVersion(path: String) throws {
        let request = BatchRequest(method: "POST", path: path, body: ["key": "value1"])

        #expect(try request.route() == .objects(.custom(food), .create(["key": "value1"])))
    }

    @Test func resolvesALowercaseMethod() throws {
        let request = BatchRequest(method: "delete", path: "2013-09-01/classes/food/abc")

        #expect(try request.route() == .objects(.custom(food), .delete(objectId: "abc")))
    }

    @Test func resolvesAQueryInASubRequestPath() throws {
        let request = BatchRequest(method: "GET", path: "2013-09-01/classes/food?limit=2")

        #expect(try request.route() == .objects(.custom(food), .find(QueryParameters(limit: 2))))
    }

    @Test func rejectsAnUnknownSubRequestMethodWithMethodNotAllowed() {
        let request = BatchRequest(method: "PATCH", path: "2013-09-01/classes/food/abc")

        #expect(throws: APIError(.methodNotAllowed)) { try request.route() }
    }

    @Test func rejectsASubRequestBodyThatIsNotAnObject() {
        let request = BatchRequest(method: "POST", path: "2013-09-01/classes/food", body: [1, 2])

        #expect(throws: APIError(.invalidJson)) { try request.route() }
    }

    @Test func buildsTheElementSDKsSendForARoute() {
        let request = BatchRequest(.objects(.custom(food), .update(objectId: "abc", ["n": 1])))

        #expect(request == BatchRequest(method: "PUT", path: "2013-09-01/classes/food/abc", body: ["n": 1]))
    }

    @Test func leavesTheBodyOutOfADeleteElement() {
        let request = BatchRequest(.objects(.custom(food), .delete(objectId: "abc")))

        #expect(request.json == ["method": "DELETE", "path": "2013-09-01/classes/food/abc"])
    }

    @Test func printsTheBatchBodyWithPathsAsSDKsWriteThem() {
        let body = BatchRequest.body([BatchRequest(.objects(.custom(ClassName("GameScore") ?? .user), .create(["n": 1])))])

        #expect(
            JSONValue.object(body).serializedString()
                == #"{"requests":[{"method":"POST","path":"2013-09-01/classes/GameScore","body":{"n":1}}]}"#)
    }

    @Test func acceptsFiftyRequests() throws {
        let element: JSONValue = ["method": "DELETE", "path": "2013-09-01/classes/food/abc"]

        let requests = try BatchRequest.requests(in: ["requests": .array(Array(repeating: element, count: 50))])

        #expect(requests.count == 50)
    }

    @Test func rejectsMoreThanFiftyRequestsWithTheThreadLimitError() {
        let element: JSONValue = ["method": "DELETE", "path": "2013-09-01/classes/food/abc"]

        #expect(throws: APIError(.requestsThreadLimitError)) {
            try BatchRequest.requests(in: ["requests": .array(Array(repeating: element, count: 51))])
        }
    }

    @Test(arguments: [JSONObject(), ["requests": nil]])
    func rejectsABatchWithoutRequestsAsEmpty(body: JSONObject) {
        #expect(throws: APIError(.required, "requests")) { try BatchRequest.requests(in: body) }
    }

    @Test(
        arguments: [
            ["requests": "x"], ["requests": [1]], ["requests": [["method": "POST"]]], ["requests": [["method": 1, "path": "classes/a"]]],
        ] as [JSONObject])
    func rejectsMalformedRequestsAsInvalid(body: JSONObject) {
        #expect(throws: APIError(.invalidType, "requests")) { try BatchRequest.requests(in: body) }
    }
}
