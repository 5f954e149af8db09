import Foundation
import NCMBWire
import NIOHTTP1
import Testing

/// Node.js for the script commands: always under CI (a missing Node.js then fails the deploys), else when `node` is on
/// `PATH`.
private enum ScriptsNode {
    static let isEnabled =
        ProcessInfo.processInfo.environment["CI"] != nil
        || (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/node")
        }
}

/// `kumo scripts deploy | list | show | enable | disable | remove | logs` as an operator runs them: the real `kumo`
/// executable against a temporary SQLite data directory, with real Node.js for the syntax check and the served calls.
@Suite(.enabled(if: ScriptsNode.isEnabled, "needs Node.js on PATH (always runs under CI, where .ci/run installs nodejs)"))
struct ScriptsCommandTests {
    static let helloCode = """
        module.exports = function (req, res) {
          console.log('called by ' + req.query.who);
          res.status(200).json({ hello: req.query.who });
        };

        """

    /// A fresh data directory with the test application; scripts are written into it.
    private struct Fixture {
        let kumo: KumoProcess
        var data: String { kumo.dataDirectory.path }

        init() throws {
            kumo = try KumoProcess()
            try kumo.createApplication()
        }

        /// Writes `code` to a file named `name` in the data directory; returns its path.
        func file(_ name: String, _ code: String) throws -> String {
            let url = kumo.dataDirectory.appendingPathComponent(name)
            try Data(code.utf8).write(to: url)
            return url.path
        }

        /// Runs `kumo scripts ARGUMENTS --data-dir DATA`.
        func scripts(_ arguments: [String]) throws -> (status: Int32, output: String, error: String) {
            try ImportCommandTests.run(["scripts"] + arguments + ["--data-dir", data])
        }

        /// `kumo scripts list --json`, parsed and keyed by name.
        func listed() throws -> [String: JSONObject] {
            let listed = try scripts(["list", "--json"])
            #expect(listed.status == 0, "\(listed.error)")
            let array = try #require(try JSONValue(parsing: listed.output.trimmingCharacters(in: .whitespacesAndNewlines)).arrayValue)
            var byName: [String: JSONObject] = [:]
            for item in array {
                let object = try #require(item.objectValue)
                byName[try #require(object["name"]?.stringValue)] = object
            }
            return byName
        }
    }

    @Test func deployListShowServeDisableEnableLogAndRemove() async throws {
        let fixture = try Fixture()
        let kumo = fixture.kumo
        defer { kumo.removeData() }
        let hello = try fixture.file("hello.js", Self.helloCode)
        let other = try fixture.file("other-file.js", "module.exports = function (req, res) { res.send('hi'); };\n")

        let deployed = try fixture.scripts(["deploy", hello])
        let named = try fixture.scripts(["deploy", other, "--name", "members.js", "--run", "authenticated"])
        let roles = try fixture.scripts(["deploy", other, "--name", "admins.js", "--run", "role:admin"])
        #expect(deployed.status == 0, "\(deployed.error)")
        #expect(deployed.output.contains("Deployed hello.js version 1 to 'e2e'"))
        #expect(named.status == 0, "\(named.error)")
        #expect(named.output.contains("Deployed members.js version 1 to 'e2e'"))
        #expect(roles.status == 0, "\(roles.error)")

        let listed = try fixture.listed()
        #expect(Set(listed.keys) == ["hello.js", "members.js", "admins.js"])
        #expect(listed["hello.js"]?["version"] == .integer(1))
        #expect(listed["hello.js"]?["enabled"] == .bool(true))
        #expect(listed["hello.js"]?["run"] == .string("public"))
        #expect(listed["hello.js"]?["size"] == .integer(Int64(Self.helloCode.utf8.count)))
        #expect(listed["hello.js"]?["sha256"]?.stringValue?.count == 64)
        #expect(listed["hello.js"]?["code"] == nil)
        #expect(listed["members.js"]?["run"] == .string("authenticated"))
        #expect(listed["admins.js"]?["run"] == .string("role:admin"))
        let text = try fixture.scripts(["list"])
        #expect(text.status == 0, "\(text.error)")
        #expect(text.output.contains("hello.js  version 1  enabled  run: public  \(Self.helloCode.utf8.count) bytes"))
        #expect(text.output.contains("members.js  version 1  enabled  run: authenticated"))

        let shown = try fixture.scripts(["show", "hello.js"])
        #expect(shown.status == 0, "\(shown.error)")
        #expect(shown.output.contains("hello.js, version 1, enabled"))
        #expect(shown.output.contains("run:       public"))
        #expect(shown.output.contains(Self.helloCode.trimmingCharacters(in: .whitespacesAndNewlines)))
        let shownJSON = try fixture.scripts(["show", "hello.js", "--json"])
        let shownObject = try #require(try JSONValue(parsing: shownJSON.output.trimmingCharacters(in: .whitespacesAndNewlines)).objectValue)
        #expect(shownObject["code"] == .string(Self.helloCode))

        // A redeploy makes version 2 and keeps the run permission.
        let redeployed = try fixture.scripts(["deploy", other, "--name", "members.js"])
        #expect(redeployed.output.contains("Deployed members.js version 2 to 'e2e'"))
        #expect(try fixture.listed()["members.js"]?["run"] == .string("authenticated"))

        try kumo.start()
        let served = try await kumo.send(.GET, "/2015-09-01/script/hello.js", query: "who=kumo")
        let refused = try await kumo.send(.GET, "/2015-09-01/script/members.js")
        let disabled = try fixture.scripts(["disable", "hello.js"])
        let whileDisabled = try await kumo.send(.GET, "/2015-09-01/script/hello.js", query: "who=nobody")
        let listedDisabled = try fixture.listed()
        let enabled = try fixture.scripts(["enable", "hello.js"])
        let servedAgain = try await kumo.send(.GET, "/2015-09-01/script/hello.js", query: "who=again")
        // A graceful stop writes the buffered execution log.
        #expect(kumo.stop() == 0)

        #expect(served.status == 200)
        #expect(try JSONValue(parsing: served.body) == ["hello": "kumo"])
        #expect(refused.status == 403, "\(refused.body)")
        #expect(refused.body.contains("E403001"))
        #expect(disabled.status == 0, "\(disabled.error)")
        #expect(disabled.output.contains("hello.js is disabled"))
        #expect(whileDisabled.status == 404)
        #expect(try JSONValue(parsing: whileDisabled.body) == ["code": "E404001", "error": "hello.js not found"])
        #expect(listedDisabled["hello.js"]?["enabled"] == .bool(false))
        #expect(enabled.output.contains("hello.js is enabled"))
        #expect(servedAgain.status == 200)
        #expect(try JSONValue(parsing: servedAgain.body) == ["hello": "again"])

        let logs = try fixture.scripts(["logs", "hello.js", "--json"])
        #expect(logs.status == 0, "\(logs.error)")
        let entries = try logs.output.split(separator: "\n").map { line in
            try #require(try JSONValue(parsing: String(line)).objectValue)
        }
        #expect(entries.count == 2)
        #expect(entries.allSatisfy { $0["script"] == "hello.js" && $0["method"] == "GET" && $0["status"] == "DONE" })
        #expect(entries.first?["console"] == [["level": "log", "text": "called by kumo"]])
        #expect(entries.last?["console"] == [["level": "log", "text": "called by again"]])
        // Query items are logged as [name, value] pairs, in order.
        #expect(entries.first?["request"]?.objectValue?["query"] == [["who", "kumo"]])
        let allLogs = try fixture.scripts(["logs", "--limit", "10"])
        #expect(allLogs.output.contains("members.js"))

        let removed = try fixture.scripts(["remove", "hello.js"])
        let shownAfter = try fixture.scripts(["show", "hello.js"])
        #expect(removed.status == 0, "\(removed.error)")
        #expect(removed.output.contains("Removed hello.js from 'e2e'"))
        #expect(shownAfter.status != 0)
        #expect(shownAfter.error.contains("'e2e' has no script named hello.js (see kumo scripts list)"))
        #expect(Set(try fixture.listed().keys) == ["members.js", "admins.js"])
    }

