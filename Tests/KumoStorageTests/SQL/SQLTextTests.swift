import KumoStorage
import NCMBWire
import Testing

/// `SQLText`: one literal binds its values in order and numbers their placeholders exactly as the equivalent `append`
/// and `bind` calls do, so rewriting a statement builder with it leaves its SQL unchanged.
@Suite struct SQLTextTests {
    let dialect = RecordingDialect()

    // MARK: Tests

    @Test func aLiteralGivesTheTextAndBindingsOfTheEquivalentCalls() {
        let columns = "job_id, state"
        let values: [SQLValue] = [.text("a"), .text("b")]

        let literal = SQLStatement(
            dialect: dialect,
            "SELECT \(sql: columns) FROM jobs WHERE job_id = \(.text("j1")) AND state IN (\(list: values)) AND document = \(json: .text("{}"))"
        )

        var calls = SQLStatement(dialect: dialect, "SELECT \(columns) FROM jobs WHERE job_id = ")
        calls.bind(.text("j1"))
        calls.append(" AND state IN (")
        calls.bind(list: values)
        calls.append(") AND document = ")
        calls.append(dialect.jsonParameter(calls.parameter(.text("{}"))))
        #expect(literal.text == calls.text)
        #expect(literal.bindings == calls.bindings)
        #expect(literal.text == "SELECT job_id, state FROM jobs WHERE job_id = $1 AND state IN ($2, $3) AND document = json($4)")
    }

    @Test func appendedTextNumbersItsPlaceholdersAfterTheStatementsOwn() {
        var statement = SQLStatement(dialect: dialect, "UPDATE jobs SET state = \(.text("done"))")

        statement.append(" WHERE job_id = \(.text("j1")) AND version = \(.integer(3))")

        #expect(statement.text == "UPDATE jobs SET state = $1 WHERE job_id = $2 AND version = $3")
        #expect(statement.bindings == [.text("done"), .text("j1"), .integer(3)])
    }

    @Test func aLiteralWithoutValuesIsItsText() {
        let statement = SQLStatement(dialect: dialect, "SELECT 1" as SQLText)

        #expect(statement.text == "SELECT 1")
        #expect(statement.bindings.isEmpty)
    }

    @Test func datesAreMillisecondsAndCountsAreNeverNegative() {
        #expect(SQLValue.date(WireDate(millisecondsSince1970: 1_234)) == .integer(1_234))
        #expect(SQLValue.count(20) == .integer(20))
        #expect(SQLValue.count(-5) == .integer(0))
    }

    @Test func rowsReadDatesAndJSONAsTheStatementsWriteThem() {
        let row = SQLRow(
            columns: SQLColumns(names: ["time", "document", "broken", "empty"]),
            values: [.integer(1_234), .text(#"{"a":1}"#), .text("{"), .null])

        #expect(row.date("time") == WireDate(millisecondsSince1970: 1_234))
        #expect(row.json("document") == .object(["a": .integer(1)]))
        #expect(row.json("broken") == nil)
        #expect(row.date("empty") == nil && row.json("empty") == nil && row.date("missing") == nil)
    }

    @Test func oneStatementIsOneReadOrOneWriteUnit() async throws {
        let engine = ScriptedEngine([
            .statement("SELECT", returning: [[("count", .integer(2))]]), .statement("DELETE"), .statement("INSERT"),
            .statement("UPDATE"),
        ])

        let rows = try await engine.rows(.pointLookup, SQLStatement(dialect: dialect, "SELECT 2 AS count"))
        try await engine.write([
            SQLStatement(dialect: dialect, "DELETE FROM t"), SQLStatement(dialect: dialect, "INSERT INTO t VALUES (1)"),
        ])
        try await engine.write(SQLStatement(dialect: dialect, "UPDATE t SET v = 2"))

        #expect(rows.first?.integer("count") == 2)
        #expect(engine.state.unitsRun == [.read(.pointLookup), .write, .write])
        #expect(
            engine.state.statements.map(\.text) == ["SELECT 2 AS count", "DELETE FROM t", "INSERT INTO t VALUES (1)", "UPDATE t SET v = 2"])
        engine.expectFinished()
    }
}
