import KumoStorage
import NCMBWire
import Testing

/// The get by objectId's statements compiled once (docs/decisions/0179-per-request-work-prepared-once.md): each is,
/// text and bindings, the statement the compiler makes for the same request.
@Suite struct PointReadTests {
    let dialect = RecordingDialect()

    static let keys: [ObjectKey] = [
        ObjectKey(applicationId: "application1", className: ClassName(constant: "GameScore"), objectId: "abc123"),
        ObjectKey(applicationId: "other", className: .user, objectId: "u1"),
        ObjectKey(applicationId: "application1", className: .role, objectId: "x'); DROP TABLE objects;--"),
        ObjectKey(applicationId: "", className: ClassName(constant: "Food"), objectId: ""),
        // Values that equal the template's markers or constants still land in their own places.
        ObjectKey(applicationId: "user", className: ClassName(constant: "role"), objectId: "belongUser"),
    ]

    static let accesses: [AccessContext] = [.anonymous, .bypass, .user(objectId: "u1"), .user(objectId: "application1")]

    @Test(arguments: accesses)
    func aPointReadIsTheStatementTheCompilerMakes(access: AccessContext) throws {
        let pointReads = QueryCompiler.PointRead(dialect: dialect)
        for key in Self.keys {
            let compiled = try #require(QueryCompiler.find(QueryCompiler.PointRead.request(key), access: access, dialect: dialect).page)
            let prepared = pointReads.statement(for: key, access: access)
            #expect(prepared.text == compiled.text)
            #expect(prepared.bindings == compiled.bindings)
            #expect(prepared.maximumResultBytes == compiled.maximumResultBytes)
        }
    }

    @Test func theRequestIsOneObjectByItsObjectIdWithoutIncludes() {
        let key = ObjectKey(applicationId: "application1", className: ClassName(constant: "GameScore"), objectId: "abc123")
        let request = QueryCompiler.PointRead.request(key)
        #expect(request.applicationId == "application1")
        #expect(request.className == key.className)
        #expect(request.parameters.whereQuery == WhereQuery([.field(.objectId, [.equalTo(.string("abc123"))])]))
        #expect(request.parameters.effectiveLimit == 1)
        #expect(request.parameters.include.isEmpty)
    }
}
