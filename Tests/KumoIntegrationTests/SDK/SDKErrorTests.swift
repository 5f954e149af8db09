import Foundation
import KumoTestSupport
import NCMB
import Testing

/// Server errors reach the app as `NCMBApiError` with the exact code and message.
@Suite struct SDKErrorTests {
    // MARK: Tests

    @Test func aMissingObjectIsE404001() async throws {
        try await withSDK { _ in
            let object = NCMBObject(className: "GameScore")
            object.objectId = "0000000000000099"

            let error = await #expect(throws: NCMBApiError.self) { try await object.fetch() }

            #expect(error?.errorCode == .noDataAvailable)
            #expect(error?.description == "E404001 No data available.")
        }
    }

    @Test func aMalformedTypedValueIsE400002() async throws {
        try await withSDK { _ in
            let object = NCMBObject(className: "GameScore")
            object["owner"] = ["__type": "Pointer", "className": "user"]

            let error = await #expect(throws: NCMBApiError.self) { try await object.save() }

            #expect(error?.errorCode == .invalidType)
            #expect(error?.message == "owner is invalid.")
        }
    }

    @Test func aStandardClassNameUnderClassesIsE403003() async throws {
        try await withSDK { _ in
            let object = NCMBObject(className: "user")

            let error = await #expect(throws: NCMBApiError.self) { try await object.save() }

            #expect(error?.errorCode == .operationThatAreProhibited)
            #expect(error?.message == "Operation that are prohibited.")
        }
    }

    @Test func aWrongClientKeyIsE401001() async throws {
        try await TestApplication.with { application in
            try await application.test { requester in
                var context = NCMBContext.inProcess(requester)
                context.clientKey = "wrong"
                let object = NCMBContext.$current.withValue(context) { NCMBObject(className: "GameScore") }

                let error = await #expect(throws: NCMBApiError.self) { try await object.save() }

                #expect(error?.errorCode == .authenticationErrorByHeaderIncorrect)
                #expect(error?.message == "Authentication error by header incorrect.")
            }
        }
    }

    @Test func anUnknownApplicationKeyIsE404005() async throws {
        try await TestApplication.with { application in
            try await application.test { requester in
                var context = NCMBContext.inProcess(requester)
                context.applicationKey = "unknown"
                let query = NCMBContext.$current.withValue(context) { NCMBQuery.getQuery(className: "GameScore") }

                let error = await #expect(throws: NCMBApiError.self) { _ = try await query.find() }

                #expect(error?.errorCode == .noSuchApplication)
            }
        }
    }

    @Test(arguments: ["http://localhost/", "http://127.0.0.1:9999/", "https://kumo.example.com:8443/"])
    func anyDomainURLIsSignedWithItsHostWithoutPort(domainURL: String) async throws {
        try await withSDK(domainURL: domainURL) { _ in
            let object = try await saveObject("GameScore", ["points": 1])

            #expect(object.objectId == "0000000000000001")
        }
    }
}
