import Foundation
import HTTPTypes
import HummingbirdTesting
import KumoDashboard
import KumoSeams
import KumoServer
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// A test run of a script from the dashboard (an NCMB `/script/{name}` call as an administrator, through a fake
/// runner) and the execution log it leaves (docs/dashboard.md#scripts).
@Suite struct ScriptRunAPITests {
    static let scripts = "/dashboard/api/apps/test/scripts"

    static func object(_ response: TestResponse) -> JSONObject { response.json?.objectValue ?? [:] }

    /// Deploys `name` straight into storage.
    static func deploy(_ harness: DashboardHarness, _ name: String, runPermission: OperationPermission = .everyone, enabled: Bool = true)
        async throws
    {
        let storage = harness.server.storage
        _ = try await storage.scripts.deploy(
            ScriptDeployment(
                applicationId: "TestApplicationId", name: name, code: "module.exports = () => {}", runPermission: runPermission),
            maximumCount: 100, now: harness.server.clock.now())
        if !enabled {
            _ = try await storage.scripts.update(
                applicationId: "TestApplicationId", name: name, isEnabled: false, runPermission: nil, now: harness.server.clock.now())
        }
    }

    @Test func aRunIsTheScriptsAnswerEvenWhenOnlyAnAdminRoleMayRunIt() async throws {
        let invocations = LockedBox<[ScriptInvocation]>([])
        var runner = FailingScriptRunner()
        runner.onRun = { invocation in
            invocations.mutate { $0.append(invocation) }
            return ScriptOutcome(
                result: .success(
                    ScriptAnswer(
                        status: 201,
                        headers: [
                            ScriptHeader(name: "Content-Type", value: "application/json"), ScriptHeader(name: "X-Answer", value: "yes"),
                        ],
                        body: Array(#"{"created":true}"#.utf8))),
                console: [ScriptConsoleLine(level: "log", text: "called")])
        }
        try await DashboardHarness.with(server: { $0.scripts = runner }) { harness, session in
            try await Self.deploy(harness, "admins.js", runPermission: OperationPermission(isPublic: false, roleNames: ["Admin"]))
            try await session.signIn()

            let run = try await session.change(
                .post, "\(Self.scripts)/admins.js/run",
                body: #"{"method":"POST","query":{"who":"kumo","n":"1"},"headers":{"X-Test":"on"},"body":{"score":3}}"#)

            #expect(run.status == .ok, "\(run.text)")
            #expect(Self.object(run)["status"] == 201)
            #expect(Self.object(run)["body"] == #"{"created":true}"#)
            #expect(Self.object(run)["headers"]?.objectValue?["X-Answer"] == "yes")
            #expect(Self.object(run)["durationMilliseconds"]?.integerValue != nil)
            let invocation = try #require(invocations.get().first)
            #expect(invocation.method == "POST" && invocation.script.name == "admins.js")
            #expect(invocation.query == [QueryItem(name: "who", value: "kumo"), QueryItem(name: "n", value: "1")])
            #expect(invocation.body == ["score": 3])
            #expect(invocation.headers.contains(ScriptHeader(name: "x-test", value: "on")))
            #expect(invocation.headers.contains(ScriptHeader(name: "content-type", value: "application/json")))
            let entry = try #require(try await audited(harness, "script.run").first)
            #expect(entry.target == "admins.js" && entry.detail == ["method": "POST", "status": 201])

            let log = try await session.send(.get, "\(Self.scripts)/executions")
            let logged = try #require(Self.object(log)["results"]?.arrayValue?.first?.objectValue)
            #expect(logged["script"] == "admins.js" && logged["status"] == "DONE" && logged["method"] == "POST")
            #expect(logged["console"] == [["level": "log", "text": "called"]])
            #expect(logged["request"]?.objectValue?["query"] == [["who", "kumo"], ["n", "1"]])
            #expect(logged["response"]?.objectValue?["status"] == 201)
            #expect(logged["id"]?.integerValue != nil)
        }
    }

    @Test func aDisabledOrMissingScriptAnswersAsNCMBWould() async throws {
        try await DashboardHarness.with(server: { $0.scripts = FailingScriptRunner() }) { harness, session in
            try await Self.deploy(harness, "off.js", enabled: false)
            try await session.signIn()

            let disabled = try await session.change(.post, "\(Self.scripts)/off.js/run", body: "{}")
            let missing = try await session.change(.post, "\(Self.scripts)/nope.js/run")

            #expect(disabled.status == .ok && missing.status == .ok)
            #expect(Self.object(disabled)["status"] == 404)
            #expect(
                try JSONValue(parsing: Array((Self.object(disabled)["body"]?.stringValue ?? "").utf8)) == [
                    "code": "E404001", "error": "off.js not found",
                ])
            #expect(Self.object(missing)["status"] == 404)
        }
    }

    @Test func anAnswerThatIsNotTextComesBackInBase64AndAFailureAs500() async throws {
        var runner = FailingScriptRunner()
        runner.onRun = { invocation in
            if invocation.script.name == "bytes.js" {
                return ScriptOutcome(
                    result: .success(
                        ScriptAnswer(
                            status: 200, headers: [ScriptHeader(name: "Content-Type", value: "image/png")], body: [0xFF, 0x00, 0xD8])))
            }
            return ScriptOutcome(result: .failure(ScriptFailure(.threw, message: "boom")))
        }
        try await DashboardHarness.with(server: { $0.scripts = runner }) { harness, session in
            try await Self.deploy(harness, "bytes.js")
            try await Self.deploy(harness, "throws.js")
            try await session.signIn()

            let bytes = try await session.change(.post, "\(Self.scripts)/bytes.js/run", body: #"{"method":"GET"}"#)
            let failed = try await session.change(.post, "\(Self.scripts)/throws.js/run", body: #"{"method":"DELETE"}"#)
            let log = try await session.send(.get, "\(Self.scripts)/executions?script=throws.js")

            #expect(Self.object(bytes)["bodyBase64"] == "/wDY" && Self.object(bytes)["body"] == nil)
            #expect(Self.object(failed)["status"] == 500)
            #expect(Self.object(failed)["body"]?.stringValue?.contains("E500001") == true)
            let entries = try #require(Self.object(log)["results"]?.arrayValue)
            #expect(entries.count == 1 && entries.first?.objectValue?["status"] == "ERROR")
        }
    }

    @Test func theLogPagesBackwardsNewestFirst() async throws {
        try await DashboardHarness.with { harness, session in
            let executions = (1...5).map { index in
                ScriptExecution(
                    applicationId: "TestApplicationId", scriptName: index.isMultiple(of: 2) ? "even.js" : "odd.js",
                    startedAt: WireDate(millisecondsSince1970: TestClock.start.millisecondsSince1970 + Int64(index)),
                    durationMilliseconds: Int64(index), method: "GET", status: .done)
            }
            try await harness.server.storage.scripts.record(executions)
            try await session.signIn()

            let first = try await session.send(.get, "\(Self.scripts)/executions?limit=2")
            let firstIds = Self.object(first)["results"]?.arrayValue?.compactMap { $0.objectValue?["id"]?.integerValue } ?? []
            let second = try await session.send(.get, "\(Self.scripts)/executions?limit=2&before=\(firstIds.last ?? 0)")
            let odd = try await session.send(.get, "\(Self.scripts)/executions?script=odd.js")

            #expect(Self.object(first)["results"]?.arrayValue?.map { $0.objectValue?["durationMilliseconds"] } == [5, 4])
            #expect(Self.object(second)["results"]?.arrayValue?.map { $0.objectValue?["durationMilliseconds"] } == [3, 2])
            #expect(Self.object(odd)["results"]?.arrayValue?.map { $0.objectValue?["durationMilliseconds"] } == [5, 3, 1])
        }
    }
}
