/// A value bound to an SQL placeholder; engines convert it to their driver's type.
package enum SQLValue: Sendable, Hashable {
    /// SQL `NULL`.
    case null
    /// A 64-bit integer.
    case integer(Int64)
    /// A double-precision number.
    case double(Double)
    /// Text.
    case text(String)
    /// A boolean (an integer 1/0 in SQLite, `boolean` in PostgreSQL).
    case boolean(Bool)
    /// Bytes (an SQLite `BLOB`, a PostgreSQL `bytea`).
    case blob([UInt8])
}

/// SQL text plus the values bound to its placeholders, in placeholder order.
///
/// Request values reach SQL only through ``bind(_:)`` or ``parameter(_:)``; ``append(_:)`` takes compiler-owned text
/// (keywords, column names, validated field names written as JSON paths).
package struct SQLStatement: Sendable {
    /// The dialect that spells placeholders.
    package let dialect: any SQLDialect
    /// The SQL text.
    package private(set) var text: String
    /// The bound values; the n-th value belongs to placeholder n (1-based).
    package private(set) var bindings: [SQLValue]
    /// The most bytes of text and blob columns its rows may return; past it the engine stops reading and throws
    /// ``StorageError/invalid(_:)`` with 400 E400005 naming `limit` (docs/decisions/0069-memory-budget.md). `nil` for
    /// no bound.
    package var maximumResultBytes: Int?

    /// Creates an empty statement, or one starting with compiler-owned text.
    package init(dialect: any SQLDialect, _ text: String = "") {
        self.dialect = dialect
        self.text = text
        self.bindings = []
    }

    /// Creates a statement of compiler-owned text whose placeholders are already bound, e.g. another statement's text
    /// wrapped in `EXPLAIN`.
    package init(dialect: any SQLDialect, _ text: String, bindings: [SQLValue]) {
        self.dialect = dialect
        self.text = text
        self.bindings = bindings
    }

    /// Appends compiler-owned SQL text (never a request value).
    package mutating func append(_ sql: String) {
        text += sql
    }

    /// Binds a value and appends its placeholder.
    package mutating func bind(_ value: SQLValue) {
        text += parameter(value)
    }

    /// Binds values and appends their placeholders separated by commas (`$1, $2, $3`), e.g. for a `VALUES` tuple or an
    /// `IN` list.
    package mutating func bind(list values: [SQLValue]) {
        text += values.map { parameter($0) }.joined(separator: ", ")
    }

    /// Binds a value and returns its placeholder without appending it, for text assembled around it.
    package mutating func parameter(_ value: SQLValue) -> String {
        bindings.append(value)
        return dialect.placeholder(index: bindings.count)
    }
}
