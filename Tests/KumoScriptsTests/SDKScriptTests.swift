import Foundation
import KumoScripts
import KumoSeams
import KumoServer
import KumoTestSupport
import NCMB
import Testing

/// `NCMBScript` through the real SDK, the server in process and real Node.js workers.
@Suite(.enabled(if: TestNode.isEnabled, "needs Node.js (Debian's nodejs) outside CI"))
struct SDKScriptTests {
    @Test func theSDKCallsAScriptInItsThreeForms() async throws {
        try await TestApplication.withScripts { app, _ in
            try await app.deploy(
                "greet.js",
                "module.exports = (req, res) => res.json({ hello: req.query.name, n: req.body.n, h: req.get('testHeader') });")
            try await app.test { requester in
                try await NCMBContext.$current.withValue(.inProcess(requester)) { () async throws -> Void in
                    let script = NCMBScript(name: "greet.js", method: .post)
                    let expected = Data(#"{"hello":"kumo","n":1,"h":"value"}"#.utf8)
                    let headers: [String: String?] = ["testHeader": "value"]
                    let queries: [String: String?] = ["name": "kumo"]
                    #expect(try await script.execute(headers: headers, queries: queries, body: ["n": 1]) == expected)
                    let context = NCMBContext.current
                    let blocking = await withCheckedContinuation { continuation in
                        // The blocking form runs on a thread of its own, as an app calls it.
                        DispatchQueue.global().async {
                            NCMBContext.$current.withValue(context) {
                                continuation.resume(returning: script.execute(headers: headers, queries: queries, body: ["n": 1]))
                            }
                        }
                    }
                    guard case .success(let blockingAnswer) = blocking else {
                        Issue.record("the blocking call failed: \(blocking)")
                        return
                    }
                    #expect(blockingAnswer == expected)
                    let background = await withCheckedContinuation { continuation in
                        script.executeInBackground(headers: headers, queries: queries, body: ["n": 1]) { continuation.resume(returning: $0) }
                    }
                    guard case .success(let backgroundAnswer) = background else {
                        Issue.record("the background call failed: \(background)")
                        return
                    }
                    #expect(backgroundAnswer == expected)

                    let missing = await #expect(throws: NCMBApiError.self) {
                        try await NCMBScript(name: "missing.js", method: .get).execute()
                    }
                    #expect(missing?.message == "missing.js not found")
                }
            }
        }
    }
}
