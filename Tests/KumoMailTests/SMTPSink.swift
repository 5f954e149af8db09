import Foundation
import KumoSeamsTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A minimal SMTP server on 127.0.0.1 for tests: answers 220/250/354/221, accepts every command, and records the
/// envelope and the DATA of each message. One connection at a time, on its own thread.
final class SMTPSink: Sendable {
    /// One received message.
    struct Received: Sendable {
        var mailFrom: String
        var recipients: [String]
        var data: String
    }

    /// The port it listens on.
    let port: Int
    private let listener: Int32
    private let received = LockedBox<[Received]>([])

    /// Starts listening on a free port.
    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw SinkError.socket(errno) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(descriptor, 4) == 0 else {
            close(descriptor)
            throw SinkError.socket(errno)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        port = Int(UInt16(bigEndian: address.sin_port))
        listener = descriptor
        let thread = Thread { [self] in serve() }
        thread.start()
    }

    /// Every message received so far.
    var messages: [Received] { received.get() }

    /// Stops accepting connections.
    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func serve() {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            handle(connection)
            close(connection)
        }
    }

    private func handle(_ connection: Int32) {
        var reader = LineReader(descriptor: connection)
        func reply(_ text: String) { _ = text.utf8CString.withUnsafeBufferPointer { write(connection, $0.baseAddress, $0.count - 1) } }
        reply("220 sink ESMTP\r\n")
        var current = Received(mailFrom: "", recipients: [], data: "")
        while let line = reader.nextLine() {
            let upper = line.uppercased()
            if upper.hasPrefix("EHLO") || upper.hasPrefix("HELO") {
                reply("250 sink\r\n")
            } else if upper.hasPrefix("MAIL FROM:") {
                current = Received(mailFrom: String(line.dropFirst(10)), recipients: [], data: "")
                reply("250 OK\r\n")
            } else if upper.hasPrefix("RCPT TO:") {
                current.recipients.append(String(line.dropFirst(8)))
                reply("250 OK\r\n")
            } else if upper == "DATA" {
                reply("354 go ahead\r\n")
                var lines: [String] = []
                while let dataLine = reader.nextLine(), dataLine != "." {
                    lines.append(dataLine.hasPrefix(".") ? String(dataLine.dropFirst()) : dataLine)  // undo dot-stuffing
                }
                current.data = lines.map { $0 + "\n" }.joined()
                let message = current
                received.mutate { $0.append(message) }
                reply("250 OK queued\r\n")
            } else if upper == "QUIT" {
                reply("221 bye\r\n")
                return
            } else {
                reply("250 OK\r\n")
            }
        }
    }

    enum SinkError: Error { case socket(Int32) }
}

/// Reads CRLF- (or LF-) terminated lines from a socket.
private struct LineReader {
    let descriptor: Int32
    var buffer: [UInt8] = []

    mutating func nextLine() -> String? {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                var line = Array(buffer[..<newline])
                buffer.removeSubrange(...newline)
                if line.last == UInt8(ascii: "\r") { line.removeLast() }
                return String(decoding: line, as: UTF8.self)
            }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = read(descriptor, &chunk, chunk.count)
            guard count > 0 else { return nil }
            buffer += chunk[..<count]
        }
    }
}