    @Test func aBrokenScriptIsRefusedWithNodesMessageAndLineAndNothingIsStored() throws {
        let fixture = try Fixture()
        defer { fixture.kumo.removeData() }
        let good = try fixture.file("good.js", "module.exports = function (req, res) { res.send('ok'); };\n")
        let broken = try fixture.file(
            "broken.js",
            """
            module.exports = function (req, res) {
              const answer = { ok: true };
              res.json(answer;
            };

            """)

        let refused = try fixture.scripts(["deploy", broken])
        let refusedTogether = try fixture.scripts(["deploy", good, broken])
        let listedAfterRefusals = try fixture.listed()
        let first = try fixture.scripts(["deploy", good, "--name", "kept.js"])
        let replaced = try fixture.scripts(["deploy", broken, "--name", "kept.js"])
        let kept = try fixture.scripts(["show", "kept.js", "--json"])

        #expect(refused.status != 0)
        #expect(refused.error.contains("broken.js does not compile"))
        #expect(refused.error.contains("broken.js:3"))
        #expect(refused.error.contains("SyntaxError"))
        #expect(refused.output.isEmpty)
        #expect(refusedTogether.status != 0)
        #expect(refusedTogether.error.contains("broken.js does not compile"))
        #expect(listedAfterRefusals.isEmpty)
        #expect(first.status == 0, "\(first.error)")
        #expect(replaced.status != 0)
        #expect(replaced.error.contains("kept.js:3"))
        let keptObject = try #require(try JSONValue(parsing: kept.output.trimmingCharacters(in: .whitespacesAndNewlines)).objectValue)
        #expect(keptObject["version"] == .integer(1))
        #expect(keptObject["code"]?.stringValue?.contains("res.send('ok')") == true)
    }

    @Test func badInputIsRefusedWithAClearMessage() throws {
        let fixture = try Fixture()
        defer { fixture.kumo.removeData() }
        let hello = try fixture.file("hello.js", Self.helloCode)
        let missing = fixture.kumo.dataDirectory.appendingPathComponent("missing.js").path

        let cases: [(arguments: [String], message: String)] = [
            (["show", "nope.js"], "'e2e' has no script named nope.js"),
            (["enable", "nope.js"], "there is no script named nope.js"),
            (["disable", "nope.js"], "there is no script named nope.js"),
            (["remove", "nope.js"], "there is no script named nope.js"),
            (["deploy", missing], "cannot read \(missing)"),
            (["deploy", hello, "--run", "everyone"], "--run: 'everyone' is not a permission"),
            (["deploy", hello, "--run", "role:"], "--run: '' is not a role name"),
            (["deploy", hello, "--run", "nobody"], "a script nobody may run cannot be called; use kumo scripts disable"),
            (["deploy", hello, "--name", "hello.txt"], "'hello.txt' is not a script name"),
            (["deploy", hello, hello, "--name", "two.js"], "--name needs exactly one file"),
            (["logs", "--limit", "0"], "--limit must be between 1 and 10000"),
        ]
        for (arguments, message) in cases {
            let result = try fixture.scripts(arguments)
            #expect(result.status != 0, "\(arguments)")
            #expect(result.error.contains(message), "\(arguments): \(result.error)")
        }
        #expect(try fixture.listed().isEmpty)
    }
}
