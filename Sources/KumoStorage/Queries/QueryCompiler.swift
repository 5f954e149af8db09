import NCMBWire

/// Turns storage requests into SQL statements with every request value bound
/// (docs/architecture.md#acl-inside-the-query).
///
/// One compiler serves every engine: the engine passes its ``SQLDialect`` and runs the statements. The semantics below
/// are the contract both engines share.
///
/// - Fields live in one JSON document per object (`objects.fields`); `objectId`, `createDate` and `updateDate` are the
///   columns `object_id`, `create_date` and `update_date` (dates in milliseconds since 1970 UTC).
/// - Comparisons are type-aware: a number operand matches only numeric fields (integer or real), a string only strings,
///   a Date (`{"__type":"Date","iso":…}`) only Date fields (by their canonical `iso` text, which writes normalise to
///   fixed-width UTC with 3 fraction digits), a bool only bools. Equality with a Pointer compares `className` and
///   `objectId`; with a GeoPoint both coordinates; with an array or object the canonical JSON text. Equality with `null`
///   matches JSON null or a missing field. `$ne`, `$nin`, `$ninArray`, `$notInQuery` and `$dontSelect` are the
///   negations of their positive forms, so they also match objects where the field is missing.
/// - On `createDate`/`updateDate` a Date operand or an ISO-8601 string compares milliseconds; on `objectId` string
///   operands compare the column. Operators that cannot apply to a column (arrays, geo, pointers) match nothing.
/// - Every statement filters by application and class and by the caller's ACL, including sub-queries, `$relatedTo`
///   owners and includes, so `limit`, `skip` and `count` only ever see readable rows.
package struct QueryCompiler {
    /// The columns every object query selects, in order.
    package enum ObjectColumn {
        /// The engine's row identifier (used for includes and tie-breaking).
        package static let rowId = "row_id"
        /// The objectId.
        package static let objectId = "object_id"
        /// Creation time in milliseconds.
        package static let createDate = "create_date"
        /// Last change in milliseconds.
        package static let updateDate = "update_date"
        /// The ACL as JSON text.
        package static let acl = "acl"
        /// The user fields as JSON text.
        package static let fields = "fields"
        /// Whether the caller may read the row (object lookups only).
        package static let canRead = "can_read"
        /// Whether the caller may write the row (object lookups only).
        package static let canWrite = "can_write"
        /// The result column of a count statement.
        package static let count = "count"
    }

    /// The statements of one find.
    package struct CompiledFind: Sendable {
        /// The page: rows of ``ObjectColumn`` in the requested order; `nil` when the page is empty by construction
        /// (`limit=0`).
        package var page: SQLStatement?
        /// The count of every readable match regardless of limit and skip; `nil` unless `count=1` was asked.
        package var count: SQLStatement?
    }

    let dialect: any SQLDialect
    let applicationId: String
    let access: AccessContext
    var statement: SQLStatement
    private var aliasCounter = 0
    /// The distance expression of the first top-level `$nearSphere`, used to order when the request has no `order`.
    var nearSphereDistance: String?
    /// Whether the statement being compiled is a page ordered by `$nearSphere` distance (no `order` was sent).
    var ordersByDistance = false
    /// The class filter of each alias whose rows are filtered by class, with its values bound: repeated in array
    /// disjunctions (``appendAnyValue(_:expandsArrays:_:)``).
    var classFilters: [String: String] = [:]
    /// The starts of the fields whose conditions a leg of a sorted page compiles without their array branch
    /// (``appendSortedPage(_:className:parameters:)``); empty elsewhere.
    var scalarStarts: Set<SQLJSONReference> = []

    private init(dialect: any SQLDialect, applicationId: String, access: AccessContext) {
        self.dialect = dialect
        self.applicationId = applicationId
        self.access = access
        self.statement = SQLStatement(dialect: dialect)
    }

    // MARK: Entry points

    /// The most bytes of stored data one page of results may hold (docs/wire/limits.md): 64 MiB. A page of 16 objects of
    /// 15 MB each used to take 1.4 GB to answer (issue 13, finding 2).
    package static let maximumPageBytes = 64 * 1024 * 1024

    /// The error of a page past ``maximumPageBytes``: 400 E400005 `limit is not a valid value.` — ask for fewer.
    package static var pageTooLarge: StorageError { .invalid(APIError(.invalidValue, "limit")) }

    /// Compiles a find: the page statement and, when `count=1`, the count statement over the same filter and ACL.
    package static func find(_ request: FindRequest, access: AccessContext, dialect: any SQLDialect) -> CompiledFind {
        let parameters = request.parameters
        var page: SQLStatement?
        if parameters.effectiveLimit > 0 {
            var compiler = QueryCompiler(dialect: dialect, applicationId: request.applicationId, access: access)
            compiler.appendFind(className: request.className, parameters: parameters, isCount: false)
            page = compiler.statement
            page?.maximumResultBytes = QueryCompiler.maximumPageBytes
        }
        var count: SQLStatement?
        if parameters.includesCount {
            var compiler = QueryCompiler(dialect: dialect, applicationId: request.applicationId, access: access)
            compiler.appendFind(className: request.className, parameters: parameters, isCount: true)
            count = compiler.statement
        }
        return CompiledFind(page: page, count: count)
    }

    /// Compiles the lookup a write starts with: the object's row (``ObjectColumn``) plus `can_read` and `can_write`
    /// for the caller, or no row when the object does not exist.
    package static func objectLookup(_ key: ObjectKey, access: AccessContext, dialect: any SQLDialect) -> SQLStatement {
        var compiler = QueryCompiler(dialect: dialect, applicationId: key.applicationId, access: access)
        compiler.appendReaderPrincipals()
        compiler.statement.append("SELECT \(selectedColumns(alias: "o")), ")
        compiler.appendAccess(alias: "o", permission: .read)
        compiler.statement.append(" AS \(ObjectColumn.canRead), ")
        compiler.appendAccess(alias: "o", permission: .write)
        compiler.statement.append(" AS \(ObjectColumn.canWrite) FROM objects o WHERE ")
        compiler.appendClassFilter(alias: "o", className: key.className)
        compiler.statement.append(" AND o.object_id = ")
        compiler.statement.bind(.text(key.objectId))
        return compiler.statement
    }

    // MARK: Building blocks

    /// The object columns of `alias`, in ``ObjectColumn`` order.
    static func selectedColumns(alias: String) -> String {
        [
            ObjectColumn.rowId, ObjectColumn.objectId, ObjectColumn.createDate, ObjectColumn.updateDate, ObjectColumn.acl,
            ObjectColumn.fields,
        ]
        .map { "\(alias).\($0) AS \($0)" }.joined(separator: ", ")
    }

    /// A fresh alias with a prefix, unique within the statement.
    mutating func makeAlias(_ prefix: String) -> String {
        aliasCounter += 1
        return "\(prefix)\(aliasCounter)"
    }

    /// `alias.class_id = (the class's id in this application)`; no row matches when the class does not exist yet.
    mutating func appendClassFilter(alias: String, className: ClassName) {
        statement.appendClassFilter(alias: alias, applicationId: applicationId, className: className)
    }

    /// Appends `NOT COALESCE((condition), FALSE)`: true where the condition is false or unknown (missing fields).
    mutating func appendNegation(_ condition: (inout QueryCompiler) -> Void) {
        statement.append("NOT COALESCE((")
        condition(&self)
        statement.append("), \(dialect.literal(false)))")
    }

    /// Appends `(a OR b OR …)` over the items, or `FALSE` when there are none.
    mutating func appendDisjunction<Item>(_ items: [Item], _ condition: (inout QueryCompiler, Item) -> Void) {
        appendJunction(items, separator: " OR ", whenEmpty: false, condition)
    }

    /// Appends `(a AND b AND …)` over the items, or `TRUE` when there are none.
    mutating func appendConjunction<Item>(_ items: [Item], _ condition: (inout QueryCompiler, Item) -> Void) {
        appendJunction(items, separator: " AND ", whenEmpty: true, condition)
    }

    /// Appends the items' conditions joined by `separator` in parentheses, or the literal `whenEmpty` when there are none.
    private mutating func appendJunction<Item>(
        _ items: [Item], separator: String, whenEmpty: Bool, _ condition: (inout QueryCompiler, Item) -> Void
    ) {
        guard !items.isEmpty else {
            statement.append(dialect.literal(whenEmpty))
            return
        }
        statement.append("(")
        for (index, item) in items.enumerated() {
            if index > 0 { statement.append(separator) }
            condition(&self, item)
        }
        statement.append(")")
    }

    // MARK: Find

    /// The whole statement of a find or its count: principals, selection, filters, order and page.
    private mutating func appendFind(className: ClassName, parameters: QueryParameters, isCount: Bool) {
        appendReaderPrincipals()
        if !isCount, let sortedPage = SortedPage(parameters) {
            return appendSortedPage(sortedPage, className: className, parameters: parameters)
        }
        if isCount, case let pinned = QueryCompiler.pinnedFields(parameters.whereQuery), !pinned.isEmpty {
            return appendCountByLegs(pinned, className: className, whereQuery: parameters.whereQuery)
        }
        statement.append(isCount ? "SELECT COUNT(*) AS \(ObjectColumn.count)" : "SELECT \(QueryCompiler.selectedColumns(alias: "o"))")
        statement.append(" FROM objects o WHERE ")
        ordersByDistance = !isCount && parameters.order.isEmpty
        appendFilter(alias: "o", className: className, whereQuery: parameters.whereQuery, isTopLevel: true)
        guard !isCount else { return }
        appendOrder(parameters.order, alias: "o", usesDistance: true)
        let limit = statement.parameter(.integer(Int64(parameters.effectiveLimit)))
        let offset = parameters.effectiveSkip > 0 ? statement.parameter(.integer(Int64(parameters.effectiveSkip))) : nil
        statement.append(dialect.limitClause(limit: limit, offset: offset))
    }

    /// `class filter AND where AND readable` for the rows of `alias`.
    mutating func appendFilter(alias: String, className: ClassName, whereQuery: WhereQuery, isTopLevel: Bool) {
        let classFilter = statement.classFilter(alias: alias, applicationId: applicationId, className: className)
        classFilters[alias] = classFilter
        statement.append(classFilter)
        if !whereQuery.isEmpty {
            statement.append(" AND ")
            appendWhere(whereQuery, alias: alias, isTopLevel: isTopLevel)
        }
        if access != .bypass {
            statement.append(" AND ")
            appendAccess(alias: alias, permission: .read)
        }
    }
}
