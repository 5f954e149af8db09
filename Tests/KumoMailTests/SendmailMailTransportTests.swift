import Foundation
import KumoMail
import KumoSeams
import KumoSeamsTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `SendmailMailTransport` against a fake `sendmail` script, and against real msmtp talking to a local SMTP sink.
@Suite struct SendmailMailTransportTests {
    let message = MailMessage(
        from: "no-reply@localhost", to: "jiro@example.com", subject: "パスワード / Password", body: "リンク: https://x.example/?token=abc\n.\nend\n"
    )

    /// A temporary directory holding an executable `sendmail` shell script with `body` as its text after the shebang.
    func withScript<Result>(_ body: String, _ run: (URL, URL) async throws -> Result) async throws -> Result {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kumo-sendmail-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let script = directory.appendingPathComponent("sendmail")
        // Written through a close-on-exec descriptor: a process another test spawns meanwhile must not inherit it, or
        // running the script fails with "Text file busy" (ETXTBSY) while that process lives.
        let descriptor = open(script.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o700)
        guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown) }
        let text = Array("#!/bin/sh\n\(body)\n".utf8)
        let written = text.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        guard written == text.count else { throw CocoaError(.fileWriteUnknown) }
        return try await run(script, directory)
    }

    @Test func writesTheMessageToTheStandardInputOfTheCommandWithTheDefaultArguments() async throws {
        try await withScript(#"printf '%s\n' "$@" > "$(dirname "$0")/arguments"; cat > "$(dirname "$0")/input""#) { script, directory in
            try await SendmailMailTransport(command: script.path, clock: TestClock()).send(message)

            let arguments = try String(contentsOf: directory.appendingPathComponent("arguments"), encoding: .utf8)
            let input = try String(contentsOf: directory.appendingPathComponent("input"), encoding: .utf8)
            #expect(arguments == "-t\n-i\n")
            #expect(!input.contains("\r"))
            let mail = try #require(ParsedMail(input))
            #expect(mail.headers["to"] == "jiro@example.com")
            #expect(mail.subject == "パスワード / Password")
            #expect(mail.body == message.body + "\n")
        }
    }

    @Test func passesTheConfiguredArguments() async throws {
        try await withScript(#"printf '%s\n' "$@" > "$(dirname "$0")/arguments"; cat > /dev/null"#) { script, directory in
            try await SendmailMailTransport(command: script.path, arguments: ["-t", "-oi", "-f", "bounce@example.com"]).send(message)

            let arguments = try String(contentsOf: directory.appendingPathComponent("arguments"), encoding: .utf8)
            #expect(arguments == "-t\n-oi\n-f\nbounce@example.com\n")
        }
    }

    @Test func failsWithTheStandardErrorOfACommandThatExitsNonZero() async throws {
        try await withScript("cat > /dev/null; echo 'sendmail: relay refused' >&2; exit 75") { script, _ in
            let transport = SendmailMailTransport(command: script.path)
            await #expect(
                throws: SendmailError.failed(command: script.path, status: 75, wasKilled: false, standardError: "sendmail: relay refused")
            ) {
                try await transport.send(message)
            }
        }
    }

    @Test func failsWhenTheCommandDoesNotExist() async throws {
        let transport = SendmailMailTransport(command: "/nonexistent/sendmail")
        await #expect {
            try await transport.send(message)
        } throws: { error in
            guard case SendmailError.couldNotStart(let command, _) = error else { return false }
            return command == "/nonexistent/sendmail"
        }
    }

    @Test func terminatesACommandThatRunsPastTheTimeout() async throws {
        try await withScript("exec sleep 120") { script, _ in
            let transport = SendmailMailTransport(command: script.path, timeout: .milliseconds(300))
            await #expect {
                try await transport.send(message)
            } throws: { error in
                guard case SendmailError.failed(_, _, let wasKilled, _) = error else { return false }
                return wasKilled
            }
            // `wasKilled` is the outcome: the command (120 s) was ended by the 300 ms timeout, not by finishing.
        }
    }

    @Test func deliversThroughRealMsmtpToALocalSMTPSink() async throws {
        let msmtp = ["/usr/bin/msmtp", "/usr/local/bin/msmtp"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let msmtp else {
            if ProcessInfo.processInfo.environment["CI"] != nil {
                Issue.record("msmtp is not installed: the CI image must provide it (apt-get install -y msmtp)")
            } else {
                print("SendmailMailTransportTests: msmtp is not installed; skipping the real-MTA test (apt-get install -y msmtp)")
            }
            return
        }
        let sink = try SMTPSink()
        defer { sink.stop() }
        let transport = SendmailMailTransport(
            command: msmtp,
            arguments: [
                "-C", "/dev/null", "--host=127.0.0.1", "--port=\(sink.port)", "--auth=off", "--tls=off",
                "--from=no-reply@localhost", "-t", "-i",
            ])

        try await transport.send(message)

        let received = try #require(sink.messages.first)
        #expect(received.recipients.map { $0.trimmingCharacters(in: .whitespaces) } == ["<jiro@example.com>"])
        let mail = try #require(ParsedMail(received.data))
        #expect(mail.subject == "パスワード / Password")
        #expect(mail.body == message.body + "\n")
    }
}
