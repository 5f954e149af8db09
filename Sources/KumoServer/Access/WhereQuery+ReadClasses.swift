package import NCMBWire

extension WhereQuery {
    /// The classes a query reads besides its own, with the operation that reading amounts to: `.find` for the classes
    /// of `$inQuery`, `$notInQuery`, `$select` and `$dontSelect` sub-queries, `.get` for the owner of a `$relatedTo`.
    /// Nested sub-queries and `$or` branches are included; each class and operation appears once, sorted.
    package var readClasses: [(operation: ObjectOperation, className: ClassName)] {
        var found: Set<ReadClass> = []
        collectReadClasses(into: &found)
        return found.sorted().map { ($0.operation, $0.className) }
    }

    private func collectReadClasses(into found: inout Set<ReadClass>) {
        for clause in clauses {
            switch clause {
            case .or(let branches), .and(let branches):
                for branch in branches { branch.collectReadClasses(into: &found) }
            case .relatedTo(let owner, _):
                found.insert(ReadClass(operation: .get, className: owner.className))
            case .field(_, let conditions):
                for condition in conditions {
                    switch condition {
                    case .inQuery(let subQuery), .notInQuery(let subQuery), .select(let subQuery, _), .dontSelect(let subQuery, _):
                        found.insert(ReadClass(operation: .find, className: subQuery.className))
                        subQuery.whereQuery.collectReadClasses(into: &found)
                    default:
                        break
                    }
                }
            }
        }
    }
}

/// One class a query reads, and how.
private struct ReadClass: Hashable, Comparable {
    var operation: ObjectOperation
    var className: ClassName

    static func < (lhs: ReadClass, rhs: ReadClass) -> Bool {
        (lhs.className, lhs.operation.rawValue) < (rhs.className, rhs.operation.rawValue)
    }
}
