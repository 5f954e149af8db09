import KumoMemberwise
package import NCMBWire

/// Indexes on user fields and the index advisor's records (docs/decisions/0074-indexes-on-user-fields.md,
/// docs/decisions/0075-index-advisor.md).
///
/// An index changes no result: queries compile to the same SQL with or without it, and the engine's planner uses the
/// index where a query compares its expression. Metadata lives in the database, so every instance and the CLI see the
/// same indexes.
package protocol IndexStore: Sendable {
    /// The indexes of an application (of one class when `className` is given), by class, then by creation.
    func indexes(applicationId: String, className: ClassName?) async throws -> [ClassIndex]

    /// Builds an index and records it; an index of the same fields that exists already is kept as it is.
    ///
    /// SQLite builds it while writes wait; PostgreSQL builds it concurrently, writes going on.
    ///
    /// - Returns: What was built, with the class's object count when the build started.
    /// - Throws: `StorageError.invalid` for no fields, too many or repeated fields.
    func create(_ index: ClassIndex) async throws -> IndexBuild

    /// Removes an index of these fields (in this order).
    ///
    /// - Throws: `StorageError.notFound` when the class has no such index.
    func remove(applicationId: String, className: ClassName, fields: [IndexedField]) async throws

    /// How many of the class's objects (at most the first 10 000 looked at) hold each kind of value in `field`.
    func valueKinds(applicationId: String, className: ClassName, field: FieldPath) async throws -> [IndexValueKind: Int]

    /// How the engine runs a find: its plan, one line per step (SQLite's `EXPLAIN QUERY PLAN`, PostgreSQL's `EXPLAIN`)
    /// for the count statement when `count` is true and the request asks for one, else for the page.
    func queryPlan(_ request: FindRequest, access: AccessContext, count: Bool) async throws -> [String]

    /// Adds slow runs to the advisor's records (one row per shape, summed).
    func recordSlowQueries(_ runs: [SlowQueryRun]) async throws

    /// The advisor's records of an application, slowest in total first.
    func slowQueries(applicationId: String) async throws -> [QueryShapeRecord]

    /// Forgets the advisor's records of an application.
    func clearSlowQueries(applicationId: String) async throws
}

/// Slow runs of one shape that an instance observed since it last reported.
@PackageMemberwiseInit
package struct SlowQueryRun: Sendable, Hashable {
    /// The shape.
    package var shape: QueryShape
    /// How many runs.
    package var runs: Int
    /// Their summed duration, in milliseconds.
    package var totalMilliseconds: Double
    /// The slowest, in milliseconds.
    package var maximumMilliseconds: Double
    /// When the last one ended.
    package var lastSeen: WireDate
}
