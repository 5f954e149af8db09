import KumoStorage
import NCMBWire
import Testing

/// Writes are planned before their unit runs, so that the unit (SQLite's single writer, a PostgreSQL transaction) only
/// runs SQL, and every step is linear in the fields (issue 28, item 1;
/// docs/decisions/0112-linear-writes-planned-outside-the-writer.md). The scripted engine counts the units and the
/// statements each ran.
@Suite struct SQLWritePlanningTests {
    let key = ObjectKey(applicationId: "application1", className: valid(ClassName.init, "Item"), objectId: "object1")

    func field(_ name: String) -> FieldName { valid(FieldName.init, name) }

    /// An `objects` row as the write lookup returns it, writable, holding `fields`.
    func lookupRow(fields: String) -> [(String, SQLValue)] {
        [
            ("row_id", .integer(7)), ("object_id", .text("object1")), ("create_date", .integer(1_000)), ("update_date", .integer(1_000)),
            ("acl", .text("{}")), ("fields", .text(fields)), ("can_read", .boolean(true)), ("can_write", .boolean(true)),
        ]
    }

    /// Stored fields larger than a unit plans an update of itself: a long text and a counter.
    func largeFields(counter: Int) -> String {
        #"{"text":""# + String(repeating: "x", count: 70_000) + #"","n":\#(counter)}"#
    }

    func increment() -> ObjectUpdate {
        ObjectUpdate(
            key: key, updateDate: WireDate(millisecondsSince1970: 2_000), operations: [(field("n"), .increment(.integer(1)))])
    }

    func isTooLarge(_ error: StorageError?) -> Bool {
        guard case .invalid(let apiError)? = error else { return false }
        return apiError.code == .requestEntityTooLarge
    }

    // MARK: Tests

    @Test func aCreatePastTheFieldLimitIsRefusedWithoutAUnit() async throws {
        let engine = ScriptedEngine([])
        let limits = ObjectLimits(maximumFields: 3, maximumEncodedBytes: 1_000)
        let object = NewObject(
            key: key, createDate: WireDate(millisecondsSince1970: 1_000),
            operations: (0..<4).map { (field("k\($0)"), FieldOperation.set(.integer(Int64($0)))) }, acl: .publicReadWrite)

        let error = await #expect(throws: StorageError.self) { _ = try await SQLObjectStore(engine: engine, limits: limits).create(object) }

        #expect(isTooLarge(error))
        #expect(engine.state.unitsRun.isEmpty)
    }

    @Test func aCreatePastTheStoredSizeIsRefusedWithoutAUnit() async throws {
        let engine = ScriptedEngine([])
        let limits = ObjectLimits(maximumFields: 10, maximumEncodedBytes: 100)
        let object = NewObject(
            key: key, createDate: WireDate(millisecondsSince1970: 1_000),
            operations: [(field("text"), .set(.string(String(repeating: "x", count: 100))))], acl: .publicReadWrite)

        let error = await #expect(throws: StorageError.self) { _ = try await SQLObjectStore(engine: engine, limits: limits).create(object) }

        #expect(isTooLarge(error))
        #expect(engine.state.unitsRun.isEmpty)
    }

    @Test func anUpdateNamingMoreFieldsThanTheLimitIsRefusedWithoutAUnit() async throws {
        let engine = ScriptedEngine([])
        let limits = ObjectLimits(maximumFields: 3, maximumEncodedBytes: 1_000)
        let update = ObjectUpdate(
            key: key, updateDate: WireDate(millisecondsSince1970: 2_000),
            operations: (0..<4).map { (field("k\($0)"), FieldOperation.delete) })

        let error = await #expect(throws: StorageError.self) {
            _ = try await SQLObjectStore(engine: engine, limits: limits).update(update, access: .anonymous)
        }

