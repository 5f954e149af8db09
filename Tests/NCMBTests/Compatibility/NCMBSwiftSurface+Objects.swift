import Foundation
import NCMB

/// Every public declaration of ncmb_swift 1.4.2, named with its exact type, so that a missing or changed declaration
/// fails the build of this target (issue 34). The functions are compiled, not run: references with explicit function
/// types check labels, argument types and result types. ``NCMBSwiftREADMETests`` runs the README's programs.
enum NCMBSwiftSurface {
    /// `NCMB`: the constants and `initialize`.
    static func settings() {
        let _: String = NCMB.SDK_VERSION
        let _: String = NCMB.DEFAULT_DOMAIN_URL
        let _: String = NCMB.DEFAULT_API_VERSION
        let _: String = NCMB.DEFAULT_SCRIPT_ENDPOINT
        let _: String = NCMB.DEFAULT_SCRIPT_API_VERSION
        let _: String = NCMB.DEVICE_TYPE
        let _: (String, String, String, String) -> Void = NCMB.initialize(applicationKey:clientKey:domainURL:apiVersion:)
    }

    /// `NCMBBase` and `NCMBObject`.
    static func objects(_ object: NCMBObject) {
        let _: (String) -> NCMBObject = NCMBObject.init(className:)
        let base: NCMBBase = object
        let _: String? = base.objectId
        base.objectId = "x"
        let _: NCMBACL? = base.acl
        base.acl = NCMBACL.default
        let _: String = base.description
        let _: Int? = base["field"]
        base["field"] = 1
        let _: () -> NCMBResult<Void> = object.fetch
        let _: (@escaping NCMBHandler<Void>) -> Void = object.fetchInBackground(callback:)
        let _: () -> NCMBResult<Void> = object.save
        let _: (@escaping NCMBHandler<Void>) -> Void = object.saveInBackground(callback:)
        let _: () -> NCMBResult<Void> = object.delete
        let _: (@escaping NCMBHandler<Void>) -> Void = object.deleteInBackground(callback:)
    }

    /// ncmb_swift's own async name, deprecated in Kumo; compiled in a deprecated function, so without a warning.
    @available(*, deprecated)
    static func deprecatedObjects(_ object: NCMBObject) {
        let _: () async -> NCMBResult<Void> = object.saveInBackground_async
    }

    /// `NCMBQuery`: building, paging and both forms of `find` and `count`.
    static func queries() {
        var query: NCMBQuery<NCMBObject> = NCMBQuery.getQuery(className: "test")
        query.order = ["-fieldC"]
        query.skip = 1
        query.limit = 10
        let _: [String] = query.order
        let _: Int? = query.skip
        let _: Int? = query.limit
        query.where(field: "a", equalTo: 1)
        query.where(field: "a", notEqualTo: 1)
        query.where(field: "a", lessThan: 1)
        query.where(field: "a", greaterThan: 1)
        query.where(field: "a", lessThanOrEqualTo: 1)
        query.where(field: "a", greaterThanOrEqualTo: 1)
        query.where(field: "a", containedIn: [1, 2])
        query.where(field: "a", notContainedIn: [1, 2])
        query.where(field: "a", exists: true)
        query.where(field: "a", toMatchPattern: "^a")
        query.where(field: "a", containedInArrayTo: [1])
        query.where(field: "a", notContainedInArrayTo: [1])
        query.where(field: "a", containsAllObjectsInArrayTo: [1])
        let other = NCMBQuery.getQuery(className: "other")
        query.where(field: "a", matchesKey: "b", inQuery: other)
        query.where(field: "a", matchesQuery: other)
        let point = NCMBGeoPoint(latitude: 35.6, longitude: 139.7)
        query.where(field: "g", nearGeoPoint: point)
        query.where(field: "g", nearGeoPoint: point, withinKilometers: 1.0)
        query.where(field: "g", nearGeoPoint: point, withinMiles: 1.0)
        query.where(field: "g", nearGeoPoint: point, withinRadians: 0.1)
        query.where(field: "g", withinGeoBoxFromSouthwest: point, toNortheast: point)
        query.relatedTo(targetClassName: "test", objectId: "x", key: "relation")
        let _: NCMBQuery<NCMBObject> = NCMBQuery.orQuery(query, other)
        let _: () -> NCMBResult<[NCMBObject]> = query.find
        let _: (@escaping NCMBHandler<[NCMBObject]>) -> Void = query.findInBackground(callback:)
        let _: () -> NCMBResult<Int> = query.count
        let _: (@escaping NCMBHandler<Int>) -> Void = query.countInBackground(callback:)
        let _: NCMBQuery<NCMBUser> = NCMBUser.query
        let _: NCMBQuery<NCMBRole> = NCMBRole.query
        let _: NCMBQuery<NCMBFile> = NCMBFile.query
        let _: NCMBQuery<NCMBInstallation> = NCMBInstallation.query
        let _: NCMBQuery<NCMBPush> = NCMBPush.query
    }

