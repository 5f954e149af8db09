import KumoScripts
import Testing

/// `node --check` before a deployment (docs/decisions/0053-syntax-check-at-deploy.md) and where its message puts the
/// error, which the dashboard shows as a line and a column.
@Suite struct ScriptSyntaxCheckTests {
    @Test(.enabled(if: TestNode.isEnabled, "needs Node.js (runs under CI)"))
    func nodesMessageNamesTheLineAndTheCaretTheColumn() throws {
        let runtime = try TestNode.runtime()
        let code = "module.exports = function(req, res) {\n  res.send('ok');\n  return (;\n};\n"

        let message = try #require(try ScriptSyntaxCheck.check(code, name: "broken.js", runtime: runtime))
        let fine = try ScriptSyntaxCheck.check("module.exports = () => {};\n", name: "fine.js", runtime: runtime)
        let location = ScriptSyntaxCheck.location(of: message, name: "broken.js")

        #expect(fine == nil)
        #expect(message.hasPrefix("broken.js:3"), "\(message)")
        #expect(message.contains("SyntaxError"))
        #expect(location.line == 3)
        #expect(location.column == 11, "\(message)")
    }

    @Test func aMessageWithoutALocationHasNone() {
        let located = ScriptSyntaxCheck.location(
            of: "hello.js:12\n  let = ;\n      ^\n\nSyntaxError: Unexpected token '='", name: "hello.js")
        let lineOnly = ScriptSyntaxCheck.location(of: "hello.js:4\nSyntaxError: Unexpected end of input", name: "hello.js")
        let other = ScriptSyntaxCheck.location(of: "node: bad option", name: "hello.js")

        #expect(located.line == 12 && located.column == 7)
        #expect(lineOnly.line == 4 && lineOnly.column == nil)
        #expect(other.line == nil && other.column == nil)
    }
}
