import Foundation

/// A folder as a tar stream (POSIX ustar, with a pax `path` record for names longer than ustar holds), written from
/// disk in chunks so that memory stays bounded whatever the folder holds
/// (docs/decisions/0088-dashboard-export-as-a-streamed-tar.md).
///
/// Entries are the folder's sub-folders and regular files, sorted by path, under `root/`; each has mode 0600 (0700 for
/// folders) — an export holds the application's users and, with secrets, its keys and password hashes, so what it
/// unpacks to is its owner's alone (as `kumo export` makes its folder, docs/security.md) — owner 0 and the given modification time. The folder is listed and its files are read on the file pool
/// (``FileWork``), never on the thread that writes the response.
struct ExportTar: Sendable {
    /// One entry: its path inside the archive, its file on disk (`nil` for a folder) and size.
    struct Entry: Sendable, Hashable {
        var path: String
        var file: URL?
        var size: Int64
    }

    /// The block size of tar.
    static let block = 512
    /// How much of a file is read at a time.
    static let chunk = 64 * 1024

    let entries: [Entry]
    let modificationTime: Int64

    /// The entries of `folder`, under `root`, listed on the file pool.
    static func listing(folder: URL, root: String, modificationTime: Int64, fileWork: FileWork) async throws -> ExportTar {
        try await fileWork.run { try ExportTar(folder: folder, root: root, modificationTime: modificationTime) }
    }

    /// The entries of `folder`, under `root` (a folder of that name is the archive's first entry); lists the folder on
    /// the calling thread.
    init(folder: URL, root: String, modificationTime: Int64) throws {
        var entries = [Entry(path: root + "/", file: nil, size: 0)]
        let base = folder.standardizedFileURL.path
        let enumerator = FileManager.default.enumerator(
            at: folder, includingPropertiesForKeys: [.isDirectoryKey, .isRegularFileKey, .fileSizeKey], options: [])
        var found: [Entry] = []
        while let url = enumerator?.nextObject() as? URL {
            let values = try url.resourceValues(forKeys: [.isDirectoryKey, .isRegularFileKey, .fileSizeKey])
            let full = url.standardizedFileURL.path
            guard full.hasPrefix(base + "/") else { continue }
            let relative = root + "/" + String(full.dropFirst(base.count + 1))
            if values.isDirectory == true {
                found.append(Entry(path: relative + "/", file: nil, size: 0))
            } else if values.isRegularFile == true {
                found.append(Entry(path: relative, file: url, size: Int64(values.fileSize ?? 0)))
            }
        }
        entries += found.sorted { $0.path < $1.path }
        self.entries = entries
        self.modificationTime = modificationTime
    }

    /// The archive's length in bytes: headers, contents padded to blocks, and the two closing blocks.
    var length: Int64 {
        entries.reduce(Int64(2 * Self.block)) { total, entry in
            total + Int64(Self.headers(for: entry, modificationTime: modificationTime).count) + Self.padded(entry.size)
        }
    }

    /// Writes the archive to `emit` in chunks of at most ``chunk`` bytes (headers apart), reading each file on the file
    /// pool; a file that changed size since it was listed fails the write.
    func write(to emit: ([UInt8]) async throws -> Void, fileWork: FileWork) async throws {
        for entry in entries {
            try await emit(Self.headers(for: entry, modificationTime: modificationTime))
            guard let file = entry.file else { continue }
            let handle = try await fileWork.run { try FileHandle(forReadingFrom: file) }
            defer { try? handle.close() }
            var written: Int64 = 0
            while written < entry.size {
                let wanted = Int(min(Int64(Self.chunk), entry.size - written))
                let data = try await fileWork.run { try handle.read(upToCount: wanted) }
                guard let data, !data.isEmpty else { throw ExportTarError.changed(entry.path) }
                try await emit(Array(data))
                written += Int64(data.count)
            }
            let padding = Int(Self.padded(entry.size) - entry.size)
            if padding > 0 { try await emit([UInt8](repeating: 0, count: padding)) }
        }
        try await emit([UInt8](repeating: 0, count: 2 * Self.block))
    }

