import Foundation
import NIOConcurrencyHelpers

#if canImport(Glibc)
import Glibc
#endif

/// One scratch folder per application (docs/decisions/0101-a-scratch-folder-per-application.md): the `HOME` and working
/// directory of its workers, the only folder they may write, and — when Kumo runs as root above ``ScriptSandbox/Level/
/// process`` — owned by the application's own user with mode 0700, so that no other application's worker can even list
/// it. Folders are made at an application's first worker and live as long as the runtime directory.
final class ScriptApplicationFolders: Sendable {
    /// An application's folder and the user its workers run as.
    struct Folder: Sendable, Hashable {
        /// The folder's absolute path.
        let path: String
        /// The user (and group) its workers run as when users are separated.
        let user: UInt32
    }

    private let root: URL
    private let separatesUsers: Bool
    private let assigned = NIOLockedValueBox<[String: Folder]>([:])

    /// Folders under `root` (created, traversable but not listable by other users).
    init(root: URL, separatesUsers: Bool) throws {
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o711])
        self.root = root
        self.separatesUsers = separatesUsers
    }

    /// The application's folder, made on its first use.
    ///
    /// - Throws: when the folder cannot be made or given to the application's user.
    func folder(for applicationId: String) throws -> Folder {
        try assigned.withLockedValue { folders in
            if let folder = folders[applicationId] { return folder }
            let index = folders.count
            let safe = (1...64).contains(applicationId.utf8.count) && applicationId.utf8.allSatisfy { byte in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
            }
            let url = root.appendingPathComponent(safe ? applicationId : "application-\(index)")
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            let user = ScriptSandbox.firstUserIdentifier + UInt32(index)
            if separatesUsers, chown(url.path, user, user) != 0 {
                throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: url.path])
            }
            let folder = Folder(path: url.path, user: user)
            folders[applicationId] = folder
            return folder
        }
    }
}
