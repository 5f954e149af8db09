import Foundation

/// Files of the repository that tests read: the web app's sources, its JavaScript tests, docs/dashboard.md.
enum RepositoryFiles {
    /// The repository's root folder.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// `Sources/KumoDashboard/Assets/`: the web app.
    static let assets = root.appendingPathComponent("Sources/KumoDashboard/Assets")
    /// `Tests/KumoDashboardTests/JavaScript/`: the web app's tests for `node --test`.
    static let javaScriptTests = root.appendingPathComponent("Tests/KumoDashboardTests/JavaScript")

    /// The names of the files of a folder, sorted.
    static func names(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    /// A file's text.
    static func text(_ url: URL) throws -> String {
        try String(contentsOf: url, encoding: .utf8)
    }
}
