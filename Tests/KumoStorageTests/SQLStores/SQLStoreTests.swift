import KumoStorage
import NCMBWire
import Testing

/// The rules the shared stores apply around the engine, whatever it is: which reads are point lookups, what a
/// permission check refuses before anything is written, when a claim leases. Storage conformance runs the same stores
/// on both real engines.
@Suite struct SQLStoreTests {
    var key: ObjectKey { ObjectKey(applicationId: "application1", className: valid(ClassName.init, "Item"), objectId: "object1") }

    func request(_ parameters: QueryParameters) -> FindRequest {
        FindRequest(applicationId: "application1", className: key.className, parameters: parameters)
    }

    /// Whether a thrown storage error is the expected case (`StorageError` is not `Equatable`).
    func isError(_ error: StorageError?, _ expected: StorageError) -> Bool {
        switch (error, expected) {
        case (.notFound?, .notFound), (.denied?, .denied): true
        default: false
        }
    }

    /// An `objects` row as the write lookup returns it.
    func lookupRow(canRead: Bool, canWrite: Bool) -> [(String, SQLValue)] {
        [
            ("row_id", .integer(7)), ("object_id", .text("object1")), ("create_date", .integer(1_000)), ("update_date", .integer(1_000)),
            ("acl", .text("{}")), ("fields", .text(#"{"score":1}"#)), ("can_read", .boolean(canRead)), ("can_write", .boolean(canWrite)),
        ]
    }

    func update() -> ObjectUpdate {
        ObjectUpdate(key: key, updateDate: WireDate(millisecondsSince1970: 2_000), operations: [(valid(FieldName.init, "score"), .set(2))])
    }

    // MARK: Tests

    @Test func aReadableButNotWritableObjectIsDeniedBeforeAnyWrite() async throws {
        let engine = ScriptedEngine([.statement("SELECT o.row_id", returning: [lookupRow(canRead: true, canWrite: false)])])

        let error = await #expect(throws: StorageError.self) {
            _ = try await SQLObjectStore(engine: engine).update(update(), access: .anonymous)
        }
        #expect(isError(error, .denied))
        engine.expectFinished()
        #expect(engine.state.statements.count == 1)
        #expect(engine.state.statements.first?.text.hasSuffix(" LOCK o") == true)
    }

    @Test func anUnreadableOrMissingObjectIsNotFound() async throws {
        let unreadable = ScriptedEngine([.statement("SELECT o.row_id", returning: [lookupRow(canRead: false, canWrite: false)])])
        let missing = ScriptedEngine([.statement("SELECT o.row_id")])

        let key = key
        let unreadableError = await #expect(throws: StorageError.self) {
            try await SQLObjectStore(engine: unreadable).delete(key, access: .anonymous)
        }
        let missingError = await #expect(throws: StorageError.self) {
            try await SQLObjectStore(engine: missing).delete(key, access: .anonymous)
        }
        #expect(isError(unreadableError, .notFound))
        #expect(isError(missingError, .notFound))
        unreadable.expectFinished()
        missing.expectFinished()
    }

    @Test func aWritableObjectIsUpdatedInTheUnitOfItsLookup() async throws {
        let engine = ScriptedEngine([
            .statement("SELECT o.row_id", returning: [lookupRow(canRead: false, canWrite: true)]),
            .statement("UPDATE objects SET fields = "),
            // The location-field rule reads the class row (docs/decisions/0057-geopoint-fields-keep-their-kind.md).
            .statement("SELECT c.class_id"),
        ])

        let updated = try await SQLObjectStore(engine: engine).update(update(), access: .anonymous)

        engine.expectFinished()
        #expect(engine.state.unitsRun == [.write])
        #expect(updated.fields == ["score": 2])
        let write = engine.state.statements.first { $0.text.hasPrefix("UPDATE objects") }
        #expect(write?.bindings.first == .text(#"{"score":2}"#))
    }

    @Test func readsChooseTheirShape() async throws {
        func store(_ engine: ScriptedEngine) -> SQLObjectStore<ScriptedEngine> { SQLObjectStore(engine: engine) }
        let get = ScriptedEngine([.statement("SELECT o.row_id")])
        let getWithInclude = ScriptedEngine([.statement("SELECT o.row_id")])
        let query = ScriptedEngine([.statement("SELECT o.row_id")])
        let queryWithCount = ScriptedEngine([
            .statement("SELECT o.row_id"), .statement("SELECT COUNT(*)", returning: [[("count", .integer(0))]]),
        ])
        let countOnly = ScriptedEngine([.statement("SELECT COUNT(*)", returning: [[("count", .integer(3))]])])

        _ = try? await store(get).object(key, include: [], access: .anonymous)
        _ = try? await store(getWithInclude).object(key, include: [[valid(FieldName.init, "owner")]], access: .anonymous)
        _ = try await store(query).find(request(QueryParameters()), access: .anonymous)
        _ = try await store(queryWithCount).find(request(QueryParameters(includesCount: true)), access: .anonymous)
        let counted = try await store(countOnly).find(request(QueryParameters(limit: 0, includesCount: true)), access: .anonymous)

        #expect(get.state.unitsRun == [.read(.pointLookup)])
        #expect(getWithInclude.state.unitsRun == [.read(.snapshot)])
        #expect(query.state.unitsRun == [.read(.singleStatement)])
        #expect(queryWithCount.state.unitsRun == [.read(.snapshot)])
        #expect(countOnly.state.unitsRun == [.read(.singleStatement)])
        #expect(counted.count == 3)
        for engine in [get, getWithInclude, query, queryWithCount, countOnly] { engine.expectFinished() }
    }

    @Test func aClaimWithoutDueJobsLeasesNothing() async throws {
        let engine = ScriptedEngine([.statement("SELECT j.row_id")])

        let jobs = try await SQLPushJobStore(engine: engine).claimDue(
            now: WireDate(millisecondsSince1970: 5_000), leaseUntil: WireDate(millisecondsSince1970: 9_000), limit: 10)

        engine.expectFinished()
        #expect(jobs.isEmpty)
        #expect(engine.state.statements.first?.text.hasSuffix(" LOCK j SKIP") == true)
    }

    @Test func aClaimLeasesTheJobsItSelectedInTheSameUnit() async throws {
        let job: [(String, SQLValue)] = [
            ("row_id", .integer(4)), ("application_id", .text("application1")), ("push_id", .text("push1")), ("due_at", .integer(1_000)),
            ("attempts", .integer(1)), ("pending", .text(#"["installation1"]"#)),
        ]
        let engine = ScriptedEngine([.statement("SELECT j.row_id", returning: [job]), .statement("UPDATE push_jobs SET lease_until = ")])

        let jobs = try await SQLPushJobStore(engine: engine).claimDue(
            now: WireDate(millisecondsSince1970: 5_000), leaseUntil: WireDate(millisecondsSince1970: 9_000), limit: 10)

        engine.expectFinished()
        #expect(engine.state.unitsRun == [.write])
        #expect(jobs.map(\.pushId) == ["push1"])
        #expect(jobs.first?.pendingInstallationIds == ["installation1"])
        #expect(engine.state.statements.last?.bindings == [.integer(9_000), .integer(4)])
    }

    @Test func aJobWithUnreadablePendingInstallationsIsRefused() async throws {
        let job: [(String, SQLValue)] = [
            ("row_id", .integer(4)), ("application_id", .text("application1")), ("push_id", .text("push1")), ("due_at", .integer(1_000)),
            ("attempts", .integer(1)), ("pending", .text(#"[1]"#)),
        ]
        let engine = ScriptedEngine([.statement("SELECT j.row_id", returning: [job])])

        await #expect(throws: StorageError.self) {
            _ = try await SQLPushJobStore(engine: engine).claimDue(
                now: WireDate(millisecondsSince1970: 5_000), leaseUntil: WireDate(millisecondsSince1970: 9_000), limit: 10)
        }
        engine.expectFinished()
    }

    @Test func expiredSessionsAndTokensAreCountedTogether() async throws {
        let deleted: [(String, SQLValue)] = [("token_hash", .text("hash"))]
        let engine = ScriptedEngine([
            .statement("DELETE FROM sessions ", returning: [deleted, deleted]),
            .statement("DELETE FROM one_time_tokens ", returning: [deleted]),
        ])

        let count = try await SQLAccountStore(engine: engine).deleteExpired(now: WireDate(millisecondsSince1970: 5_000))

        engine.expectFinished()
        #expect(count == 3)
        #expect(engine.state.unitsRun == [.write])
    }
}
