/// Writes one blob of a ``DiskBlobStore``: appends to the staging file, then commits by `fsync`, rename into the
/// application's directory and `fsync` of that directory.
///
/// Each call runs whole on the store's blocking pool, under a lock, so the descriptor and the state are only touched by
/// one call at a time and a call is never interleaved with another (no `await` inside a step). A writer dropped
/// without ``commit()`` or ``abort()`` closes and removes its staging file.
final class DiskBlobWriter: BlobWriter {
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

    /// What the lock protects.
    private struct Progress {
        var state: State
        /// The bytes written so far.
        var size: Int64 = 0
    }

    let blobId: String
    /// The staging file.
    private let partPath: String
    /// The store's root (synced when the application directory is created).
    private let rootDirectory: String
    /// The application's directory, the committed file's home.
    private let applicationDirectory: String
    private let blockingPool: any BlockingWorkPool
    private let progress: LockedValue<Progress>

    init(
        blobId: String, descriptor: BlobFileSystem.Descriptor, partPath: String, rootDirectory: String,
        applicationDirectory: String, blockingPool: any BlockingWorkPool
    ) {
        self.blobId = blobId
        self.progress = LockedValue(Progress(state: .open(descriptor)))
        self.partPath = partPath
        self.rootDirectory = rootDirectory
        self.applicationDirectory = applicationDirectory
        self.blockingPool = blockingPool
    }

    deinit {
        let (state, partPath) = (progress.withLock { $0.state }, partPath)
        Self.discardUpload(state, partPath: partPath)
    }

    func write(_ bytes: [UInt8]) async throws {
        try await onBlockingPool { writer in
            try writer.progress.withLock { progress in
                guard case .open(let descriptor) = progress.state else { throw writer.noLongerWritten }
                try BlobFileSystem.writeAll(descriptor, bytes)
                progress.size += Int64(bytes.count)
            }
        }
    }

    func commit() async throws -> Int64 {
        try await onBlockingPool { writer in
            try writer.progress.withLock { progress in
                guard case .open(let descriptor) = progress.state else { throw writer.noLongerWritten }
                try BlobFileSystem.synchronize(descriptor)
                BlobFileSystem.closeQuietly(descriptor)
                progress.state = .closed
                if try BlobFileSystem.makeDirectory(writer.applicationDirectory) {
                    try BlobFileSystem.synchronizeDirectory(writer.rootDirectory)
                }
                try BlobFileSystem.rename(writer.partPath, to: writer.applicationDirectory + "/" + writer.blobId)
                progress.state = .committed
                try BlobFileSystem.synchronizeDirectory(writer.applicationDirectory)
                return progress.size
            }
        }
    }

    func abort() async {
        _ = try? await onBlockingPool { writer in
            writer.progress.withLock { progress in
                Self.discardUpload(progress.state, partPath: writer.partPath)
                if case .committed = progress.state { return }
                progress.state = .aborted
            }
        }
    }

    private var noLongerWritten: StorageError {
        StorageError.unavailable("The blob \(blobId) is no longer being written.")
    }

    /// Runs one step on the blocking pool.
    private func onBlockingPool<Value: Sendable>(_ step: @escaping @Sendable (DiskBlobWriter) throws -> Value) async throws -> Value {
        try await blockingPool.run { try step(self) }
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
