package import NCMBWire

/// The dialect-neutral statements of `PushOutcomeStore` (`push_outcomes`, migration 9). A row is keyed by the push
/// object's `row_id` and the installation's objectId; `time` is milliseconds since 1970.
package enum PushOutcomeStatements {
    /// The most outcomes one insert statement writes (8 placeholders each, within both engines' limits).
    package static let maximumRowsPerStatement = 1000

    /// The columns an outcome row has, in the order ``record(_:rowId:dialect:)`` writes them.
    private static let columns = "row_id, installation_id, device_type, outcome, reason_code, reason, attempt, time"

    /// The `row_id` of a push (`row_id` column), no row when it does not exist.
    package static func pushRow(applicationId: String, pushId: String, dialect: any SQLDialect) -> SQLStatement {
        var statement = SQLStatement(dialect: dialect, "SELECT o.row_id AS row_id FROM objects o WHERE ")
        statement.appendObject(alias: "o", applicationId: applicationId, className: .push, objectId: pushId)
        return statement
    }

    /// One insert of `outcomes` (at most ``maximumRowsPerStatement``, one per installation) for the push of `rowId`;
    /// a device's earlier row is replaced.
    package static func record(_ outcomes: [PushOutcome], rowId: Int64, dialect: any SQLDialect) -> SQLStatement {
        var statement = SQLStatement(dialect: dialect, "INSERT INTO push_outcomes (\(columns)) VALUES ")
        for (index, outcome) in outcomes.enumerated() {
            statement.append(index == 0 ? "(" : ", (")
            let values: [SQLValue] = [
                .integer(rowId), .text(outcome.installationId), .text(outcome.deviceType), .text(outcome.kind.rawValue),
                outcome.reasonCode.map(SQLValue.text) ?? .null, outcome.reason.map(SQLValue.text) ?? .null,
                .integer(Int64(outcome.attempt)), .date(outcome.time),
            ]
            statement.append("\(list: values))")
        }
        statement.append(
            """
             ON CONFLICT (row_id, installation_id) DO UPDATE SET device_type = excluded.device_type, \
            outcome = excluded.outcome, reason_code = excluded.reason_code, reason = excluded.reason, \
            attempt = excluded.attempt, time = excluded.time
            """)
        return statement
    }

    /// A page of a push's outcomes, newest first, ties by installation.
    package static func page(
        applicationId: String, pushId: String, kind: PushOutcome.Kind?, limit: Int, skip: Int, dialect: any SQLDialect
    ) -> SQLStatement {
        var statement = SQLStatement(dialect: dialect, "SELECT \(columns) FROM push_outcomes p WHERE ")
        statement.appendFilter(applicationId: applicationId, pushId: pushId, kind: kind)
        statement.append(" ORDER BY p.time DESC, p.installation_id LIMIT \(.count(limit)) OFFSET \(.count(skip))")
        return statement
    }

    /// How many outcomes of a push match (`count` column).
    package static func count(applicationId: String, pushId: String, kind: PushOutcome.Kind?, dialect: any SQLDialect) -> SQLStatement {
        var statement = SQLStatement(dialect: dialect, "SELECT COUNT(*) AS count FROM push_outcomes p WHERE ")
        statement.appendFilter(applicationId: applicationId, pushId: pushId, kind: kind)
        return statement
    }

    /// Deletes up to `limit` rows recorded before `date`, oldest first, returning one row per deleted row.
    package static func prune(before date: WireDate, limit: Int, dialect: any SQLDialect) -> SQLStatement {
        .pruning(
            "push_outcomes", key: "(row_id, installation_id)", timeColumn: "time", before: date, order: "time", limit: limit,
            returning: "row_id", dialect: dialect)
    }

    /// Decodes an outcome row.
    ///
    /// - Throws: `StorageError.unavailable` when the row is not what the schema guarantees.
    package static func outcome(_ row: SQLRow) throws(StorageError) -> PushOutcome {
        guard let installationId = row.string("installation_id"), let deviceType = row.string("device_type"),
            let kind = row.string("outcome").flatMap(PushOutcome.Kind.init(rawValue:)), let attempt = row.integer("attempt"),
            let time = row.date("time")
        else { throw StorageError.unavailable("A push_outcomes row could not be decoded.") }
        return PushOutcome(
            installationId: installationId, deviceType: deviceType, kind: kind, reasonCode: row.string("reason_code"),
            reason: row.string("reason"), attempt: Int(attempt), time: time)
    }
}

extension SQLStatement {
    /// `p.row_id = (the push's row) [AND p.outcome = kind]`.
    fileprivate mutating func appendFilter(applicationId: String, pushId: String, kind: PushOutcome.Kind?) {
        append("p.row_id = (SELECT o.row_id FROM objects o WHERE ")
        appendObject(alias: "o", applicationId: applicationId, className: .push, objectId: pushId)
        append(")")
        if let kind { append(" AND p.outcome = \(.text(kind.rawValue))") }
    }
}
