import Dispatch
import Foundation
import KumoSeams

/// Runs a short-lived program to its end and collects its output: `node --version`, the permission-flag probe and the
/// syntax check. Blocks the calling thread, so it is used at start-up and by `kumo scripts deploy`, never in a request.
struct OneShotProcess {
    /// What the program did.
    struct Output {
        /// The exit status, or 128 + the signal when it was killed.
        let status: Int32
        /// Standard output.
        let standardOutput: String
        /// Standard error.
        let standardError: String
    }

    /// Runs `executable` with `arguments` and an environment of only `environment`, feeding `input` on standard input;
    /// kills it after `timeout` seconds.
    ///
    /// - Throws: when the program cannot be started.
    static func run(
        _ executable: String, _ arguments: [String], environment: [String: String] = ["TZ": "UTC"], input: Data = Data(),
        timeout: TimeInterval = 20
    ) throws -> Output {
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        let standardInput = Pipe()
        let standardOutput = Pipe()
        let standardError = Pipe()
        process.standardInput = standardInput
        process.standardOutput = standardOutput
        process.standardError = standardError
        try process.run()
        let processIdentifier = process.processIdentifier
        let watchdog = DispatchWorkItem { kill(processIdentifier, SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
        defer { watchdog.cancel() }
        // Standard error is drained on another thread so that a chatty program cannot fill its pipe and stall.
        let errorData = LockedData()
        let errorReader = DispatchWorkItem { errorData.set(standardError.fileHandleForReading.readDataToEndOfFile()) }
        DispatchQueue.global().async(execute: errorReader)
        standardInput.fileHandleForWriting.write(input)
        try? standardInput.fileHandleForWriting.close()
        let outputData = standardOutput.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        errorReader.wait()
        let status = process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
        return Output(
            status: status, standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: errorData.value, as: UTF8.self))
    }

    /// Bytes written by one thread and read by another after it finished.
    private final class LockedData: @unchecked Sendable {
        // @unchecked: `data` is only touched under `lock`.
        private let lock = NSLock()
        private var data = Data()

        func set(_ value: Data) { lock.withLock { data = value } }
        var value: Data { lock.withLock { data } }
    }
}
