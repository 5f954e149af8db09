import Foundation

/// The few POSIX calls `DiskBlobStore` makes, with `EINTR` retried and failures turned into `StorageError`.
///
/// Foundation is imported for the C library it re-exports (Glibc on Linux, Darwin on Apple platforms) and for listing
/// directories; the calls themselves are plain blocking system calls, each short (one chunk at most).
enum BlobFileSystem {
    /// Permissions of the directories created: owner only.
    static let directoryMode: mode_t = 0o700
    /// Permissions of the files created: owner read and write only.
    static let fileMode: mode_t = 0o600

    /// An open file descriptor.
    typealias Descriptor = Int32

    /// Creates `path` exclusively for writing (fails when it exists).
    static func createFile(_ path: String) throws -> Descriptor {
        try retrying("create \(path)") { open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, fileMode) }
    }

    /// Opens `path` for reading; `nil` when it does not exist.
    static func openForReading(_ path: String) throws -> Descriptor? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        if descriptor >= 0 { return descriptor }
        if errno == ENOENT || errno == ENOTDIR { return nil }
        if errno == EINTR { return try openForReading(path) }
        throw failure("open \(path)")
    }

    /// Writes every byte of `bytes`.
    static func writeAll(_ descriptor: Descriptor, _ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { buffer in
            var written = 0
            while written < buffer.count {
                let count = write(descriptor, buffer.baseAddress.map { $0 + written }, buffer.count - written)
                if count < 0 {
                    if errno == EINTR { continue }
                    throw failure("write")
                }
                written += count
            }
        }
    }

    /// Up to `length` bytes from `offset` (fewer only at the end of the file).
    static func read(_ descriptor: Descriptor, offset: Int64, length: Int) throws -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: length)
        var filled = 0
        try bytes.withUnsafeMutableBytes { buffer in
            while filled < length {
                let count = pread(descriptor, buffer.baseAddress.map { $0 + filled }, length - filled, off_t(offset) + off_t(filled))
                if count < 0 {
                    if errno == EINTR { continue }
                    throw failure("read")
                }
                if count == 0 { break }
                filled += count
            }
        }
        bytes.removeLast(length - filled)
        return bytes
    }

    /// The size in bytes of an open file.
    static func size(_ descriptor: Descriptor) throws -> Int64 {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw failure("fstat") }
        return Int64(status.st_size)
    }

    /// The modification time of `path` in milliseconds since 1970, or `nil` when it does not exist.
    static func modificationMilliseconds(_ path: String) throws -> Int64? {
        var status = stat()
        guard stat(path, &status) == 0 else {
            if errno == ENOENT { return nil }
            throw failure("stat \(path)")
        }
        #if canImport(Darwin)
            let time = status.st_mtimespec
        #else
            let time = status.st_mtim
        #endif
        return Int64(time.tv_sec) * 1000 + Int64(time.tv_nsec) / 1_000_000
    }

    /// Flushes an open file to stable storage.
    static func synchronize(_ descriptor: Descriptor) throws {
        _ = try retrying("fsync") { fsync(descriptor) }
    }

    /// Flushes a directory (its entries: renames, creations, removals) to stable storage.
    static func synchronizeDirectory(_ path: String) throws {
        let descriptor = try retrying("open \(path)") { open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        defer { close(descriptor) }
        try synchronize(descriptor)
    }

    /// Closes a descriptor, ignoring failures (nothing can be done about them after `fsync`).
    static func closeQuietly(_ descriptor: Descriptor) {
        close(descriptor)
    }

    /// Creates the directory `path` (one level) when missing; returns whether it was created.
    @discardableResult
    static func makeDirectory(_ path: String) throws -> Bool {
        if mkdir(path, directoryMode) == 0 { return true }
        if errno == EEXIST { return false }
        throw failure("mkdir \(path)")
    }

    /// Creates the directory `path` and its missing parents.
    static func makeDirectories(_ path: String) throws {
        if mkdir(path, directoryMode) == 0 || errno == EEXIST { return }
        do {
            try FileManager.default.createDirectory(
                atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: Int(directoryMode)])
        } catch {
            throw StorageError.unavailable("Cannot create the blob directory \(path): \(error)")
        }
    }

    /// Atomically renames `source` to `destination` (replacing it).
    static func rename(_ source: String, to destination: String) throws {
        _ = try retrying("rename \(source)") { Foundation.rename(source, destination) }
    }

    /// Removes `path`; returns whether it existed.
    @discardableResult
    static func remove(_ path: String) throws -> Bool {
        if unlink(path) == 0 { return true }
        if errno == ENOENT { return false }
        throw failure("unlink \(path)")
    }

    /// The names in a directory, or none when it does not exist.
    static func names(in path: String) throws -> [String] {
        guard try modificationMilliseconds(path) != nil else { return [] }
        do {
            return try FileManager.default.contentsOfDirectory(atPath: path)
        } catch {
            throw StorageError.unavailable("Cannot list \(path): \(error)")
        }
    }

    /// Runs a call returning `-1` on failure until it does not fail with `EINTR`.
    private static func retrying(_ operation: String, _ call: () -> Int32) throws -> Int32 {
        while true {
            let result = call()
            if result >= 0 { return result }
            if errno != EINTR { throw failure(operation) }
        }
    }

    /// The error for the failed call `operation`, from `errno`.
    private static func failure(_ operation: String) -> StorageError {
        let code = errno
        let reason = String(cString: strerror(code))
        if code == ENOSPC || code == EDQUOT { return .unavailable("The disk is full (\(operation)): \(reason)") }
        return .unavailable("Blob storage failed (\(operation)): \(reason)")
    }
}
