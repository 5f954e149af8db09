import KumoStorage
import NCMBWire
import Testing

@Suite struct QueryCompilerTests {
    let dialect = RecordingDialect()

    func field(_ name: String) -> FieldName {
        guard let field = FieldName(name) else { preconditionFailure("Invalid field \(name)") }
        return field
    }

    func request(_ parameters: QueryParameters, className: String = "GameScore") -> FindRequest {
        guard let className = ClassName(className) else { preconditionFailure("Invalid class \(className)") }
        return FindRequest(applicationId: "application1", className: className, parameters: parameters)
    }

    func page(_ parameters: QueryParameters, access: AccessContext = .anonymous) throws -> SQLStatement {
        try #require(QueryCompiler.find(request(parameters), access: access, dialect: dialect).page)
    }

    // MARK: Tests

    @Test func aPageIsBoundedInBytesAndItsCountIsNot() throws {
        let compiled = QueryCompiler.find(request(QueryParameters(includesCount: true)), access: .anonymous, dialect: dialect)
        #expect(compiled.page?.maximumResultBytes == QueryCompiler.maximumPageBytes)
        #expect(compiled.count?.maximumResultBytes == nil)
        #expect(QueryCompiler.maximumPageBytes == 64 * 1024 * 1024)
    }

    @Test func aComparisonBindsItsOperandAndWritesTheFieldAsAPath() throws {
        let statement = try page(QueryParameters(whereQuery: WhereQuery([.field(field("points"), [.greaterThan(10)])])))

        #expect(statement.text.contains("is_number(o.fields:points) AND number(o.fields:points) > $3"))
        #expect(statement.bindings.prefix(3) == [.text("application1"), .text("GameScore"), .integer(10)])
        #expect(statement.bindings.last == .integer(100))
    }

    @Test func aHostileStringOnlyEverAppearsInTheBindings() throws {
        let hostile = "x'); DROP TABLE objects;--"
        let statement = try page(
            QueryParameters(
                whereQuery: WhereQuery([
                    .field(field("name"), [.equalTo(.string(hostile)), .regex(hostile), .containedIn([.string(hostile)])]),
                    .or([WhereQuery([.field(field("tags"), [.inArray([.string(hostile)])])])]),
                ]))
        )

        #expect(!statement.text.contains("DROP"))
        // Equality and `$in` are written for the value and for its elements; `$regex` binds once; `$inArray` once.
        #expect(statement.bindings.filter { $0 == .text(hostile) }.count == 6)
    }

    @Test func everyBindingHasItsPlaceholder() throws {
        let statement = try page(
            QueryParameters(
                whereQuery: WhereQuery([
                    .field(field("points"), [.greaterThan(1), .lessThan(2.5), .notContainedIn([1, "a", nil])]),
                    .field(field("when"), [.greaterThanOrEqualTo(["__type": "Date", "iso": "2016-01-26T00:00:00.000Z"])]),
                ]),
                limit: 5, skip: 10
            ),
            access: .user(objectId: "user1")
        )

        for index in 1...statement.bindings.count {
            #expect(statement.text.contains("$\(index)"), "placeholder $\(index) is missing")
        }
        #expect(!statement.text.contains("$\(statement.bindings.count + 1)"))
        #expect(statement.text.hasSuffix("LIMIT $\(statement.bindings.count - 1) OFFSET $\(statement.bindings.count)"))
        #expect(statement.bindings.suffix(2) == [.integer(5), .integer(10)])
    }

    @Test func anonymousReadersSeeOnlyPublicRowsWithoutRoleResolution() throws {
        let statement = try page(QueryParameters())

        #expect(statement.text.hasPrefix("SELECT "))
        #expect(statement.text.contains("AND o.public_read ORDER BY"))
        #expect(!statement.text.contains("reader_principals"))
    }

    @Test func signedInReadersResolveRolesInTheSameStatement() throws {
        let statement = try page(QueryParameters(), access: .user(objectId: "user1"))

        #expect(statement.text.hasPrefix("WITH RECURSIVE reader_roles"))
        #expect(statement.text.contains("'belongUser'") && statement.text.contains("'belongRole'"))
        #expect(statement.text.contains("(o.public_read OR EXISTS (SELECT 1 FROM object_access"))
        #expect(statement.bindings.filter { $0 == .text("user1") }.count == 2)
        #expect(!statement.text.contains("user1"))
    }

    @Test func bypassHasNoAccessFilter() throws {
        let statement = try page(QueryParameters(), access: .bypass)

        #expect(!statement.text.contains("public_read"))
        #expect(!statement.text.contains("object_access"))
    }

