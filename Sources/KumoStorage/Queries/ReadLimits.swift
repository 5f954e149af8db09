import KumoMemberwise

/// The work budget of reads (docs/decisions/0067-work-budget.md): how long one read may run and how many expensive
/// reads run at once, so that a few expensive queries cannot starve point reads.
///
/// Both engines honour it: SQLite stops a read past its limit through a progress handler (regular expressions check it
/// while they match) and on task cancellation; PostgreSQL through `statement_timeout`. Point lookups (one row by its
/// key) never wait for an admission lane.
@PackageMemberwiseInit
package struct ReadLimits: Sendable, Hashable {
    /// How long one read may run before it is stopped with `StorageError.timeLimitExceeded`; `nil` for no limit (the
    /// command-line tools: export, backup, import).
    package var timeLimit: Duration?
    /// How many reads other than point lookups run at once; `nil` for the engine's choice (SQLite: one fewer than its
    /// readers, so a reader is always left for point lookups).
    package var expensiveReadLanes: Int?
    /// How many expensive reads may wait for a lane; one more fails at once with `StorageError.overloaded`.
    package var maximumWaitingReads: Int

    /// No limit: what a library user and the command-line tools get.
    package static let unlimited = ReadLimits(timeLimit: nil, expensiveReadLanes: nil, maximumWaitingReads: 4096)

    /// What `kumo serve` uses unless configured otherwise: 5 seconds per read, at most 1,024 waiting.
    package static let serving = ReadLimits(timeLimit: .seconds(5), expensiveReadLanes: nil, maximumWaitingReads: 1024)
}
