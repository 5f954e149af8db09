package import Foundation
package import KumoSeams
import NCMBWire
package import NIOPosix

/// The zero-configuration transport: writes each message as one RFC 5322 `.eml` file (CRLF line endings) into a
/// directory, which any mail client opens.
///
/// A file appears complete or not at all: it is written under a hidden temporary name in the same directory, then
/// renamed. File names sort by time: `20250102T030405.678Z-<random>.eml`. The writing runs on NIO's blocking thread pool,
/// never on an event loop or the cooperative pool.
package struct FileMailTransport: MailTransport {
    /// Where the `.eml` files go; created on the first mail when missing.
    package let directory: URL
    private let clock: any WallClock
    private let identifiers: any IdentifierGenerator
    private let threadPool: NIOThreadPool

    /// Creates a transport writing into `directory`.
    package init(
        directory: URL, clock: any WallClock = SystemWallClock(), identifiers: any IdentifierGenerator = RandomIdentifierGenerator(),
        threadPool: NIOThreadPool = .singleton
    ) {
        self.directory = directory
        self.clock = clock
        self.identifiers = identifiers
        self.threadPool = threadPool
    }

    package func send(_ message: MailMessage) async throws {
        let date = clock.now()
        let identifier = identifiers.randomString(length: 20, alphabet: IdentifierAlphabet.alphanumeric)
        let text = try message.formatted(date: date, messageIdentifier: identifier, lineEnding: "\r\n")
        let name = Self.fileName(date: date, identifier: identifier)
        let directory = directory
        try await threadPool.runIfActive {
            try Self.write(Data(text.utf8), named: name, into: directory)
        }
    }

    /// `yyyyMMddTHHmmss.SSSZ-<identifier>.eml`.
    static func fileName(date: WireDate, identifier: String) -> String {
        let stamp = date.formatted.filter { $0 != "-" && $0 != ":" }
        return "\(stamp)-\(identifier).eml"
    }

    private static func write(_ data: Data, named name: String, into directory: URL) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let temporary = directory.appendingPathComponent(".\(name).tmp")
        let final = directory.appendingPathComponent(name)
        do {
            try data.write(to: temporary)
            guard rename(temporary.path, final.path) == 0 else {
                throw FileMailTransportError.renameFailed(path: final.path, errorNumber: errno)
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }
}

/// Why `FileMailTransport` could not store a message.
enum FileMailTransportError: Error, CustomStringConvertible {
    /// `rename(2)` of the finished temporary file failed.
    case renameFailed(path: String, errorNumber: Int32)

    var description: String {
        switch self {
        case .renameFailed(let path, let errorNumber): "could not move the mail into place at \(path) (errno \(errorNumber))"
        }
    }
}
