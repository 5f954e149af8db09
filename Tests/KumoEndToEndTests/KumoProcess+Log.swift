import Foundation

extension KumoProcess {
    /// Runs `kumo serve` with its log written to a file in the data directory while `body` talks to it, then stops it.
    ///
    /// - Parameters:
    ///   - extraArguments: more `kumo serve` options.
    ///   - environment: variables added to this process's environment.
    ///   - logLevel: `--log-level`.
    ///   - body: what to do while the server runs.
    /// - Returns: The lines the server logged, in order.
    func serveCapturingLog(
        extraArguments: [String] = [], environment: [String: String] = [:], logLevel: String = "info",
        while body: () async throws -> Void
    ) async throws -> [Substring] {
        let logFile = dataDirectory.appendingPathComponent("serve.log")
        FileManager.default.createFile(atPath: logFile.path, contents: nil)
        let log = try FileHandle(forWritingTo: logFile)
        try start(extraArguments: extraArguments, environment: environment, logLevel: logLevel, standardError: log)
        var failure: (any Error)?
        do { try await body() } catch { failure = error }
        stop()
        try log.close()
        if let failure { throw failure }
        return try String(contentsOf: logFile, encoding: .utf8).split(separator: "\n")
    }
}
