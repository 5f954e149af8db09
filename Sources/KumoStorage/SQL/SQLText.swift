package import NCMBWire

/// SQL text and the values bound into it, written as one string literal: what a statement builder says in one
/// expression instead of alternating `append` and `bind` calls.
///
/// The literal's text is compiler-owned. Each interpolation says what it is:
/// - `\(.text(id))`, any ``SQLValue``: bound, its placeholder appended;
/// - `\(list: values)`: bound, their placeholders separated by commas (a `VALUES` tuple, an `IN` list);
/// - `\(json: .text(document))`: bound as a JSON document, spelled by ``SQLDialect/jsonParameter(_:)``;
/// - `\(sql: columns)`: compiler-owned text (a column list, a result column name), never a request value.
///
/// ```swift
/// SQLStatement(dialect: dialect, "DELETE FROM import_jobs WHERE job_id = \(.text(id)) AND version = \(.integer(version))")
/// ```
///
/// Placeholders are numbered when the text is added to a statement (`SQLStatement(dialect:_:)`,
/// `append(_:)`), so the same text gives the same statement as the equivalent `append`/`bind`
/// calls.
package struct SQLText: Sendable, ExpressibleByStringInterpolation {
    /// One piece of the text, in order.
    fileprivate enum Part: Sendable {
        case sql(String)
        case value(SQLValue)
        case list([SQLValue])
        case json(SQLValue)
    }

    fileprivate var parts: [Part]

    /// Compiler-owned text without bound values.
    package init(stringLiteral value: String) {
        parts = [.sql(value)]
    }

    /// Text with interpolated values (see ``SQLText``).
    package init(stringInterpolation: StringInterpolation) {
        parts = stringInterpolation.parts
    }

    /// The interpolations an ``SQLText`` literal accepts.
    package struct StringInterpolation: StringInterpolationProtocol {
        fileprivate var parts: [Part] = []

        /// Starts an empty text.
        package init(literalCapacity: Int, interpolationCount: Int) {
            parts.reserveCapacity(2 * interpolationCount + 1)
        }

        /// Compiler-owned text between interpolations.
        package mutating func appendLiteral(_ literal: String) {
            if !literal.isEmpty { parts.append(.sql(literal)) }
        }

        /// Binds a value: its placeholder goes here.
        package mutating func appendInterpolation(_ value: SQLValue) {
            parts.append(.value(value))
        }

        /// Binds values: their placeholders go here, separated by commas (`$1, $2, $3`).
        package mutating func appendInterpolation(list values: [SQLValue]) {
            parts.append(.list(values))
        }

        /// Binds a JSON document (text): its placeholder goes here as the dialect spells a JSON parameter.
        package mutating func appendInterpolation(json value: SQLValue) {
            parts.append(.json(value))
        }

        /// Compiler-owned text computed elsewhere (a column list, a result column name); never a request value.
        package mutating func appendInterpolation(sql text: String) {
            parts.append(.sql(text))
        }
    }
}

extension SQLStatement {
    /// Creates a statement from text with its values bound in one expression (see ``SQLText``).
    package init(dialect: any SQLDialect, _ text: SQLText) {
        self.init(dialect: dialect)
        append(text)
    }

    /// Appends text, binding its interpolated values in order (see ``SQLText``).
    package mutating func append(_ text: SQLText) {
        for part in text.parts {
            switch part {
            case .sql(let sql): append(sql)
            case .value(let value): bind(value)
            case .list(let values): bind(list: values)
            case .json(let value): append(dialect.jsonParameter(parameter(value)))
            }
        }
    }
}

extension SQLValue {
    /// A date as the stores keep it: milliseconds since 1970, an integer.
    package static func date(_ date: WireDate) -> SQLValue {
        .integer(date.millisecondsSince1970)
    }

    /// A `LIMIT` or `OFFSET` count: `count`, or 0 when it is negative.
    package static func count(_ count: Int) -> SQLValue {
        .integer(Int64(max(0, count)))
    }
}
