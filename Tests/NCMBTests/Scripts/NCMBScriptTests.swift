import Foundation
import NCMB
import NCMBWire
import Testing

/// `NCMBScript`: the request ncmb_swift sends for a script call, and its answer as raw bytes (docs/wire/endpoints/scripts.md).
@Suite struct NCMBScriptTests {
    let transport = RecordingTransport()

    func makeScript(_ name: String, _ method: NCMBHTTPMethod, endpoint: String = NCMB.DEFAULT_SCRIPT_ENDPOINT) -> NCMBScript {
        NCMBContext.bound(to: transport) { NCMBScript(name: name, method: method, endpoint: endpoint) }
    }

    @Test(arguments: CallForm.allCases)
    func postSendsHeadersQueryAndBodyAndReturnsTheRawAnswer(form: CallForm) async throws {
        let script = makeScript("echo.js", .post)
        let route = APIRoute.script(ScriptRoute(name: "echo.js", method: .post, query: [QueryItem(name: "a", value: "1")], body: ["n": 1]))
        transport.expect(route, reply: .json(200, "plain text answer"))

        let result = await form.run(
            async: { try await script.execute(headers: ["testHeader": "value"], queries: ["a": "1"], body: ["n": 1]) },
            blocking: { script.execute(headers: ["testHeader": "value"], queries: ["a": "1"], body: ["n": 1]) },
            callback: { script.executeInBackground(headers: ["testHeader": "value"], queries: ["a": "1"], body: ["n": 1], callback: $0) })

        guard case .success(let answer) = result else {
            Issue.record("the call failed: \(result)")
            return
        }
        #expect(answer == Data("plain text answer".utf8))
        let request = try #require(transport.requests.first)
        #expect(request.method == .post)
        #expect(request.url.absoluteString == "https://mbaas.api.nifcloud.com/2015-09-01/script/echo.js?a=1")
        #expect(request.headers["testHeader"] == "value")
        #expect(request.headers["Accept"] == "text/plain")
        #expect(request.headers["Content-Type"] == "application/json")
        #expect(request.body == Data(#"{"n":1}"#.utf8))
    }

    @Test func getSendsNoBodyAndUsesTheEndpointGiven() async throws {
        let script = makeScript("hello.js", .get, endpoint: "http://127.0.0.1:8080")
        transport.expect(.script(ScriptRoute(name: "hello.js", method: .get)), reply: .json(200, #"{"key":"get_json"}"#))

        let answer = try await script.execute()

        #expect(answer == Data(#"{"key":"get_json"}"#.utf8))
        let request = try #require(transport.requests.first)
        #expect(request.url.absoluteString == "http://127.0.0.1:8080/2015-09-01/script/hello.js")
        #expect(request.body.isEmpty)
    }

    @Test func anErrorAnswerBecomesTheAPIError() async throws {
        let script = makeScript("errorTestScript.js", .get)
        transport.expect(
            .script(ScriptRoute(name: "errorTestScript.js", method: .get)),
            reply: .json(404, #"{"code":"E404001","error":"errorTestScript.js not found"}"#))

        let error = await #expect(throws: NCMBApiError.self) { try await script.execute() }
        #expect(error?.errorCode == .noDataAvailable)
        #expect(error?.message == "errorTestScript.js not found")
    }

    @Test func theDefaultEndpointMeansTheDomainURLAndTheAPIVersionIsIgnored() async throws {
        var script = NCMBContext.bound(to: transport) {
            NCMBScript(
                name: "first.js", method: .get, endpoint: NCMB.DEFAULT_SCRIPT_ENDPOINT, apiVersion: "2099-01-01")
        }
        script.name = "second.js"
        transport.expect(.script(ScriptRoute(name: "second.js", method: .get)), reply: .json(200, "ok"))

        _ = try await script.execute()

        let request = try #require(transport.requests.first)
        #expect(request.url.absoluteString == "https://mbaas.api.nifcloud.com/2015-09-01/script/second.js")
        #expect(script.apiVersion == "2099-01-01")
    }
}