    @Test func theDefaultOrderIsNewestFirstWithARowTieBreak() throws {
        let statement = try page(QueryParameters())

        #expect(statement.text.contains("ORDER BY o.create_date DESC, o.row_id DESC LIMIT $3"))
    }

    @Test func aUserFieldOrdersByTypeRankNumberAndText() throws {
        let statement = try page(QueryParameters(order: [SortKey(field: field("points"), isDescending: true), SortKey(field: .objectId)]))

        #expect(statement.text.contains("CASE WHEN is_number(o.fields:points) THEN 1"))
        #expect(statement.text.contains("END DESC, o.object_id ASC, o.create_date DESC, o.row_id DESC"))
    }

    @Test func limitZeroHasNoPageAndCountIsSeparate() {
        let compiled = QueryCompiler.find(request(QueryParameters(limit: 0, includesCount: true)), access: .anonymous, dialect: dialect)

        #expect(compiled.page == nil)
        #expect(compiled.count?.text.hasPrefix("SELECT COUNT(*) AS count FROM objects o WHERE") == true)
        #expect(compiled.count?.text.contains("ORDER BY") == false)
    }

    /// A count over a field pinned to a kind is two counts: scalars without the array branch, arrays with it
    /// (docs/decisions/0175-counts-by-legs.md); other counts stay one statement.
    @Test func aCountOverAPinnedFieldIsCountedByLegs() throws {
        let pinned = WhereQuery([.field(field("points"), [.greaterThanOrEqualTo(.integer(5))])])
        let unpinned = WhereQuery([.field(field("points"), [.exists(true)])])
        let byLegs = try #require(
            QueryCompiler.find(
                request(QueryParameters(whereQuery: pinned, limit: 0, includesCount: true)), access: .anonymous, dialect: dialect
            )
            .count)
        let plain = try #require(
            QueryCompiler.find(
                request(QueryParameters(whereQuery: unpinned, limit: 0, includesCount: true)), access: .anonymous, dialect: dialect
            )
            .count)

        #expect(byLegs.text.hasPrefix("SELECT (SELECT COUNT(*) FROM objects o WHERE "))
        #expect(byLegs.text.hasSuffix(") AS count"))
        #expect(byLegs.text.ranges(of: "o.public_read").count == 2)
        #expect(byLegs.text.ranges(of: "is_array(o.fields:points)").count == 2)
        #expect(byLegs.bindings.filter { $0 == .integer(5) }.count == 3)
        #expect(plain.text.hasPrefix("SELECT COUNT(*) AS count FROM objects o WHERE"))
    }

    @Test func countIsOnlyCompiledWhenAsked() {
        let compiled = QueryCompiler.find(request(QueryParameters()), access: .anonymous, dialect: dialect)

        #expect(compiled.page != nil)
        #expect(compiled.count == nil)
    }

    @Test func subQueriesFilterByTheirClassAndTheSameAccess() throws {
        guard let cities = ClassName("City") else { preconditionFailure() }
        let subQuery = SubQuery(className: cities, whereQuery: WhereQuery([.field(field("population"), [.greaterThan(1000)])]), limit: 2)
        let statement = try page(QueryParameters(whereQuery: WhereQuery([.field(field("home"), [.inQuery(subQuery)])])))

        #expect(statement.text.contains("SELECT q1.object_id FROM objects q1 WHERE q1.class_id = (SELECT c.class_id"))
        #expect(statement.text.contains("AND q1.public_read ORDER BY q1.create_date DESC, q1.row_id DESC LIMIT"))
        // Once for the value, once for its elements (docs/decisions/0016-type-aware-equality.md).
        #expect(statement.text.ranges(of: "FROM objects q").count == 2)
        #expect(statement.bindings.contains(.text("City")) && statement.bindings.contains(.integer(1000)))
        #expect(statement.bindings.contains(.integer(2)))
    }

    @Test func relatedToRequiresAReadableOwner() throws {
        guard let roles = ClassName("role") else { preconditionFailure() }
        let statement = try page(
            QueryParameters(
                whereQuery: WhereQuery([.relatedTo(owner: Pointer(className: roles, objectId: "role1"), key: field("belongUser"))]))
        )

        #expect(statement.text.contains("o.row_id IN (SELECT m1.target_row_id FROM relations m1 JOIN objects w2"))
        #expect(statement.text.contains("AND w2.public_read)"))
        #expect(statement.bindings.contains(.text("belongUser")) && statement.bindings.contains(.text("role1")))
    }

    @Test func nearSphereOrdersByDistanceReusingItsPlaceholders() throws {
        guard let point = GeoPoint(latitude: 35, longitude: 139) else { preconditionFailure() }
        let statement = try page(
            QueryParameters(whereQuery: WhereQuery([.field(field("location"), [.nearSphere(point, maximumDistance: .radians(0.5))])]))
        )

        #expect(statement.text.contains("ORDER BY CASE WHEN"))
        #expect(statement.text.contains("distance(number(o.fields:location:latitude), number(o.fields:location:longitude), $3, $4) <= $5"))
        #expect(statement.bindings.prefix(5) == [.text("application1"), .text("GameScore"), .double(35), .double(139), .double(0.5)])
    }

    @Test func negationsAreNullSafe() throws {
        let statement = try page(QueryParameters(whereQuery: WhereQuery([.field(field("points"), [.notEqualTo(1)])])))

        #expect(statement.text.contains("NOT COALESCE((((o.class_id = (SELECT c.class_id FROM classes c WHERE c.application_id = $1"))
        #expect(statement.text.contains("AND (is_number(o.fields:points) AND number(o.fields:points) = $3)) OR ("))
        #expect(statement.text.contains(")), FALSE)"))
    }

    /// MongoDB's array semantics (docs/decisions/0016-…): the value's own comparison, then a guarded walk of its elements,
    /// each branch with the class filter so that SQLite can use an index per branch.
    @Test func aScalarConditionIsAnIndexableBranchBesideAGuardedArrayBranch() throws {
        let statement = try page(QueryParameters(whereQuery: WhereQuery([.field(field("points"), [.equalTo(7)])])))
        let classFilter = "o.class_id = (SELECT c.class_id FROM classes c WHERE c.application_id = $1 AND c.class_name = $2)"

        #expect(
            statement.text.contains(
                "((\(classFilter) AND (is_number(o.fields:points) AND number(o.fields:points) = $3)) OR (\(classFilter)"
                    + " AND (is_array(o.fields:points)) AND EXISTS (SELECT 1 FROM elements(o.fields:points) e1 WHERE"
                    + " (is_number(e1) AND number(e1) = $4))))"))
    }

    @Test func aDottedPathReadsItsLiteralPathThenWalksObjectsAndPositions() throws {
        let path = try FieldPath(validating: "hash.items.0.name")
        let statement = try page(QueryParameters(whereQuery: WhereQuery([.field(path, [.equalTo("x")])])))

        #expect(statement.text.contains("(is_string(o.fields:hash:items:0:name) AND text(o.fields:hash:items:0:name) = $3)"))
        #expect(
            statement.text.contains(
                "(is_array(o.fields:hash) OR is_object(o.fields:hash:items) OR is_array(o.fields:hash:items:0)"
                    + " OR is_array(o.fields:hash:items:0:name))"))
        #expect(
            statement.text.contains(
                "EXISTS (SELECT 1 FROM objects(o.fields:hash) p1, members(p1:items) p2, objects(p2) p3 WHERE p2.key = 0 AND"))
    }

    /// A sub-query that holds sub-queries is written once: the array semantics would otherwise double every level.
    @Test func aSubQueryHoldingSubQueriesIsWrittenOnce() throws {
        guard let cities = ClassName("City") else { preconditionFailure() }
        let inner = SubQuery(className: cities, whereQuery: WhereQuery([.field(field("size"), [.greaterThan(1)])]))
        let outer = SubQuery(className: cities, whereQuery: WhereQuery([.field(field("twin"), [.inQuery(inner)])]))
        let statement = try page(QueryParameters(whereQuery: WhereQuery([.field(field("home"), [.inQuery(outer)])])))

        #expect(statement.text.contains("EXISTS (SELECT 1 FROM objects(o.fields:home) x1 WHERE (text(x1:__type) = 'Pointer'"))
        #expect(statement.text.ranges(of: "FROM objects q2").count == 1)
        #expect(statement.text.ranges(of: "FROM objects q").count == 3)
        for index in 1...statement.bindings.count {
            #expect(statement.text.contains("$\(index)"), "placeholder $\(index) is missing")
        }
    }

    @Test func objectLookupSelectsBothPermissions() {
        guard let className = ClassName("GameScore") else { preconditionFailure() }
        let statement = QueryCompiler.objectLookup(
            ObjectKey(applicationId: "application1", className: className, objectId: "object1"), access: .anonymous, dialect: dialect
        )

        #expect(statement.text.contains("o.public_read AS can_read, o.public_write AS can_write FROM objects o"))
        #expect(statement.bindings == [.text("application1"), .text("GameScore"), .text("object1")])
    }
}
