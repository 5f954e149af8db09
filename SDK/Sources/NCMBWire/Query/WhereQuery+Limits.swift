/// The size limits of a whole `where` (docs/wire/limits.md, docs/decisions/0065-query-size-limits.md): checked up front
/// so that no query reaches a storage engine's own limits (SQLite's expression depth and bound-variable count,
/// PostgreSQL's parameter count), which would surface as a 503.
extension WhereQuery {
    /// The most conditions a `where` may hold in all, counting every operator of every field, in `$or` branches and
    /// sub-queries too: 256. Each level is also refused past this many keys before it is read.
    package static let maximumConditionCount = 256

    /// The most values the array operands (`$in`, `$nin`, `$inArray`, `$ninArray`, `$all`) of a `where` may hold
    /// together: 5,000.
    package static let maximumOperandValueCount = 5_000

    /// - Throws: E400005 `"where is not a valid value."` when the query is over ``maximumConditionCount`` conditions or
    ///   ``maximumOperandValueCount`` array values.
    func checkSize() throws(APIError) {
        var size = Size()
        size.add(self)
        guard size.conditions <= WhereQuery.maximumConditionCount, size.values <= WhereQuery.maximumOperandValueCount else {
            throw APIError(.invalidValue, "where")
        }
    }

    /// Conditions and array values counted so far.
    private struct Size {
        var conditions = 0
        var values = 0

        mutating func add(_ query: WhereQuery) {
            for clause in query.clauses {
                switch clause {
                case .field(_, let conditions):
                    for condition in conditions { add(condition) }
                case .or(let branches), .and(let branches):
                    for branch in branches { add(branch) }
                case .relatedTo:
                    self.conditions += 1
                }
            }
        }

        mutating func add(_ condition: FieldCondition) {
            conditions += 1
            switch condition {
            case .containedIn(let operands), .notContainedIn(let operands), .inArray(let operands), .notInArray(let operands),
                .containsAll(let operands):
                values += operands.count
            case .inQuery(let subQuery), .notInQuery(let subQuery), .select(let subQuery, _), .dontSelect(let subQuery, _):
                add(subQuery.whereQuery)
            default:
                break
            }
        }
    }
}
