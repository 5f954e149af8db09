package import Foundation

/// An ``NCMBLocalStore`` that keeps each item in a file named after it, in one directory.
///
/// The process-wide context uses ``standard``: `Application Support/NCMB` on Apple platforms, as ncmb_swift keeps
/// `Documents/NCMB`, and `NCMB` in the temporary directory elsewhere (Linux has no per-application directory).
package struct FileLocalStore: NCMBLocalStore {
    /// The directory holding the files; created on the first save.
    package let directory: URL

    /// Creates a store over `directory`.
    package init(directory: URL) {
        self.directory = directory
    }

    /// The store of the process-wide context.
    package static var standard: FileLocalStore {
        FileLocalStore(directory: standardDirectory(fileManager: .default))
    }

    /// `Application Support/NCMB` where the platform has one, else `NCMB` in the temporary directory.
    static func standardDirectory(fileManager: FileManager) -> URL {
        #if canImport(Darwin)
            if let support = fileManager.urls(for: .applicationSupportDirectory, in: .userDomainMask).first {
                return support.appendingPathComponent("NCMB", isDirectory: true)
            }
        #endif
        return fileManager.temporaryDirectory.appendingPathComponent("NCMB", isDirectory: true)
    }

    package func load(_ item: NCMBLocalItem) throws -> Data? {
        let url = fileURL(item)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        return try Data(contentsOf: url)
    }

    package func save(_ data: Data, as item: NCMBLocalItem) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try data.write(to: fileURL(item), options: [.atomic])
    }

    package func delete(_ item: NCMBLocalItem) throws {
        let url = fileURL(item)
        guard FileManager.default.fileExists(atPath: url.path) else { return }
        try FileManager.default.removeItem(at: url)
    }

    /// The file of `item`.
    private func fileURL(_ item: NCMBLocalItem) -> URL {
        directory.appendingPathComponent(item.rawValue, isDirectory: false)
    }
}
