import KumoStorage
import NCMBWire
import Testing

@Suite struct ObjectWritePlanTests {
    func field(_ name: String) -> FieldName {
        guard let field = FieldName(name) else { preconditionFailure("Invalid field \(name)") }
        return field
    }

    func pointer(_ className: String, _ objectId: String) -> Pointer {
        guard let className = ClassName(className) else { preconditionFailure("Invalid class \(className)") }
        return Pointer(className: className, objectId: objectId)
    }

    // MARK: Tests

    @Test func setOperationsApplyInBodyOrder() throws {
        let plan = try ObjectWritePlan(applying: [(field("a"), .set(1)), (field("b"), .set(2)), (field("a"), .set(3))], to: ["c": 0])

        #expect(plan.fields == ["c": 0, "a": 3, "b": 2])
        #expect(plan.fields.keys == ["c", "a", "b"])
    }

    @Test func systemFieldsAreIgnored() throws {
        let plan = try ObjectWritePlan(applying: [(.objectId, .set("x")), (.createDate, .set("y")), (.acl, .set([:]))], to: [:])

        #expect(plan.fields.isEmpty)
    }

    @Test func relationOperationsSetTheMarkerAndRecordTheChange() throws {
        let plan = try ObjectWritePlan(
            applying: [
                (field("members"), .addRelation([pointer("user", "u1")])), (field("members"), .removeRelation([pointer("user", "u2")])),
            ],
            to: [:]
        )

        #expect(plan.fields == ["members": ["__type": "Relation", "className": "user"]])
        #expect(plan.relationChanges.map(\.isAddition) == [true, false])
        #expect(plan.relationChanges.map(\.targets) == [[pointer("user", "u1")], [pointer("user", "u2")]])
    }

    @Test func aRelationOperationOnAnotherValueIsInvalid() {
        #expect(throws: StorageError.self) {
            _ = try ObjectWritePlan(applying: [(field("members"), .addRelation([pointer("user", "u1")]))], to: ["members": "text"])
        }
    }

    @Test func datesAreStoredInCanonicalForm() throws {
        let plan = try ObjectWritePlan(
            applying: [(field("when"), .set(["list": [["__type": "Date", "iso": "2016-01-26T09:00:00.5+09:00"]]]))], to: [:]
        )

        #expect(plan.fields["when"] == ["list": [["__type": "Date", "iso": "2016-01-26T00:00:00.500Z"]]])
    }

    @Test func accessRowsListNonPublicEntriesSorted() {
        let acl = AccessControlList([
            "*": .init(read: true), "role:Admin": .init(write: true), "user1": .init(read: true, write: true),
        ])

        let rows = ObjectWritePlan.accessRows(of: acl)

        #expect(
            rows == [
                ObjectWritePlan.AccessRow(principal: "role:Admin", canRead: false, canWrite: true),
                ObjectWritePlan.AccessRow(principal: "user1", canRead: true, canWrite: true),
            ])
    }
}
