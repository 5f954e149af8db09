import Foundation
import HTTPTypes
import HummingbirdTesting
import KumoAdministration
import KumoDashboard
import KumoServer
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// The Scripts page's admin API (docs/dashboard.md#scripts): deploy through the shared administration with a syntax
/// check that fails loudly when not expected, enable/disable, run permission, remove, a run as an NCMB call through a
/// fake runner, and the execution log.
@Suite struct ScriptsAPITests {
    static let scripts = "/dashboard/api/apps/test/scripts"
    static let hello = "module.exports = function(req, res) { res.send('hello'); }\n"

    static func object(_ response: TestResponse) -> JSONObject { response.json?.objectValue ?? [:] }

    static func body(code: String, runPermission: String? = nil) -> String {
        var object: JSONObject = ["code": .string(code)]
        if let runPermission { object["runPermission"] = .string(runPermission) }
        return JSONValue.object(object).serializedString()
    }

    @Test func aScriptIsDeployedReplacedListedChangedAndRemovedWithAuditEntries() async throws {
        let checked = LockedBox<[String]>([])
        try await DashboardHarness.with(environment: { environment, _ in
            environment.operations.scriptSyntax = FailingScriptSyntaxCheck.passing(checked)
        }) { harness, session in
            try await session.signIn()

            let created = try await session.change(.put, "\(Self.scripts)/hello.js", body: Self.body(code: Self.hello))
            let replaced = try await session.change(
                .put, "\(Self.scripts)/hello.js", body: Self.body(code: Self.hello + "// two\n", runPermission: "authenticated"))
            let list = try await session.send(.get, Self.scripts)
            let shown = try await session.send(.get, "\(Self.scripts)/hello.js")
            let disabled = try await session.change(.patch, "\(Self.scripts)/hello.js", body: #"{"enabled":false}"#)
            let permitted = try await session.change(
                .patch, "\(Self.scripts)/hello.js", body: #"{"runPermission":"role:Admin,role:Staff"}"#)
            let removed = try await session.change(.delete, "\(Self.scripts)/hello.js")
            let gone = try await session.send(.get, "\(Self.scripts)/hello.js")

            #expect(created.status == .created, "\(created.text)")
            #expect(Self.object(created)["version"] == 1 && Self.object(created)["runPermission"] == "public")
            #expect(Self.object(created)["code"] == nil)
            #expect(replaced.status == .ok)
            #expect(Self.object(replaced)["version"] == 2 && Self.object(replaced)["runPermission"] == "authenticated")
            #expect(
                Self.object(replaced)["versionHash"]
                    == .string(ScriptDeployment(applicationId: "a", name: "b", code: Self.hello + "// two\n").versionHash))
            #expect(checked.get() == ["hello.js", "hello.js"])
            let listed = try #require(Self.object(list)["results"]?.arrayValue?.first?.objectValue)
            #expect(
                listed["name"] == "hello.js" && listed["enabled"] == true && listed["size"] == .integer(Int64(Self.hello.utf8.count + 7)))
            #expect(Self.object(list)["limits"]?.objectValue?["maximumFileSize"] == 32_768)
            #expect(Self.object(list)["limits"]?.objectValue?["maximumCount"] == 100)
            #expect(Self.object(shown)["code"] == .string(Self.hello + "// two\n"))
            #expect(Self.object(disabled)["enabled"] == false)
            #expect(Self.object(permitted)["runPermission"] == "role:Admin,role:Staff" && Self.object(permitted)["enabled"] == false)
            #expect(removed.status == .ok && Self.object(removed).isEmpty)
            #expect(gone.status == .notFound && Self.object(gone)["code"] == "notFound")
            let deploys = try await audited(harness, "script.deploy")
            #expect(deploys.map(\.target) == ["hello.js", "hello.js"])
            #expect(deploys.first?.detail["version"] == 2 && deploys.first?.detail["runPermission"] == "authenticated")
            #expect(deploys.first?.admin == DashboardHarness.email && deploys.first?.address == DashboardHarness.clientAddress)
            let updates = try await audited(harness, "script.update")
            #expect(updates.map(\.detail) == [["runPermission": "role:Admin,role:Staff"], ["enabled": false]])
            #expect(try await audited(harness, "script.remove").map(\.target) == ["hello.js"])
        }
    }

    @Test func aScriptThatDoesNotCompileIsRefusedWithNodesMessageAndNothingIsStored() async throws {
        try await DashboardHarness.with(environment: { environment, _ in
            environment.operations.scriptSyntax = FailingScriptSyntaxCheck { code, name in
                #expect(name == "broken.js" && code == "module.exports = (;\n")
                return ScriptSyntaxProblem(
                    message: "broken.js:1\nmodule.exports = (;\n                  ^\n\nSyntaxError: Unexpected token ';'", line: 1,
                    column: 19)
            }
        }) { harness, session in
            try await session.signIn()

            let refused = try await session.change(.put, "\(Self.scripts)/broken.js", body: Self.body(code: "module.exports = (;\n"))
            let list = try await session.send(.get, Self.scripts)

            #expect(refused.status == .badRequest)
            #expect(Self.object(refused)["code"] == "syntax")
            #expect(Self.object(refused)["line"] == 1 && Self.object(refused)["column"] == 19)
            #expect(Self.object(refused)["error"]?.stringValue?.contains("SyntaxError: Unexpected token ';'") == true)
            #expect(Self.object(list)["results"] == [])
            #expect(try await audited(harness, "script.deploy").isEmpty)
        }
    }

