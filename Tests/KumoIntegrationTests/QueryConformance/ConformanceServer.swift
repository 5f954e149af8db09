import KumoTestSupport
import Testing

/// The seeded server the conformance cases query: one per suite run, shared by every case.
///
/// Cases only read, so they can share one server and run in parallel; seeding once keeps the suite fast.
struct ConformanceServer: Sendable {
    /// Sends signed requests as the anonymous caller.
    let requester: TestRequester
    /// Handles of the seeded fixture.
    let index: FixtureIndex

    /// The server of the running suite, bound by ``ConformanceServerTrait``.
    @TaskLocal static var current: ConformanceServer?
}

/// Starts a Kumo server on SQLite (or another engine), seeds ``ConformanceFixture`` and binds
/// ``ConformanceServer/current`` around the whole suite, then removes everything.
struct ConformanceServerTrait: SuiteTrait, TestScoping {
    /// The storage engine under the server.
    var engine: StorageEngine = .sqlite

    var isRecursive: Bool { false }

    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        // `test` runs its closure to completion before returning, so `function` never outlives this call.
        try await withoutActuallyEscaping(function) { function in
            try await TestApplication.with(engine: engine) { application in
                try await application.test { requester in
                    let index = try await ConformanceFixture.seed(through: requester, clock: application.clock)
                    try await ConformanceServer.$current.withValue(ConformanceServer(requester: requester, index: index)) {
                        try await function()
                    }
                }
            }
        }
    }
}

extension Trait where Self == ConformanceServerTrait {
    /// Runs the suite against one seeded SQLite server.
    static var seededServer: Self { ConformanceServerTrait() }

    /// Runs the suite against one seeded server on `engine`.
    static func seededServer(on engine: StorageEngine) -> Self { ConformanceServerTrait(engine: engine) }
}
