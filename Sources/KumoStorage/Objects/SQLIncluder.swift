import NCMBWire

/// Expands `include` paths in the read of a find (docs/wire/endpoints/queries.md).
///
/// Each level runs one query per target class through ``QueryCompiler`` with the caller's `AccessContext`, so an
/// included object is one the caller may read; an unreadable or missing target stays a Pointer. A dotted path
/// (`post.author`) expands `post` first, then `author` inside the included posts. Only pointer fields are expanded.
/// An included object is its wire JSON followed by `"__type":"Object","className":"<class>"`.
struct SQLIncluder<Executor: SQLExecutor> {
    let executor: Executor
    let dialect: any SQLDialect
    let applicationId: String
    let access: AccessContext

    /// The objects with every path expanded.
    func expand(_ objects: [StoredObject], paths: [[FieldName]]) async throws -> [StoredObject] {
        var objects = objects
        for (field, remainders) in SQLIncluder.group(paths) {
            let pointers = objects.compactMap { object -> Pointer? in
                guard let value = object.fields[field.rawValue], case .pointer(let pointer) = TypedValue(value) else { return nil }
                return pointer
            }
            guard !pointers.isEmpty else { continue }
            let targets = try await fetch(pointers, remainders: remainders)
            for index in objects.indices {
                guard let value = objects[index].fields[field.rawValue], case .pointer(let pointer) = TypedValue(value),
                    let target = targets[pointer]
                else { continue }
                var included = target.json
                included["__type"] = "Object"
                included["className"] = .string(pointer.className.rawValue)
                objects[index].fields[field.rawValue] = .object(included)
            }
        }
        return objects
    }

    /// The readable targets of the pointers, expanded along the remaining paths, by pointer.
    private func fetch(_ pointers: [Pointer], remainders: [[FieldName]]) async throws -> [Pointer: StoredObject] {
        var found: [Pointer: StoredObject] = [:]
        let objectIdsByClass = Dictionary(grouping: pointers, by: \.className).mapValues { Array(Set($0.map(\.objectId))).sorted() }
        for className in objectIdsByClass.keys.sorted() {
            let objectIds = objectIdsByClass[className] ?? []
            let condition = WhereClause.field(.objectId, [.containedIn(objectIds.map { .string($0) })])
            let request = FindRequest(
                applicationId: applicationId, className: className,
                parameters: QueryParameters(whereQuery: WhereQuery([condition]), limit: objectIds.count)
            )
            guard let page = QueryCompiler.find(request, access: access, dialect: dialect).page else { continue }
            var targets = try await executor.rows(page).map { try SQLObjectRow($0).object }
            if !remainders.isEmpty { targets = try await expand(targets, paths: remainders) }
            for target in targets { found[Pointer(className: className, objectId: target.objectId)] = target }
        }
        return found
    }

    /// Paths grouped by their first field, in first-appearance order, with the non-empty rests of each group.
    private static func group(_ paths: [[FieldName]]) -> [(FieldName, [[FieldName]])] {
        var order: [FieldName] = []
        var rests: [FieldName: [[FieldName]]] = [:]
        for path in paths {
            guard let first = path.first else { continue }
            if rests[first] == nil {
                order.append(first)
                rests[first] = []
            }
            if path.count > 1 { rests[first, default: []].append(Array(path.dropFirst())) }
        }
        return order.map { ($0, rests[$0] ?? []) }
    }
}
