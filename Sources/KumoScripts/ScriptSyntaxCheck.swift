import Foundation

/// Compiles a script without running it (`node --check`), so that `kumo scripts deploy` refuses a broken one with
/// Node's message and line (docs/decisions/0053-syntax-check-at-deploy.md).
package enum ScriptSyntaxCheck {
    /// Checks `code`, named `name` in the messages.
    ///
    /// - Returns: `nil` when the code compiles, else Node's message: `hello.js:3` and the `SyntaxError` line, with the
    ///   offending source line and its caret.
    /// - Throws: when Node cannot be started or the temporary file cannot be written.
    package static func check(_ code: String, name: String, runtime: NodeRuntime) throws -> String? {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kumo-check-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // `.js` files under a folder without package.json are CommonJS, as NCMB's scripts are.
        let file = directory.appendingPathComponent(name)
        try Data(code.utf8).write(to: file)
        let output = try OneShotProcess.run(runtime.executable, ["--check", file.path])
        guard output.status != 0 else { return nil }
        let lines = output.standardError.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let kept = lines.prefix { !$0.hasPrefix("    at ") && !$0.hasPrefix("Node.js v") }
        let text = kept.joined(separator: "\n").replacingOccurrences(of: directory.path + "/", with: "")
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Where a message of ``check(_:name:runtime:)`` puts the error: the line from its first line (`hello.js:3`) and
    /// the column from the caret under the quoted source line, both from 1; `nil` for what the message does not say.
    package static func location(of message: String, name: String) -> (line: Int?, column: Int?) {
        let lines = message.split(separator: "\n", omittingEmptySubsequences: false)
        guard let first = lines.first, first.hasPrefix(name + ":"), let line = Int(first.dropFirst(name.count + 1)), line > 0 else {
            return (nil, nil)
        }
        guard lines.count >= 3, let caret = lines[2].firstIndex(of: "^"), lines[2][..<caret].allSatisfy({ $0 == " " }) else {
            return (line, nil)
        }
        return (line, lines[2].distance(from: lines[2].startIndex, to: caret) + 1)
    }
}
