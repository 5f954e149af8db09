package import Foundation
import KumoSeams

/// curl, the real HTTPS client of the TLS tests: `.ci/run` installs it (Debian package).
package enum Curl {
    /// Where curl is.
    package static let path = "/usr/bin/curl"

    /// Whether the tests that need curl can run: it is installed, or CI runs them (and fails without it, never skips).
    package static var isUsable: Bool {
        FileManager.default.isExecutableFile(atPath: path) || ProcessInfo.processInfo.environment["CI"] != nil
    }

    /// Fetches `https://localhost:port/path` trusting only `caFile`; returns what `--write-out` printed
    /// (`"<http version> <status>"`) and curl's verbose log (with the server certificate's subject).
    ///
    /// curl runs and is waited for on a Dispatch thread: a test blocking one of the few threads of Swift's cooperative
    /// pool could starve the in-process server it is talking to.
    package static func fetch(_ options: [String] = [], port: Int, path: String = "/health", caFile: URL) async throws
        -> (written: String, log: String)
    {
        try await offTheCooperativePool { try fetchBlocking(options, port: port, path: path, caFile: caFile) }
    }

    private static func fetchBlocking(_ options: [String], port: Int, path: String, caFile: URL) throws -> (written: String, log: String) {
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: Self.path)
        process.arguments =
            [
                "-sS", "-v", "--max-time", "30", "--cacert", caFile.path, "--resolve", "localhost:\(port):127.0.0.1", "-o", "/dev/null",
                "-w", "%{http_version} %{http_code}",
            ] + options + ["https://localhost:\(port)\(path)"]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let written = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let log = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (written, log)
    }
}

/// Runs `body` on a Dispatch thread and awaits it: for blocking work (a child process, a pipe read) in async tests,
/// which must not hold a thread of Swift's cooperative pool that the code under test needs.
package func offTheCooperativePool<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(with: Result { try body() }) }
    }
}
