/// Writes one blob of a ``DiskBlobStore``: appends to the staging file, then commits by `fsync`, rename into the
/// application's directory and `fsync` of that directory.
///
/// An actor, so the descriptor and the state are only touched from one call at a time. A writer dropped without
/// ``commit()`` or ``abort()`` closes and removes its staging file.
actor DiskBlobWriter: BlobWriter {
    /// Where the writer is in its life.
    private enum State {
        /// Accepting bytes on the staging file's descriptor.
        case open(BlobFileSystem.Descriptor)
        /// The staging file is closed but still there (a commit failed after closing it).
        case closed
        /// Renamed into place: nothing is left to clean up.
        case committed
        /// Thrown away.
        case aborted
    }

    nonisolated let blobId: String
    /// The staging file.
    private let partPath: String
    /// The store's root (synced when the application directory is created).
    private let rootDirectory: String
    /// The application's directory, the committed file's home.
    private let applicationDirectory: String
    private var state: State
    /// The bytes written so far.
    private var size: Int64 = 0

    init(
        blobId: String, descriptor: BlobFileSystem.Descriptor, partPath: String, rootDirectory: String,
        applicationDirectory: String
    ) {
        self.blobId = blobId
        self.state = .open(descriptor)
        self.partPath = partPath
        self.rootDirectory = rootDirectory
        self.applicationDirectory = applicationDirectory
    }

    deinit {
        Self.discardUpload(state, partPath: partPath)
    }

    func write(_ bytes: [UInt8]) async throws {
        guard case .open(let descriptor) = state else {
            throw StorageError.unavailable("The blob \(blobId) is no longer being written.")
        }
        try BlobFileSystem.writeAll(descriptor, bytes)
        size += Int64(bytes.count)
    }

    func commit() async throws -> Int64 {
        guard case .open(let descriptor) = state else {
            throw StorageError.unavailable("The blob \(blobId) is no longer being written.")
        }
        try BlobFileSystem.synchronize(descriptor)
        BlobFileSystem.closeQuietly(descriptor)
        state = .closed
        if try BlobFileSystem.makeDirectory(applicationDirectory) {
            try BlobFileSystem.synchronizeDirectory(rootDirectory)
        }
        try BlobFileSystem.rename(partPath, to: applicationDirectory + "/" + blobId)
        state = .committed
        try BlobFileSystem.synchronizeDirectory(applicationDirectory)
        return size
    }

    func abort() async {
        Self.discardUpload(state, partPath: partPath)
        if case .committed = state { return }
        state = .aborted
    }

    /// Closes and removes the upload file of a writer in `state`; a committed or aborted blob is left alone.
    private static func discardUpload(_ state: State, partPath: String) {
        switch state {
        case .open(let descriptor):
            BlobFileSystem.closeQuietly(descriptor)
            _ = try? BlobFileSystem.remove(partPath)
        case .closed:
            _ = try? BlobFileSystem.remove(partPath)
        case .committed, .aborted:
            break
        }
    }
}
