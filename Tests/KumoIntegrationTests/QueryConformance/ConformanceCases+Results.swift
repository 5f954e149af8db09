/// The shape of results: `include` (docs/wire/endpoints/queries.md#f24-include-with-markers), the `keys` extension
/// (docs/decisions/0011-extensions.md), and the errors of bad queries (docs/wire/errors.md,
/// docs/decisions/0001-query-limit.md).
extension ConformanceCase {
    /// `where` selecting one object by handle.
    static func only(_ handle: String) -> String { #"{"objectId":"<\#(handle)>"}"# }

    /// `include`: expanded targets carry the markers; unreadable or missing targets stay Pointers.
    static let includeCases: [ConformanceCase] = [
        find(
            "includeExpandsAPointerIntoTheMarkedObject", where: only("i01"), include: "owner", .ordered("i01"),
            checks: [
                FieldCheck("i01", "owner", .included(className: "Person", object: "alice")),
                FieldCheck("i01", "owner.name", .equals(#""Alice""#)),
            ]),
        find(
            "includeLeavesAnUnreadableTargetAsAPointer", where: only("i04"), include: "owner", .ordered("i04"),
            checks: [FieldCheck("i04", "owner", .equals(Wire.pointer("Person", "carol")))]),
        find(
            "includeLeavesAPointerToAMissingObjectAsAPointer", where: only("i12"), include: "owner", .ordered("i12"),
            checks: [FieldCheck("i12", "owner", .equals(#"{"__type":"Pointer","className":"Person","objectId":"missingPerson001"}"#))]),
        find(
            "includeFollowsADottedPath", where: only("i14"), include: "owner.mentor", .ordered("i14"),
            checks: [
                FieldCheck("i14", "owner", .included(className: "Person", object: "erin")),
                FieldCheck("i14", "owner.mentor", .included(className: "Person", object: "alice")),
                FieldCheck("i14", "owner.mentor.name", .equals(#""Alice""#)),
            ]),
        find(
            "includeStopsAtAnUnreadableTargetOnADottedPath", where: only("i01"), include: "owner.mentor", .ordered("i01"),
            checks: [
                FieldCheck("i01", "owner", .included(className: "Person", object: "alice")),
                FieldCheck("i01", "owner.mentor", .equals(Wire.pointer("Person", "carol"))),
            ]),
        find(
            "includeOfANonPointerFieldChangesNothing", where: only("i01"), include: "name", .ordered("i01"),
            checks: [FieldCheck("i01", "name", .equals(#""apple""#))]),
        find(
            "includeOfSeveralFields", where: only("i01"), include: "owner,tags", .ordered("i01"),
            checks: [
                FieldCheck("i01", "owner", .included(className: "Person", object: "alice")),
                FieldCheck("i01", "tags", .equals(#"["red","fruit"]"#)),
            ]),
        find(
            "includeOfAFieldTheObjectLacksAddsNothing", where: only("i05"), include: "owner", .ordered("i05"),
            checks: [FieldCheck("i05", "owner", .absent)]),
        find(
            "includeExpandsEveryResult", where: #"{"owner":{"$exists":true}}"#, order: "createDate", include: "owner",
            .ordered("i01", "i02", "i03", "i04", "i12", "i14"),
            checks: [
                FieldCheck("i01", "owner", .included(className: "Person", object: "alice")),
                FieldCheck("i02", "owner", .included(className: "Person", object: "bob")),
                FieldCheck("i03", "owner", .included(className: "Person", object: "alice")),
                FieldCheck("i04", "owner", .equals(Wire.pointer("Person", "carol"))),
                FieldCheck("i14", "owner", .included(className: "Person", object: "erin")),
            ]),
        find(
            "includeWorksWithAFilterOnThePointer", in: "Person", where: #"{"mentor":{"$exists":true}}"#, include: "mentor",
            .matches("alice", "erin"),
            checks: [
                FieldCheck("alice", "mentor", .equals(Wire.pointer("Person", "carol"))),
                FieldCheck("erin", "mentor", .included(className: "Person", object: "alice")),
            ]),
    ]

    /// `keys`: only the listed fields (plus included ones) next to the system fields.
    static let keysCases: [ConformanceCase] = [
        find(
            "keysKeepsOnlyTheListedFields", where: only("i01"), keys: "name", .ordered("i01"),
            checks: [
                FieldCheck("i01", "name", .equals(#""apple""#)),
                FieldCheck("i01", "number", .absent),
                FieldCheck("i01", "objectId", .present),
                FieldCheck("i01", "createDate", .equals(#""<createDate:i01>""#)),
            ]),
        find(
            "keysWithSeveralFields", where: only("i01"), keys: "name,number", .ordered("i01"),
            checks: [
                FieldCheck("i01", "name", .equals(#""apple""#)), FieldCheck("i01", "number", .equals("1")),
                FieldCheck("i01", "flag", .absent),
            ]),
        find(
            "keysKeepsIncludedFields", where: only("i01"), include: "owner", keys: "name", .ordered("i01"),
            checks: [FieldCheck("i01", "owner", .included(className: "Person", object: "alice")), FieldCheck("i01", "tags", .absent)]),
        find(
            "keysOfAnUnknownFieldDropsEveryUserField", where: only("i01"), keys: "nothing", .ordered("i01"),
            checks: [FieldCheck("i01", "name", .absent), FieldCheck("i01", "updateDate", .present)]),
    ]

    /// Malformed queries: the error code and status of each.
    static let errorCases: [ConformanceCase] = [
        find("whereThatIsNotJSONIsRejected", where: #"{"number":"#, .failure(status: 400, code: "E400001")),
        find("whereThatIsNotAnObjectIsRejected", where: "[1]", .failure(status: 400, code: "E400002")),
        find("unknownOperatorIsRejected", where: #"{"number":{"$foo":1}}"#, .failure(status: 400, code: "E400002")),
        find("comparingWithABoolIsRejected", where: #"{"flag":{"$gt":true}}"#, .failure(status: 400, code: "E400002")),
        find("inWithoutAnArrayIsRejected", where: #"{"number":{"$in":1}}"#, .failure(status: 400, code: "E400002")),
        find("existsWithoutABoolIsRejected", where: #"{"name":{"$exists":"yes"}}"#, .failure(status: 400, code: "E400002")),
        find("invalidRegexIsRejected", where: #"{"name":{"$regex":"("}}"#, .failure(status: 400, code: "E400002")),
        find("invalidFieldNameIsRejected", where: #"{"1abc":1}"#, .failure(status: 400, code: "E400002")),
        find("operatorsMixedWithPlainKeysAreRejected", where: #"{"number":{"$gt":1,"lt":5}}"#, .failure(status: 400, code: "E400002")),
        find(
            "invalidSubQueryClassNameIsRejected", where: #"{"owner":{"$inQuery":{"className":"1bad"}}}"#,
            .failure(status: 400, code: "E400002")),
        find("invalidOrderIsRejected", order: "1abc", .failure(status: 400, code: "E400002")),
        find("limitAboveTheMaximumIsRejected", limit: 1001, .failure(status: 400, code: "E400005")),
        find("negativeLimitIsRejected", limit: -1, .failure(status: 400, code: "E400005")),
        find("nonIntegerLimitIsRejected", extra: [ConformanceParameter("limit", "ten")], .failure(status: 400, code: "E400005")),
        find("negativeSkipIsRejected", skip: -1, .failure(status: 400, code: "E400005")),
        find(
            "nearSphereWithAnInvalidLatitudeIsRejected", in: "Place", where: #"{"location":{"$nearSphere":\#(Wire.geoPoint(91, 0))}}"#,
            .failure(status: 403, code: "E403006")),
        find(
            "maximumDistanceWithoutNearSphereIsRejected", in: "Place", where: #"{"location":{"$maxDistanceInKilometers":10}}"#,
            .failure(status: 403, code: "E403006")),
        find(
            "boxCrossingTheAntimeridianIsRejected", in: "Place", where: #"{"location":\#(Wire.box((-20, 179), (-10, -179)))}"#,
            .failure(status: 403, code: "E403006")),
    ]
}
