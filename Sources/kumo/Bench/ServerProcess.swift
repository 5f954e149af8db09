import ArgumentParser
import Foundation
import KumoSeams

/// A `kumo serve` child process on a free loopback port, optionally pinned to one CPU.
///
/// The child is this very executable, so the benchmark measures the server exactly as users run it. Its standard output
/// is read until the banner line `Kumo is listening on http://127.0.0.1:PORT/`; its log goes to `server.log` in the data
/// directory.
final class ServerProcess: Sendable {
    /// The port the server listens on.
    let port: Int
    /// The process identifier of the server.
    let processId: Int32
    /// The CPU the server is pinned to, if any.
    let cpu: Int?
    /// Where the server's log goes.
    let logPath: String
    private let process: ChildProcess

    /// The event-loop tick the server reports as a stall (`KUMO_STALL_THRESHOLD_MS`, docs/operations.md#event-loop-stalls).
    static let stallThresholdMilliseconds = 5

    private init(process: ChildProcess, port: Int, cpu: Int?, logPath: String) {
        self.process = process
        self.port = port
        self.processId = process.processIdentifier
        self.cpu = cpu
        self.logPath = logPath
    }

    /// Starts the server and waits for its banner.
    ///
    /// - Parameters:
    ///   - executable: the `kumo` executable to run (normally this one).
    ///   - arguments: the storage arguments of `kumo serve` (`--data-dir …`, `--database …`, `--sqlite-synchronous …`).
    ///   - logPath: where the server's standard error goes.
    ///   - cpu: the CPU to run on, or `nil` to let the scheduler choose. Uses `taskset` when installed, so that the
    ///     server sizes its thread pools for one CPU; otherwise pins the threads right after start.
    static func start(executable: String, arguments: [String], logPath: String, cpu: Int?) async throws -> ServerProcess {
        let process = ChildProcess()
        var serveArguments = [executable, "serve", "--host", "127.0.0.1", "--port", "0", "--log-level", "warning"]
        serveArguments += arguments
        let taskset = "/usr/bin/taskset"
        let usesTaskset = cpu != nil && FileManager.default.isExecutableFile(atPath: taskset)
        if let cpu, usesTaskset {
            process.executableURL = URL(fileURLWithPath: taskset)
            process.arguments = ["-c", String(cpu)] + serveArguments
        } else {
            process.executableURL = URL(fileURLWithPath: serveArguments[0])
            process.arguments = Array(serveArguments.dropFirst())
        }
        // The bench measures the server, not the rate limiter (docs/decisions/0068-rate-limits.md); variables rather than
        // flags, so that an older `--server-executable` still starts.
        var environment = ProcessInfo.processInfo.environment
        environment["KUMO_RATE_LIMIT_PER_ADDRESS"] = "0"
        environment["KUMO_RATE_LIMIT_PER_APPLICATION"] = "0"
        // Every event-loop tick of 5 ms or more is logged, so that each row can say how often the server's loops stalled.
        environment["KUMO_STALL_THRESHOLD_MS"] = String(stallThresholdMilliseconds)
        // The realtime scenarios hold thousands of connections: both limits follow the descriptor limit instead.
        environment["KUMO_MAX_CONNECTIONS"] = "1000000"
        environment["KUMO_REALTIME_MAX_CONNECTIONS"] = "1000000"
        // The wideObjects scenario creates objects of 100,000 fields (docs/decisions/0112-linear-writes-planned-outside-the-writer.md).
        environment["KUMO_MAX_FIELDS_PER_OBJECT"] = "200000"
        process.environment = environment
        _ = FileManager.default.createFile(atPath: logPath, contents: nil)
        process.standardError = FileHandle(forWritingAtPath: logPath)
        let output = Pipe()
        process.standardOutput = output
        try process.run()

        guard let port = await readPort(from: output.fileHandleForReading) else {
            process.terminate()
            process.waitUntilExit()
            let log = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
            throw ValidationError("kumo serve did not start (exit \(process.terminationStatus)):\n\(log.suffix(2000))")
        }
        if let cpu, !usesTaskset { SystemProbe.pin(processId: process.processIdentifier, toCPU: cpu) }
        return ServerProcess(process: process, port: port, cpu: cpu, logPath: logPath)
    }

    /// How many bytes the server's log holds now: where the stalls of the next window start.
    func logSize() -> UInt64 {
        ((try? FileManager.default.attributesOfItem(atPath: logPath)[.size]) as? NSNumber)?.uint64Value ?? 0
    }

    /// The stalls the server logged after `offset` (``logSize()``): how many, and the longest in milliseconds.
    func stalls(since offset: UInt64) -> (count: Int, longestMilliseconds: Double) {
        guard let handle = FileHandle(forReadingAtPath: logPath) else { return (0, 0) }
        defer { try? handle.close() }
        try? handle.seek(toOffset: offset)
        let text = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
        var count = 0
        var longest = 0.0
        for line in text.split(separator: "\n") where line.contains("Event loop tick ran long") {
            count += 1
            if let range = line.range(of: "duration_ms="), let value = Double(line[range.upperBound...].prefix { $0 != " " }) {
                longest = max(longest, value)
            }
        }
        return (count, longest)
    }

    /// Asks the server to shut down gracefully (SIGTERM) and waits for it to exit.
    func stop() async {
        guard process.isRunning else { return }
        process.terminate()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                self.process.waitUntilExit()
                continuation.resume()
            }
        }
    }

    /// Reads standard output on a background queue until the banner names the port, or until end of file.
    private static func readPort(from handle: FileHandle) async -> Int? {
        await withCheckedContinuation { (continuation: CheckedContinuation<Int?, Never>) in
            DispatchQueue.global().async {
                var text = ""
                while true {
                    let data = handle.availableData
                    if data.isEmpty { break }
                    text += String(decoding: data, as: UTF8.self)
                    if let port = port(inBanner: text) {
                        continuation.resume(returning: port)
                        return
                    }
                }
                continuation.resume(returning: nil)
            }
        }
    }

    /// The port in `Kumo is listening on http://HOST:PORT/`, once the whole line has arrived.
    static func port(inBanner text: String) -> Int? {
        let marker = "Kumo is listening on http://"
        guard let start = text.range(of: marker)?.upperBound, let end = text[start...].firstIndex(of: "\n") else { return nil }
        let address = text[start..<end].trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        guard let colon = address.lastIndex(of: ":") else { return nil }
        return Int(address[address.index(after: colon)...])
    }
}