    /// `size` rounded up to whole blocks.
    static func padded(_ size: Int64) -> Int64 {
        (size + Int64(block) - 1) / Int64(block) * Int64(block)
    }

    /// The header blocks of an entry: a pax header first when its path does not fit ustar's fields.
    static func headers(for entry: Entry, modificationTime: Int64) -> [UInt8] {
        let isFolder = entry.file == nil
        let path = Array(entry.path.utf8)
        if let (prefix, name) = split(path), entry.size < 0o77777777777 {
            return header(
                name: name, prefix: prefix, size: entry.size, isFolder: isFolder, type: isFolder ? "5" : "0", time: modificationTime)
        }
        var records = record("path", entry.path)
        if entry.size >= 0o77777777777 { records += record("size", String(entry.size)) }
        var bytes = header(
            name: Array("PaxHeader".utf8), prefix: [], size: Int64(records.count), isFolder: false, type: "x", time: modificationTime)
        bytes += records + [UInt8](repeating: 0, count: Int(padded(Int64(records.count))) - records.count)
        let shortName = Array(path.suffix(99))
        bytes += header(
            name: shortName, prefix: [], size: entry.size >= 0o77777777777 ? 0 : entry.size, isFolder: isFolder,
            type: isFolder ? "5" : "0", time: modificationTime)
        return bytes
    }

    /// A path as ustar's `prefix` (≤ 155 bytes) and `name` (≤ 100 bytes), split at a `/`; `nil` when it cannot be.
    static func split(_ path: [UInt8]) -> (prefix: [UInt8], name: [UInt8])? {
        if path.count <= 100 { return ([], path) }
        for index in path.indices.reversed() where path[index] == UInt8(ascii: "/") && index > 0 {
            let prefix = Array(path[..<index])
            let name = Array(path[(index + 1)...])
            if prefix.count <= 155, name.count <= 100, !name.isEmpty { return (prefix, name) }
        }
        return nil
    }

    /// A pax record `"<length> <key>=<value>\n"`, whose length counts itself.
    static func record(_ key: String, _ value: String) -> [UInt8] {
        let body = " \(key)=\(value)\n".utf8.count
        var length = body + 1
        while String(length).utf8.count + body != length { length += 1 }
        return Array("\(length) \(key)=\(value)\n".utf8)
    }

    /// One 512-byte ustar header.
    static func header(name: [UInt8], prefix: [UInt8], size: Int64, isFolder: Bool, type: Character, time: Int64) -> [UInt8] {
        var block = [UInt8](repeating: 0, count: Self.block)
        func put(_ bytes: [UInt8], at offset: Int, width: Int) {
            for (index, byte) in bytes.prefix(width).enumerated() { block[offset + index] = byte }
        }
        func octal(_ value: Int64, width: Int) -> [UInt8] {
            let digits = String(value, radix: 8)
            return Array((String(repeating: "0", count: max(0, width - 1 - digits.count)) + digits).utf8) + [0]
        }
        put(name, at: 0, width: 100)
        put(octal(isFolder ? 0o700 : 0o600, width: 8), at: 100, width: 8)
        put(octal(0, width: 8), at: 108, width: 8)
        put(octal(0, width: 8), at: 116, width: 8)
        put(octal(size, width: 12), at: 124, width: 12)
        put(octal(max(0, time), width: 12), at: 136, width: 12)
        put(Array("        ".utf8), at: 148, width: 8)
        put(Array(String(type).utf8), at: 156, width: 1)
        put(Array("ustar".utf8) + [0], at: 257, width: 6)
        put(Array("00".utf8), at: 263, width: 2)
        put(prefix, at: 345, width: 155)
        let checksum = block.reduce(0) { $0 + Int64($1) }
        put(
            Array((String(repeating: "0", count: max(0, 6 - String(checksum, radix: 8).count)) + String(checksum, radix: 8)).utf8) + [
                0, 32,
            ], at: 148, width: 8)
        return block
    }
}

/// A file of the archive changed while it was written.
enum ExportTarError: Error, CustomStringConvertible {
    case changed(String)

    var description: String {
        switch self {
        case .changed(let path): "\(path) changed while the archive was written"
        }
    }
}
