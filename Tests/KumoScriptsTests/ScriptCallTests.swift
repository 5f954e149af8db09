import HTTPTypes
import HummingbirdTesting
import KumoSeams
import NIOCore
import KumoScripts
import KumoServer
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// `/2015-09-01/script/{name}` against real Node.js workers (docs/wire/endpoints/scripts.md).
@Suite(.enabled(if: TestNode.isEnabled, "needs Node.js (Debian's nodejs) outside CI"))
struct ScriptCallTests {
    @Test func getAnswersTextAndSeesTheQueryAndCustomHeaders() async throws {
        try await TestApplication.withScripts { app, _ in
            try await app.deploy(
                "hello.js",
                """
                module.exports = function (req, res) {
                  res.send('hello ' + req.query.name + ' ' + req.get('testHeader') + ' ' + req.method + ' ' + req.url
                    + ' ' + (req.headers['x-ncmb-application-key'] === undefined));
                };
                """)
            try await app.test { requester in
                let response = try await requester.script(.get, "hello.js", query: "name=kumo", headers: ["testHeader": "testHeaderValue"])
                #expect(response.status == .ok)
                #expect(response.text == "hello kumo testHeaderValue GET /2015-09-01/script/hello.js?name=kumo true")
                #expect(response.header("Content-Type") == "text/html; charset=utf-8")
            }
        }
    }

    @Test func getAnswersJSONWithStatusAndHeadersPassedThrough() async throws {
        try await TestApplication.withScripts { app, _ in
            try await app.deploy(
                "execGetJson.js",
                """
                module.exports = async function (req, res) {
                  await new Promise((resolve) => setImmediate(resolve));
                  res.status(201).set('X-Script', 'yes').json({ key: 'get_json' });
                };
                """)
            try await app.test { requester in
                let response = try await requester.script(.get, "execGetJson.js")
                #expect(response.status.code == 201)
                #expect(response.text == #"{"key":"get_json"}"#)
                #expect(response.header("X-Script") == "yes")
                #expect(response.header("Content-Type") == "application/json; charset=utf-8")
            }
        }
    }