    /// The field types and the update operators.
    static func fieldTypes(_ object: NCMBObject) {
        var pointer = NCMBPointer(className: "test", objectId: "x")
        pointer.className = "test"
        pointer.objectId = "y"
        let _: (NCMBBase) -> NCMBPointer? = NCMBPointer.init(dataobject:)
        let _: Bool = pointer == NCMBPointer(className: "test", objectId: "y")
        var relation = NCMBRelation(className: "test")
        relation.className = "other"
        var geoPoint = NCMBGeoPoint(latitude: 1.0, longitude: 2.0)
        geoPoint.latitude = 3.0
        geoPoint.longitude = 4.0
        let _: NCMBGeoPoint = NCMBGeoPoint()
        var dateField = NCMBDateField(date: Date(timeIntervalSince1970: 0))
        dateField.date = Date(timeIntervalSince1970: 1)
        let _: (Int) -> NCMBIncrementOperator = NCMBIncrementOperator.init(amount:)
        let _: (Double) -> NCMBIncrementOperator = NCMBIncrementOperator.init(amount:)
        let _: Any = NCMBIncrementOperator(amount: 1).amount
        var add = NCMBAddOperator(elements: ["a"])
        add.elements = [nil, 1]
        var addUnique = NCMBAddUniqueOperator(elements: ["a"])
        addUnique.elements = ["b"]
        var remove = NCMBRemoveOperator(elements: ["a"])
        remove.elements = ["b"]
        var addRelation = NCMBAddRelationOperator(elements: [pointer])
        addRelation.elements = []
        var removeRelation = NCMBRemoveRelationOperator(elements: [pointer])
        removeRelation.elements = []
        let _: ([Any?]) -> NCMBAddOperator = NCMBAddOperator.init(elements:)
        let _: ([Any?]) -> NCMBAddUniqueOperator = NCMBAddUniqueOperator.init(elements:)
        let _: ([Any?]) -> NCMBRemoveOperator = NCMBRemoveOperator.init(elements:)
        let _: ([NCMBPointer]) -> NCMBAddRelationOperator = NCMBAddRelationOperator.init(elements:)
        let _: ([NCMBPointer]) -> NCMBRemoveRelationOperator = NCMBRemoveRelationOperator.init(elements:)
        let _: [Any] = [NCMBAddOperator(), NCMBAddUniqueOperator(), NCMBRemoveOperator(), NCMBAddRelationOperator(), NCMBRemoveRelationOperator()]
        object["relation"] = relation
        object["point"] = geoPoint
        object["date"] = dateField
        object["list"] = add
        object["set"] = addUnique
        object["removed"] = remove
        object["members"] = addRelation
        object["leaving"] = removeRelation
    }

    /// `NCMBACL`.
    static func acl() {
        let _: String = NCMBACL.ACL_PUBLIC
        var acl: NCMBACL = NCMBACL.default
        acl = NCMBACL.empty
        acl.put(key: "role:admin", readable: true, writable: false)
        acl.remove(key: "role:admin")
        let _: Bool? = acl.getReadable(key: NCMBACL.ACL_PUBLIC)
        let _: Bool? = acl.getWritable(key: NCMBACL.ACL_PUBLIC)
    }

    /// The results, errors, the HTTP method and the response type.
    static func resultsAndErrors() {
        let success: NCMBResult<Int> = .success(1)
        let failure: NCMBResult<Int> = .failure(NCMBApiErrorCode.genericError)
        let _: NCMBHandler<Int> = { (_: NCMBResult<Int>) -> Void in }
        for result in [success, failure] {
            switch result {
            case .success(let value): _ = value
            case .failure(let error): _ = error
            }
        }
        let _: (NCMBApiError) -> NCMBApiErrorCode = { $0.errorCode }
        let _: (NCMBApiError) -> String = { $0.message }
        let _: [NCMBInvalidRequestError] = [
            .invalidDomainName, .emptyApplicationKey, .emptyClientKey, .invalidBodyJsonValue, .cantCalculateSignature,
            .emptyObjectId, .automaticUserNotAvailable, .invalidACL, .emptyUserNameAndMailAddress,
        ]
        let _: [NCMBParseError] = [.unsupportJsonFormat, .unsupportResponseHeader]
        let _: NCMBUserError = .automaticUserNotAvailable
        let _: [NCMBHTTPMethod] = [.get, .post, .put, .delete]
        let _: NCMBResponse.Type = NCMBResponse.self
        let _: [any Error] = [NCMBApiErrorCode.genericError, NCMBInvalidRequestError.invalidACL, NCMBParseError.unsupportJsonFormat]
    }

    /// Every case of `NCMBApiErrorCode` ncmb_swift declares.
    static let apiErrorCodes: [NCMBApiErrorCode] = [
        .invalidResponseSignature, .badRequest, .invalidJson, .invalidType, .required, .invalidFormat, .invalidValue,
        .notExist, .invalidFormatSpecificLine, .correlationError, .invalidLength, .unauthorized,
        .authenticationErrorByHeaderIncorrect, .authenticationErrorWithIdPassIncorrect, .oAuthAuthenticationError,
        .noSettlementForAFreePlan, .forbidden, .noAccessWithACL, .unauthorizedOperations, .operationThatAreProhibited,
        .oneTimeTokenExpired, .settingDisable, .invalidGeoPointValue, .noDataAvailable, .noneService, .noneField,
        .noneDeviceToken, .noSuchApplication, .noSuchUser, .methodNotAllowed, .duplication, .fileSizeLimitError,
        .requestEntityTooLarge, .requestsThreadLimitError, .requestUriTooLarge, .unsupportedMediaType, .passedLimit,
        .tooManyRequests, .systemError, .storageError, .mailFailure, .serviceUnavailable, .genericError,
    ]
}