    @Test func withoutNodeJSADeploymentAnswers503() async throws {
        try await DashboardHarness.with { _, session in
            try await session.signIn()

            let refused = try await session.change(.put, "\(Self.scripts)/hello.js", body: Self.body(code: Self.hello))

            #expect(refused.status == .serviceUnavailable)
            #expect(Self.object(refused)["code"] == "syntaxCheck")
        }
    }

    @Test func badInputIsRefusedBeforeTheSyntaxCheck() async throws {
        try await DashboardHarness.with(environment: { environment, _ in
            environment.operations.scriptSyntax = FailingScriptSyntaxCheck()
        }) { _, session in
            try await session.signIn()
            let large = String(repeating: "x", count: 32_769)
            let cases: [(HTTPRequest.Method, String, String?, String)] = [
                (.put, "\(Self.scripts)/hello.txt", Self.body(code: Self.hello), "name"),
                (.put, "\(Self.scripts)/hello.js", #"{"runPermission":"public"}"#, "code"),
                (.put, "\(Self.scripts)/hello.js", #"{"code":5}"#, "code"),
                (.put, "\(Self.scripts)/hello.js", Self.body(code: large), "code"),
                (.put, "\(Self.scripts)/hello.js", Self.body(code: Self.hello, runPermission: "nobody"), "runPermission"),
                (.put, "\(Self.scripts)/hello.js", Self.body(code: Self.hello, runPermission: "everyone"), "runPermission"),
                (.put, "\(Self.scripts)/hello.js", #"{"code":"x","runPermission":true}"#, "runPermission"),
                (.put, "\(Self.scripts)/hello.js", "not json", "body"),
                (.patch, "\(Self.scripts)/hello.js", #"{"enabled":"yes"}"#, "enabled"),
                (.patch, "\(Self.scripts)/hello.js", "{}", "enabled"),
                (.patch, "\(Self.scripts)/hello.js", #"{"runPermission":"role:"}"#, "runPermission"),
                (.post, "\(Self.scripts)/hello.js/run", #"{"method":"PATCH"}"#, "method"),
                (.post, "\(Self.scripts)/hello.js/run", #"{"query":{"a":1}}"#, "query"),
                (.post, "\(Self.scripts)/hello.js/run", #"{"headers":{"bad name":"x"}}"#, "headers"),
                (.post, "\(Self.scripts)/hello.js/run", #"{"method":"POST","body":[1]}"#, "body"),
                (.get, "\(Self.scripts)/executions?limit=0", nil, "limit"),
                (.get, "\(Self.scripts)/executions?limit=201", nil, "limit"),
                (.get, "\(Self.scripts)/executions?before=-3", nil, "before"),
                (.get, "\(Self.scripts)/executions?script=..", nil, "script"),
            ]
            for (method, target, body, field) in cases {
                let response =
                    method == .get ? try await session.send(method, target) : try await session.change(method, target, body: body)
                #expect(response.status == .badRequest, "\(method) \(target) \(body ?? ""): \(response.text)")
                #expect(
                    Self.object(response)["code"] == "invalid" && Self.object(response)["field"] == .string(field),
                    "\(target): \(response.text)")
            }
            let unknown = try await session.change(.patch, "\(Self.scripts)/nope.js", body: #"{"enabled":true}"#)
            let unknownRemove = try await session.change(.delete, "\(Self.scripts)/nope.js")
            let unknownApplication = try await session.send(.get, "/dashboard/api/apps/nope/scripts")
            #expect(unknown.status == .notFound && unknownRemove.status == .notFound && unknownApplication.status == .notFound)
        }
    }

    @Test func aNewScriptBeyondTheApplicationsCountIsRefused() async throws {
        let checked = LockedBox<[String]>([])
        try await DashboardHarness.with(environment: { environment, _ in
            environment.operations.scriptSyntax = FailingScriptSyntaxCheck.passing(checked)
        }) { harness, session in
            var settings = harness.server.application.settings
            settings.scripts.maximumCount = 1
            try await harness.server.storage.applications.updateSettings(applicationId: "TestApplicationId", settings: settings)
            try await session.signIn()

            let first = try await session.change(.put, "\(Self.scripts)/one.js", body: Self.body(code: Self.hello))
            let replaced = try await session.change(.put, "\(Self.scripts)/one.js", body: Self.body(code: Self.hello))
            let second = try await session.change(.put, "\(Self.scripts)/two.js", body: Self.body(code: Self.hello))

            #expect(first.status == .created && replaced.status == .ok)
            #expect(second.status == .conflict && Self.object(second)["code"] == "scriptLimit")
        }
    }

    @Test func withoutASessionOrACSRFTokenNothingHappens() async throws {
        try await DashboardHarness.with(environment: { environment, _ in
            environment.operations.scriptSyntax = FailingScriptSyntaxCheck()
        }) { harness, session in
            for target in [Self.scripts, "\(Self.scripts)/hello.js", "\(Self.scripts)/executions"] {
                let response = try await session.send(.get, target)
                #expect(response.status == .unauthorized && Self.object(response)["code"] == "unauthenticated", "\(target)")
            }
            try await session.signIn()
            let forged: [(HTTPRequest.Method, String)] = [
                (.put, "\(Self.scripts)/hello.js"), (.patch, "\(Self.scripts)/hello.js"), (.delete, "\(Self.scripts)/hello.js"),
                (.post, "\(Self.scripts)/hello.js/run"),
            ]
            for (method, target) in forged {
                let response = try await session.send(method, target, body: Self.body(code: Self.hello))
                #expect(response.status == .forbidden && Self.object(response)["code"] == "csrf", "\(method) \(target)")
            }
            #expect(try await harness.audit().allSatisfy { !$0.action.hasPrefix("script.") })
        }
    }
}