    @Test(arguments: [HTTPRequest.Method.post, .put])
    func postAndPutEchoTheBody(method: HTTPRequest.Method) async throws {
        try await TestApplication.withScripts { app, _ in
            try await app.deploy("echo.js", "module.exports = (req, res) => res.json({ method: req.method, body: req.body, q: req.query.a });")
            try await app.test { requester in
                // The query of a POST or PUT is not signed and still reaches the script.
                let response = try await requester.script(method, "echo.js", query: "a=1", body: #"{"name":"ramen","n":2}"#)
                #expect(response.status == .ok)
                #expect(response.text == #"{"method":"\#(method.rawValue)","body":{"name":"ramen","n":2},"q":"1"}"#)
            }
        }
    }

    @Test func deleteRunsWithoutBody() async throws {
        try await TestApplication.withScripts { app, _ in
            try await app.deploy("remove.js", "module.exports = (req, res) => res.status(204).end();")
            try await app.test { requester in
                let response = try await requester.script(.delete, "remove.js")
                #expect(response.status.code == 204)
                #expect(response.body.readableBytes == 0)
            }
        }
    }

    @Test func unknownAndDisabledScriptsAreNotFound() async throws {
        try await TestApplication.withScripts { app, _ in
            try await app.deploy("off.js", "module.exports = (req, res) => res.send('on');")
            _ = try await app.storage.scripts.update(
                applicationId: app.application.applicationId, name: "off.js", isEnabled: false, runPermission: nil, now: app.clock.now())
            try await app.test { requester in
                for name in ["errorTestScript.js", "off.js"] {
                    let response = try await requester.script(.get, name)
                    #expect(response.status == .notFound)
                    #expect(response.text == #"{"code":"E404001","error":"\#(name) not found"}"#)
                }
            }
        }
    }

    @Test func aThrowingScriptAnswers500AndIsLogged() async throws {
        try await TestApplication.withScripts { app, _ in
            try await app.deploy("boom.js", "module.exports = (req, res) => { console.log('about to fail'); throw new Error('boom'); };")
            try await app.test { requester in
                let response = try await requester.script(.get, "boom.js")
                #expect(response.status == .internalServerError)
                #expect(response.errorCode == "E500001")
            }
            let log = try await app.storage.scripts.recentExecutions(
                applicationId: app.application.applicationId, scriptName: "boom.js", limit: 10)
            let entry = try #require(log.first)
            #expect(entry.status == .error)
            #expect(entry.error?.contains("Error: boom") == true)
            #expect(entry.stack?.contains("boom.js") == true)
            #expect(entry.console == [ScriptConsoleLine(level: "log", text: "about to fail")])
        }
    }

    @Test func aScriptThatNeverAnswersTimesOutAndItsWorkerIsReplaced() async throws {
        var settings = ApplicationSettings()
        settings.scripts.timeoutMilliseconds = 100
        try await TestApplication.withScripts(settings: settings) { app, _ in
            try await app.deploy("silent.js", "module.exports = function (req, res) {};")
            try await app.deploy("fine.js", "module.exports = (req, res) => res.send('fine');")
            try await app.test { requester in
                let response = try await requester.script(.get, "silent.js")
                #expect(response.status == .internalServerError)
                #expect(response.text == #"{"code":"E500001","error":"silent.js timed out."}"#)
                #expect(try await requester.script(.get, "fine.js").text == "fine")
            }
        }
    }

    @Test func anOversizedAnswerIs500() async throws {
        var settings = ApplicationSettings()
        settings.scripts.maximumResponseSize = 1_000
        try await TestApplication.withScripts(settings: settings) { app, _ in
            try await app.deploy("big.js", "module.exports = (req, res) => res.send('x'.repeat(1001));")
            try await app.test { requester in
                let response = try await requester.script(.get, "big.js")
                #expect(response.status == .internalServerError)
                #expect(response.errorCode == "E500001")
            }
        }
    }

    @Test func aCrashedWorkerIsReplacedAndTheNextCallAnswers() async throws {
        try await TestApplication.withScripts { app, _ in
            try await app.deploy("crash.js", "module.exports = () => process.exit(3);")
            try await app.deploy("fine.js", "module.exports = (req, res) => res.send('fine');")
            try await app.test { requester in
                let crashed = try await requester.script(.get, "crash.js")
                #expect(crashed.status == .internalServerError)
                #expect(crashed.text == #"{"code":"E500001","error":"crash.js stopped its worker."}"#)
                #expect(try await requester.script(.get, "fine.js").text == "fine")
            }
        }
    }

    @Test func thePermissionModelRefusesWritesOutsideTheScratchDirectoryAndChildProcesses() async throws {
        try await TestApplication.withScripts { app, _ in
            try await app.deploy(
                "escape.js",
                """
                const fs = require('fs');
                const attempt = (action) => { try { action(); return 'allowed'; } catch (error) { return error.code; } };
                module.exports = (req, res) => res.json({
                  outside: attempt(() => fs.writeFileSync('/tmp/kumo-script-escape.txt', 'x')),
                  scratch: attempt(() => fs.writeFileSync('note.txt', 'x')),
                  child: attempt(() => require('child_process').execSync('true')),
                  worker: attempt(() => new (require('worker_threads').Worker)('0', { eval: true })),
                  environment: Object.keys(process.env).sort().join(','),
                  timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
                });
                """)
            try await app.test { requester in
                let response = try await requester.script(.get, "escape.js")
                let object = try #require(response.json?.objectValue)
                #expect(object["outside"] == "ERR_ACCESS_DENIED")
                #expect(object["scratch"] == "allowed")
                #expect(object["child"] == "ERR_ACCESS_DENIED")
                #expect(object["worker"] == "ERR_ACCESS_DENIED")
                #expect(object["environment"] == "HOME,LANG,TZ")
                #expect(object["timeZone"] == "UTC")
            }
        }
    }

    @Test func withoutNodeScriptCallsAnswer503() async throws {
        try await TestApplication.with { app in
            try await app.deploy("hello.js", "module.exports = (req, res) => res.send('hello');")
            try await app.test { requester in
                let response = try await requester.script(.get, "hello.js")
                #expect(response.status == .serviceUnavailable)
                #expect(response.errorCode == "E503001")
            }
        }
    }
}
