public import Foundation

/// An ``NCMBLocalStore`` that keeps each item in a file named after it, in one directory, as plain JSON.
///
/// The standard store on Linux, in `NCMB` of the temporary directory (Linux has no per-application directory). On
/// Apple platforms the SDK's earlier versions kept their files in `Application Support/NCMB`; the Keychain store takes
/// them over (docs/decisions/0127-sessions-in-the-keychain.md).
///
/// - Note: A Kumo addition.
public struct FileLocalStore: NCMBLocalStore {
    /// The directory holding the files; created on the first save.
    public let directory: URL

    /// Creates a store over `directory`.
    ///
    /// - Parameter directory: The directory; it need not exist yet.
    public init(directory: URL) {
        self.directory = directory
    }

    /// `Application Support/<name>` where the platform has one, else `<name>` in the temporary directory.
    static func standardDirectory(name: String, fileManager: FileManager) -> URL {
        #if canImport(Darwin)
            if let support = fileManager.urls(for: .applicationSupportDirectory, in: .userDomainMask).first {
                return support.appendingPathComponent(name, isDirectory: true)
            }
        #endif
        return fileManager.temporaryDirectory.appendingPathComponent(name, isDirectory: true)
    }

    /// The bytes of `item`'s file; `nil` when there is none.
    ///
    /// - Throws: The file system's error when the file exists but cannot be read.
    public func load(_ item: NCMBLocalItem) throws -> Data? {
        let url = fileURL(item)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        return try Data(contentsOf: url)
    }

    /// Writes `data` as `item`'s file, atomically, creating the directory when needed.
    ///
    /// - Throws: The file system's error.
    public func save(_ data: Data, as item: NCMBLocalItem) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try data.write(to: fileURL(item), options: [.atomic])
    }

    /// Removes `item`'s file, if any.
    ///
    /// - Throws: The file system's error when the file exists but cannot be removed.
    public func delete(_ item: NCMBLocalItem) throws {
        let url = fileURL(item)
        guard FileManager.default.fileExists(atPath: url.path) else { return }
        try FileManager.default.removeItem(at: url)
    }

    /// The file of `item`.
    private func fileURL(_ item: NCMBLocalItem) -> URL {
        directory.appendingPathComponent(item.rawValue, isDirectory: false)
    }
}
