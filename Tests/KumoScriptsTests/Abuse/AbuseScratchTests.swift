import KumoScripts
import KumoSeams
import KumoStorage
import NCMBWire
import Testing

/// Issue 28, item 6: application A's script wrote `$HOME/secret.txt` and application B's script read it.
@Suite(.enabled(if: TestNode.isEnabled, "needs Node.js (Debian's nodejs) outside CI"))
struct AbuseScratchTests {
    /// At both levels: without namespaces (and users) Node's permission model alone keeps B out.
    @Test(arguments: ScriptSandbox.Preference.allCases)
    func anApplicationCannotReadOrListAnotherApplicationsScratchFolder(isolation: ScriptSandbox.Preference) async throws {
        try await TestNode.withRunner(configuration: .init(maximumWorkers: 2, isolation: isolation)) { runner in
            let written = try AbuseSupport.answer(
                try await AbuseSupport.call(
                    runner, applicationId: "abuseScratchA", name: "write.js",
                    code: """
                        const fs = require('fs');
                        module.exports = (req, res) => {
                          fs.writeFileSync(require('path').join(process.env.HOME, 'secret.txt'), 'secret of A');
                          res.json({ home: process.env.HOME, cwd: process.cwd() });
                        };
                        """))
            let home = try #require(written["home"]?.stringValue)
            #expect(written["cwd"]?.stringValue == home)
            let read = try AbuseSupport.answer(
                try await AbuseSupport.call(
                    runner, applicationId: "abuseScratchB", name: "read.js",
                    code: """
                        const fs = require('fs');
                        const path = require('path');
                        const attempt = (action) => { try { return 'read: ' + action(); } catch (error) { return error.code || String(error); } };
                        module.exports = (req, res) => res.json({
                          home: process.env.HOME,
                          file: attempt(() => fs.readFileSync(path.join(req.body.home, 'secret.txt'), 'utf8')),
                          folder: attempt(() => fs.readdirSync(req.body.home).join(',')),
                          parent: attempt(() => fs.readdirSync(path.dirname(process.env.HOME)).join(',')),
                          relative: attempt(() => fs.readFileSync(path.join('..', path.basename(req.body.home), 'secret.txt'), 'utf8')),
                        });
                        """,
                    body: ["home": .string(home)]))
            #expect(read["home"]?.stringValue != home)
            for attempt in ["file", "folder", "parent", "relative"] {
                #expect(read[attempt]?.stringValue?.hasPrefix("read: ") == false, "\(attempt): \(read[attempt] ?? .null)")
            }
        }
    }
}