        #expect(isTooLarge(error))
        #expect(engine.state.unitsRun.isEmpty)
    }

    @Test func anUpdateThatWouldPassTheLimitWritesNothing() async throws {
        let engine = ScriptedEngine([.statement("SELECT o.row_id", returning: [lookupRow(fields: #"{"a":1,"b":2,"c":3}"#)])])
        let limits = ObjectLimits(maximumFields: 3, maximumEncodedBytes: 1_000)
        let update = ObjectUpdate(key: key, updateDate: WireDate(millisecondsSince1970: 2_000), operations: [(field("d"), .set(4))])

        let error = await #expect(throws: StorageError.self) {
            _ = try await SQLObjectStore(engine: engine, limits: limits).update(update, access: .anonymous)
        }

        #expect(isTooLarge(error))
        engine.expectFinished()
        #expect(engine.state.statements.count == 1, "only the lookup ran: no UPDATE")
    }

    @Test func aLargeObjectIsUpdatedFromAPlanMadeOutsideTheUnit() async throws {
        let stored = largeFields(counter: 1)
        let engine = ScriptedEngine([
            // First unit: the lookup only; the unit hands the stored text out to be planned.
            .statement("SELECT o.row_id", returning: [lookupRow(fields: stored)]),
            // Second unit: the row still holds that text, so the plan is written as it is.
            .statement("SELECT o.row_id", returning: [lookupRow(fields: stored)]),
            .statement("UPDATE objects SET fields = "),
            .statement("SELECT c.class_id"),
        ])

        let updated = try await SQLObjectStore(engine: engine).update(increment(), access: .anonymous)

        engine.expectFinished()
        #expect(engine.state.unitsRun == [.write, .write])
        #expect(updated.fields["n"] == 2)
        let write = engine.state.statements.first { $0.text.hasPrefix("UPDATE objects") }
        #expect(write?.bindings.first == .text(largeFields(counter: 2)))
    }

    @Test func aLargeObjectChangedBetweenEveryUnitIsPlannedInsideTheLastOne() async throws {
        let engine = ScriptedEngine([
            .statement("SELECT o.row_id", returning: [lookupRow(fields: largeFields(counter: 1))]),
            .statement("SELECT o.row_id", returning: [lookupRow(fields: largeFields(counter: 5))]),
            .statement("SELECT o.row_id", returning: [lookupRow(fields: largeFields(counter: 9))]),
            .statement("UPDATE objects SET fields = "),
            .statement("SELECT c.class_id"),
        ])

        let updated = try await SQLObjectStore(engine: engine).update(increment(), access: .anonymous)

        engine.expectFinished()
        #expect(engine.state.unitsRun == [.write, .write, .write])
        #expect(updated.fields["n"] == 10, "applied to what the row held when it was written")
    }

    @Test func manyNewGeoPointFieldsAreCheckedFiveHundredToAStatement() async throws {
        let geoPoint: JSONValue = ["__type": "GeoPoint", "latitude": 35, "longitude": 139]
        let count = 1_200
        let classRow: [(String, SQLValue)] = [("class_id", .integer(5)), ("location_fields", .null)]
        var steps: [ScriptedEngine.Step] = [
            .statement("SELECT c.class_id", returning: [classRow]),
            .statement("INSERT INTO objects", returning: [[("row_id", .integer(9))]]),
            .statement("SELECT c.class_id", returning: [classRow]),
        ]
        steps += Array(repeating: ScriptedEngine.Step.statement("SELECT 1 AS found FROM objects o, members(o.fields) m"), count: 3)
        steps.append(.statement("UPDATE classes SET location_fields = "))
        let engine = ScriptedEngine(steps)
        let object = NewObject(
            key: key, createDate: WireDate(millisecondsSince1970: 1_000),
            operations: (0..<count).map { (field("p\($0)"), FieldOperation.set(geoPoint)) }, acl: .publicReadWrite)

        _ = try await SQLObjectStore(engine: engine).create(object)

        engine.expectFinished()
        #expect(engine.state.unitsRun == [.write])
        let checks = engine.state.statements.filter { $0.text.hasPrefix("SELECT 1 AS found") }
        #expect(checks.map { $0.bindings.count } == [501, 501, 201], "the class id and up to 500 field names each")
    }

    @Test(.timeLimit(.minutes(1)))
    func classifyingAHundredThousandWrittenFieldsIsLinear() {
        // Each field was looked up in a list of the fields classified so far: 5 × 10⁹ comparisons for 100,000 fields.
        let count = 100_000
        var fields = JSONObject()
        fields.reserveCapacity(count)
        for index in 0..<count { fields["k\(index)"] = .integer(Int64(index)) }

        let kinds = WrittenFieldKinds(fields: fields, written: fields.keys.map { field($0) } + [field("k0")])

        #expect(kinds.others.count == count)
        #expect(kinds.locations.isEmpty)
        #expect(kinds.setsOtherValue(in: ["k99999"]))
        #expect(!kinds.setsOtherValue(in: ["elsewhere"]))
    }
}
