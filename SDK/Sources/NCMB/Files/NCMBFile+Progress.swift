public import Foundation

extension NCMBFile {
    /// Uploads `data` as this file, reporting its progress, as `try await save(data:progress:)` does.
    ///
    /// - Parameters:
    ///   - data: The file's bytes.
    ///   - progress: Called on a background thread as the bytes travel.
    /// - Returns: `.success` once stored, or `.failure` with the error.
    /// - Important: Blocks the calling thread until the request finishes. Call it from a background thread, never from
    ///   async code (use `try await save(data:progress:)` there) and preferably not from the main thread.
    /// - Note: A Kumo addition.
    @available(*, noasync, message: "Blocks the calling thread; use `try await save(data:progress:)` in async code.")
    public func save(data: Data, progress: @escaping NCMBProgressHandler) -> NCMBResult<Void> {
        SynchronousCall.run { try await self.save(data: data, progress: progress) }
    }

    /// Uploads `data` as this file in the background, reporting its progress, as `try await save(data:progress:)` does.
    ///
    /// - Parameters:
    ///   - data: The file's bytes.
    ///   - progress: Called on a background thread as the bytes travel.
    ///   - callback: Called once with the result, on a background queue, after the last progress report.
    /// - Note: A Kumo addition.
    public func saveInBackground(data: Data, progress: @escaping NCMBProgressHandler, callback: @escaping NCMBHandler<Void>) {
        BackgroundCall.start(callback) { try await self.save(data: data, progress: progress) }
    }

    /// Downloads the file's bytes, reporting their progress, as `try await fetch(progress:)` does.
    ///
    /// - Parameter progress: Called on a background thread as the bytes arrive.
    /// - Returns: `.success` with the bytes, or `.failure` with the error.
    /// - Important: Blocks the calling thread until the request finishes. Call it from a background thread, never from
    ///   async code (use `try await fetch(progress:)` there) and preferably not from the main thread.
    /// - Note: A Kumo addition.
    @available(*, noasync, message: "Blocks the calling thread; use `try await fetch(progress:)` in async code.")
    public func fetch(progress: @escaping NCMBProgressHandler) -> NCMBResult<Data?> {
        SynchronousCall.run { try await self.fetch(progress: progress) as Data? }
    }

    /// Downloads the file's bytes in the background, reporting their progress, as `try await fetch(progress:)` does.
    ///
    /// - Parameters:
    ///   - progress: Called on a background thread as the bytes arrive.
    ///   - callback: Called once with the bytes or the error, on a background queue, after the last progress report.
    /// - Note: A Kumo addition.
    public func fetchInBackground(progress: @escaping NCMBProgressHandler, callback: @escaping NCMBHandler<Data?>) {
        BackgroundCall.start(callback) { try await self.fetch(progress: progress) as Data? }
    }
}
