import ArgumentParser
import Foundation
import NIOCore
import NIOPosix

#if canImport(Glibc)
    import Glibc
#endif

/// The checks `kumo serve` (and every command that opens a data directory) makes before it creates anything: each
/// failure says what failed and what to do (docs/decisions/0130-startup-checks-before-anything-is-created.md).
enum StartupCheck {
    /// A port a listener will bind: the flags that set it, for messages.
    struct Listener: Sendable {
        let host: String
        let port: Int
        let hostFlag: String
        let portFlag: String
    }

    /// Fails unless every listener's address can be bound now; port 0 (a free one) always can. Two listeners on one
    /// port are refused too.
    static func listenable(_ listeners: [Listener]) async throws {
        var taken: [Int: Listener] = [:]
        for listener in listeners where listener.port != 0 {
            if let other = taken[listener.port] {
                throw ValidationError(
                    "\(listener.portFlag) \(listener.port) is also \(other.portFlag): give each listener its own port")
            }
            taken[listener.port] = listener
            do {
                let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                    .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
                    .bind(host: listener.host, port: listener.port).get()
                try await channel.close()
            } catch {
                throw explainListenFailure(error, listener: listener)
            }
        }
    }

    /// A listener's bind failure in words: which port, why, and which flag changes it.
    static func explainListenFailure(_ error: any Error, listener: Listener) -> ValidationError {
        let address = "\(listener.host):\(listener.port)"
        if let failure = error as? IOError {
            switch failure.errnoCode {
            case EADDRINUSE:
                return ValidationError(
                    "port \(listener.port) is already in use on \(listener.host) (\(listener.portFlag)): another program listens "
                        + "there, perhaps another kumo serve; stop it, or choose another port with \(listener.portFlag) N (0 picks a free one)")
            case EACCES:
                return ValidationError(
                    "cannot listen on \(address) (\(listener.portFlag)): ports below 1024 need privileges; use a port from 1024 up "
                        + "behind a reverse proxy, or grant the binary CAP_NET_BIND_SERVICE (docs/deployment.md)")
            case EADDRNOTAVAIL:
                return ValidationError(
                    "cannot listen on \(address): \(listener.host) (\(listener.hostFlag)) is not an address of this machine; use "
                        + "127.0.0.1, 0.0.0.0 (every address) or one of this machine's addresses")
            default:
                return ValidationError("cannot listen on \(address) (\(listener.hostFlag), \(listener.portFlag)): \(failure)")
            }
        }
        if error is SocketAddressError {
            return ValidationError(
                "cannot listen on \(address): \(listener.hostFlag) \(listener.host) is neither an address nor a name this machine resolves")
        }
        return ValidationError("cannot listen on \(address) (\(listener.hostFlag), \(listener.portFlag)): \(error)")
    }

    /// Fails unless `path` is a directory this process may read and write (with `files` inside it, when they exist),
    /// or one it may create.
    ///
    /// - Parameter flag: The flag (and variable) that chooses the directory, for the message.
    static func writableDirectory(_ path: String, flag: String, files: [String] = []) throws {
        let url = URL(fileURLWithPath: path).standardizedFileURL
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            var ancestor = url.deletingLastPathComponent()
            while ancestor.path != "/", !FileManager.default.fileExists(atPath: ancestor.path) {
                ancestor = ancestor.deletingLastPathComponent()
            }
            if let refusal = refusal(ancestor.path, mode: W_OK | X_OK) {
                throw ValidationError(
                    "kumo cannot create \(url.path) (\(flag)) inside \(ancestor.path): \(refusal); create the directory for that "
                        + "user first, or choose another with \(flag)")
            }
            return
        }
        guard isDirectory.boolValue else {
            throw ValidationError("\(url.path) (\(flag)) is a file, not a directory: choose a directory with \(flag)")
        }
        let paths = [url.path] + files.map { url.appendingPathComponent($0).path }.filter { FileManager.default.fileExists(atPath: $0) }
        for checked in paths {
            let mode = checked == url.path ? R_OK | W_OK | X_OK : R_OK | W_OK
            if let refusal = refusal(checked, mode: mode) {
                throw ValidationError(
                    "kumo cannot write to \(checked) (\(flag)): \(refusal); give that user read and write permission (for example "
                        + "chown -R \(currentUser.name) \(url.path)), run kumo as the owner, or choose another directory with \(flag)")
            }
        }
    }

    /// Why this process may not use `path` with `mode` (`access(2)`), in words naming the user, the owner and the
    /// permissions; `nil` when it may.
    private static func refusal(_ path: String, mode: Int32) -> String? {
        guard access(path, mode) != 0 else { return nil }
        let reason = errno
        if reason == EROFS { return "it is on a read-only file system" }
        var status = stat()
        let owner =
            stat(path, &status) == 0
            ? "it belongs to user \(userName(status.st_uid)) with permissions \(permissions(status.st_mode))" : "it cannot be read"
        return "user \(currentUser.name) (uid \(currentUser.id)), which kumo runs as, may not write there: \(owner)"
    }

    /// The user this process runs as.
    static var currentUser: (name: String, id: uid_t) {
        let id = geteuid()
        return (userName(id), id)
    }

    private static func userName(_ id: uid_t) -> String {
        guard let entry = getpwuid(id), let name = entry.pointee.pw_name else { return "#\(id)" }
        return String(cString: name)
    }

    /// `rwxr-xr-x` of a mode.
    private static func permissions(_ mode: mode_t) -> String {
        let letters: [(mode_t, Character)] = [
            (S_IRUSR, "r"), (S_IWUSR, "w"), (S_IXUSR, "x"), (S_IRGRP, "r"), (S_IWGRP, "w"), (S_IXGRP, "x"),
            (S_IROTH, "r"), (S_IWOTH, "w"), (S_IXOTH, "x"),
        ]
        return String(letters.map { mode & $0.0 != 0 ? $0.1 : "-" })
    }
}
