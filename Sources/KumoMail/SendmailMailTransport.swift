import Foundation
package import KumoSeams
import NCMBWire
package import NIOPosix

/// Hands each message to a local MTA through the standard `sendmail` interface: `/usr/sbin/sendmail -t -i` by default
/// (Postfix, Exim, msmtp and OpenSMTPD all provide it). `-t` reads the recipients from the headers, `-i` keeps a line
/// holding only `.` from ending the message.
///
/// The message goes to the command's standard input from an unlinked, owner-only temporary file, so a slow or dying
/// MTA can neither block the server on a full pipe nor raise `SIGPIPE`. The process runs on NIO's blocking thread pool,
/// never on an event loop or the cooperative pool; it is killed after `timeout`. A non-zero exit fails the send with
/// the command's standard error.
package struct SendmailMailTransport: MailTransport {
    /// The executable.
    package let command: String
    /// Its arguments.
    package let arguments: [String]
    /// How long the command may run before it is terminated.
    package let timeout: Duration
    private let clock: any WallClock
    private let identifiers: any IdentifierGenerator
    private let threadPool: NIOThreadPool

    /// The standard location of the `sendmail` interface.
    package static let defaultCommand = "/usr/sbin/sendmail"
    /// `-t` (recipients from the headers) and `-i` (a lone `.` is not the end).
    package static let defaultArguments = ["-t", "-i"]

    /// Creates a transport running `command` with `arguments`.
    package init(
        command: String = SendmailMailTransport.defaultCommand, arguments: [String] = SendmailMailTransport.defaultArguments,
        timeout: Duration = .seconds(60), clock: any WallClock = SystemWallClock(),
        identifiers: any IdentifierGenerator = RandomIdentifierGenerator(), threadPool: NIOThreadPool = .singleton
    ) {
        self.command = command
        self.arguments = arguments
        self.timeout = timeout
        self.clock = clock
        self.identifiers = identifiers
        self.threadPool = threadPool
    }

    package func send(_ message: MailMessage) async throws {
        let identifier = identifiers.randomString(length: 20, alphabet: IdentifierAlphabet.alphanumeric)
        // A local sendmail expects the local line ending and converts to CRLF itself.
        let text = try message.formatted(date: clock.now(), messageIdentifier: identifier, lineEnding: "\n")
        let command = command
        let arguments = arguments
        let timeout = timeout
        try await threadPool.runIfActive {
            try Self.run(command: command, arguments: arguments, input: Array(text.utf8), timeout: timeout)
        }
    }

    private static func run(command: String, arguments: [String], input: [UInt8], timeout: Duration) throws {
        let standardInput = try unlinkedFile(holding: input)
        defer { try? standardInput.close() }
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: command)
        process.arguments = arguments
        process.standardInput = standardInput
        process.standardOutput = FileHandle.nullDevice
        let errorPipe = Pipe()
        process.standardError = errorPipe
        do {
            try process.run()
        } catch {
            throw SendmailError.couldNotStart(command: command, reason: "\(error)")
        }
        let milliseconds = timeout.wholeMilliseconds
        // SIGKILL: a hung MTA may ignore SIGTERM (and a parent that ignores SIGTERM passes that on through exec).
        let processIdentifier = process.processIdentifier
        let watchdog = DispatchWorkItem { [process] in
            if process.isRunning { kill(processIdentifier, SIGKILL) }
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(Int(milliseconds)), execute: watchdog)
        defer { watchdog.cancel() }
        let errorOutput = errorPipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let text = String(decoding: errorOutput.prefix(4096), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw SendmailError.failed(
                command: command, status: process.terminationStatus, wasKilled: process.terminationReason != .exit,
                standardError: text)
        }
    }

    /// A read handle on a new owner-only temporary file holding `bytes`, already removed from its directory.
    private static func unlinkedFile(holding bytes: [UInt8]) throws -> FileHandle {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("kumo-mail-\(UUID().uuidString)").path
        let descriptor = open(path, O_CREAT | O_EXCL | O_RDWR, 0o600)
        guard descriptor >= 0 else { throw SendmailError.couldNotStart(command: "", reason: "temporary file: errno \(errno)") }
        unlink(path)
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        do {
            try handle.write(contentsOf: bytes)
            try handle.seek(toOffset: 0)
        } catch {
            try? handle.close()
            throw error
        }
        return handle
    }
}

/// Why the `sendmail` command did not accept a message.
package enum SendmailError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The command could not be started (missing, not executable).
    case couldNotStart(command: String, reason: String)
    /// The command exited with a non-zero status or was killed (timeout); `standardError` is what it printed.
    case failed(command: String, status: Int32, wasKilled: Bool, standardError: String)

    package var description: String {
        switch self {
        case .couldNotStart(let command, let reason): "could not run \(command): \(reason)"
        case .failed(let command, let status, let wasKilled, let standardError):
            "\(command) \(wasKilled ? "was terminated (signal \(status))" : "exited with status \(status)")"
                + (standardError.isEmpty ? "" : ": \(standardError)")
        }
    }
}
