/// How far a file transfer has come: bytes sent to the server (an upload) or received from it (a download).
///
/// - Note: A Kumo addition; ncmb_swift reports no progress.
public struct NCMBTransferProgress: Sendable, Equatable {
    /// Which way the bytes travel.
    public enum Direction: Sendable, Equatable {
        /// The request's body going to the server.
        case upload
        /// The response's body coming from the server.
        case download
    }

    /// Which way the bytes travel.
    public var direction: Direction
    /// The bytes transferred so far.
    public var completedBytes: Int64
    /// The bytes to transfer in all; `nil` when the server did not say how many (a download without `Content-Length`).
    public var totalBytes: Int64?

    /// Creates a progress report.
    public init(direction: Direction, completedBytes: Int64, totalBytes: Int64?) {
        self.direction = direction
        self.completedBytes = completedBytes
        self.totalBytes = totalBytes
    }

    /// The part transferred, from 0 to 1; `nil` when the total is unknown or zero.
    public var fractionCompleted: Double? {
        guard let totalBytes, totalBytes > 0 else { return nil }
        return min(1, Double(completedBytes) / Double(totalBytes))
    }
}

/// Receives the progress of a file transfer, on a background thread, possibly many times a second.
///
/// - Note: A Kumo addition.
public typealias NCMBProgressHandler = @Sendable (NCMBTransferProgress) -> Void
