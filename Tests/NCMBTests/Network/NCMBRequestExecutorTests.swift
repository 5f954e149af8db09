import Foundation
import NCMB
import NCMBWire
import Testing

/// The exact requests the SDK puts on the wire: URL, method, headers, body and signature (docs/wire/signature.md).
@Suite struct NCMBRequestExecutorTests {
    let transport = RecordingTransport()

    func makeObject(
        in context: NCMBContext? = nil, className: String = "GameScore", objectId: String? = nil
    ) -> NCMBObject {
        let object = NCMBContext.$current.withValue(context ?? .test(transport: transport)) { NCMBObject(className: className) }
        object.objectId = objectId
        return object
    }

    func expectedSignature(method: String, host: String, path: String, query: String? = nil) -> String {
        RequestSignature.signature(
            method: method, host: host, path: path, rawQuery: query, applicationKey: TestKeys.applicationKey,
            clientKey: TestKeys.clientKey, timestamp: "2009-02-13T23:31:30.000Z")
    }

    static let created = #"{"objectId":"0000000000000001","createDate":"2009-02-13T23:31:30.000Z"}"#

    // MARK: Tests

    @Test func aCreateIsASignedPostWithTheFieldsAsCompactJSON() async throws {
        let object = makeObject()
        object["points"] = 42
        object["name"] = "a/b ü"
        transport.expect(.objects(try .named("GameScore"), .create(["points": 42, "name": "a/b ü"])), reply: .json(201, Self.created))

        try await object.save()

        let request = try #require(transport.requests.first)
        #expect(request.method == .post)
        #expect(request.url.absoluteString == "https://mbaas.api.nifcloud.com/2013-09-01/classes/GameScore")
        #expect(
            request.headers == [
                "X-NCMB-Application-Key": TestKeys.applicationKey, "X-NCMB-Timestamp": "2009-02-13T23:31:30.000Z",
                "X-NCMB-Signature": expectedSignature(
                    method: "POST", host: "mbaas.api.nifcloud.com", path: "/2013-09-01/classes/GameScore"),
                "X-NCMB-SDK-Version": "swift-1.4.2", "Content-Type": "application/json",
            ])
        #expect(String(decoding: request.body, as: UTF8.self) == #"{"points":42,"name":"a/b ü"}"#)
        #expect(request.timeoutInterval == 10)
    }

    @Test func anUpdateIsASignedPutWithOnlyTheChangedFields() async throws {
        let object = makeObject(objectId: "0000000000000001")
        object["points"] = NCMBIncrementOperator(amount: 1)
        transport.expect(
            .objects(try .named("GameScore"), .update(objectId: "0000000000000001", ["points": ["__op": "Increment", "amount": 1]])),
            reply: .json(200, #"{"updateDate":"2009-02-13T23:31:30.000Z"}"#))

        try await object.save()

        let request = try #require(transport.requests.first)
        #expect(request.method == .put)
        #expect(request.url.absoluteString == "https://mbaas.api.nifcloud.com/2013-09-01/classes/GameScore/0000000000000001")
        #expect(
            request.headers == [
                "X-NCMB-Application-Key": TestKeys.applicationKey, "X-NCMB-Timestamp": "2009-02-13T23:31:30.000Z",
                "X-NCMB-Signature": expectedSignature(
                    method: "PUT", host: "mbaas.api.nifcloud.com", path: "/2013-09-01/classes/GameScore/0000000000000001"),
                "X-NCMB-SDK-Version": "swift-1.4.2", "Content-Type": "application/json",
            ])
        #expect(String(decoding: request.body, as: UTF8.self) == #"{"points":{"__op":"Increment","amount":1}}"#)
    }

    @Test func aQueryIsSignedAsTheDocumentedVectorR1() async throws {
        let documentedTime = Date(timeIntervalSince1970: 1_385_952_275.452)
        let context = NCMBContext.test(transport: transport, now: documentedTime)
        var query = NCMBContext.$current.withValue(context) { NCMBQuery.getQuery(className: "TestClass") }
        query.where(field: "testKey", equalTo: "testValue")
        transport.expect(
            .objects(try .named("TestClass"), .find(try .matching(["testKey": "testValue"]))), reply: .json(200, #"{"results":[]}"#))

        _ = try await query.find()

        let request = try #require(transport.requests.first)
        #expect(
            request.url.absoluteString
                == "https://mbaas.api.nifcloud.com/2013-09-01/classes/TestClass?where=%7B%22testKey%22%3A%22testValue%22%7D")
        #expect(request.headers["X-NCMB-Timestamp"] == "2013-12-02T02:44:35.452Z")
        #expect(request.headers["X-NCMB-Signature"] == "AltGkQgXurEV7u0qMd+87ud7BKuueldoCjaMgVc9Bes=")
        #expect(request.body.isEmpty)
    }

    @Test(arguments: [
        ("http://127.0.0.1:8080/", "127.0.0.1", "http://127.0.0.1:8080/2013-09-01/classes/GameScore/x1"),
        ("http://localhost:8080", "localhost", "http://localhost:8080/2013-09-01/classes/GameScore/x1"),
        ("https://kumo.example.com/", "kumo.example.com", "https://kumo.example.com/2013-09-01/classes/GameScore/x1"),
        ("http://[::1]:8080/", "[::1]", "http://[::1]:8080/2013-09-01/classes/GameScore/x1"),
    ])
    func theSignatureUsesTheDomainHostWithoutItsPort(domainURL: String, signedHost: String, url: String) async throws {
        let object = makeObject(in: .test(transport: transport, domainURL: domainURL), objectId: "x1")
        transport.expect(.objects(try .named("GameScore"), .get(objectId: "x1")), reply: .json(200, #"{"objectId":"x1"}"#))

        try await object.fetch()

        let request = try #require(transport.requests.first)
        #expect(request.url.absoluteString == url)
        #expect(
            request.headers["X-NCMB-Signature"]
                == expectedSignature(method: "GET", host: signedHost, path: "/2013-09-01/classes/GameScore/x1"))
    }

    @Test func aDomainURLPathPrefixesAndIsSignedWithEveryPath() async throws {
        let transport = RecordingTransport(basePath: "/ncmb")
        let object = makeObject(in: .test(transport: transport, domainURL: "https://example.com/ncmb/"), objectId: "x1")
        transport.expect(.objects(try .named("GameScore"), .delete(objectId: "x1")), reply: .empty(200))

        try await object.delete()

        let request = try #require(transport.requests.first)
        #expect(request.url.absoluteString == "https://example.com/ncmb/2013-09-01/classes/GameScore/x1")
        #expect(
            request.headers["X-NCMB-Signature"]
                == expectedSignature(method: "DELETE", host: "example.com", path: "/ncmb/2013-09-01/classes/GameScore/x1"))
        #expect(request.headers["Content-Type"] == "application/json")
        #expect(request.body.isEmpty)
    }

    @Test func theObjectIdIsPercentEncodedInThePathAndSignedAsSent() async throws {
        let object = makeObject(objectId: "a b")
        transport.expect(.objects(try .named("GameScore"), .get(objectId: "a b")), reply: .json(200, #"{"objectId":"a b"}"#))

        try await object.fetch()

        let request = try #require(transport.requests.first)
        #expect(request.url.absoluteString == "https://mbaas.api.nifcloud.com/2013-09-01/classes/GameScore/a%20b")
        #expect(
            request.headers["X-NCMB-Signature"]
                == expectedSignature(method: "GET", host: "mbaas.api.nifcloud.com", path: "/2013-09-01/classes/GameScore/a%20b"))
    }

    @Test func aSignedInUsersSessionTokenIsSent() async throws {
        let context = NCMBContext.test(transport: transport)
        context.session.sessionToken = "ebDH8TtmLoygzjqjaI4EWFfxc"
        let object = makeObject(in: context, objectId: "x1")
        transport.expect(.objects(try .named("GameScore"), .get(objectId: "x1")), reply: .json(200, #"{"objectId":"x1"}"#))

        try await object.fetch()

        #expect(transport.requests.first?.headers["X-NCMB-Apps-Session-Token"] == "ebDH8TtmLoygzjqjaI4EWFfxc")
    }

    @Test func anAuthenticationErrorSignsTheUserOut() async throws {
        let context = NCMBContext.test(transport: transport)
        context.session.sessionToken = "expired"
        let object = makeObject(in: context, objectId: "x1")
        transport.expect(
            .objects(try .named("GameScore"), .get(objectId: "x1")),
            reply: .json(401, #"{"code":"E401001","error":"Authentication error by header incorrect."}"#))

        let error = await #expect(throws: NCMBApiError.self) { try await object.fetch() }

        #expect(error?.errorCode == .authenticationErrorByHeaderIncorrect)
        #expect(context.session.sessionToken == nil)
    }

    @Test func theConfiguredTimeoutTravelsWithTheRequest() async throws {
        var context = NCMBContext.test(transport: transport)
        context.requestTimeout = 3
        let object = makeObject(in: context, objectId: "x1")
        transport.expect(.objects(try .named("GameScore"), .get(objectId: "x1")), reply: .json(200, #"{"objectId":"x1"}"#))

        try await object.fetch()

        #expect(transport.requests.first?.timeoutInterval == 3)
    }

    @Test(arguments: [
        ("", TestKeys.clientKey, "https://mbaas.api.nifcloud.com/", NCMBInvalidRequestError.emptyApplicationKey),
        (TestKeys.applicationKey, "", "https://mbaas.api.nifcloud.com/", .emptyClientKey),
        (TestKeys.applicationKey, TestKeys.clientKey, "not a url", .invalidDomainName),
        (TestKeys.applicationKey, TestKeys.clientKey, "ftp://example.com/", .invalidDomainName),
        (TestKeys.applicationKey, TestKeys.clientKey, "http:///path", .invalidDomainName),
    ])
    func missingKeysOrABadDomainURLFailBeforeSending(
        applicationKey: String, clientKey: String, domainURL: String, expected: NCMBInvalidRequestError
    ) async throws {
        let context = NCMBContext(applicationKey: applicationKey, clientKey: clientKey, domainURL: domainURL, transport: transport)
        let object = makeObject(in: context, objectId: "x1")

        let error = await #expect(throws: NCMBInvalidRequestError.self) { try await object.fetch() }

        #expect(error == expected)
        #expect(transport.requests.isEmpty)
    }

    @Test(arguments: [(502, "<html>Bad gateway</html>"), (500, ""), (404, #"{"error":"no code"}"#)])
    func anErrorStatusWithoutAnNCMBBodyIsAGenericError(status: Int, body: String) async throws {
        let object = makeObject(objectId: "x1")
        transport.expect(.objects(try .named("GameScore"), .get(objectId: "x1")), reply: .json(status, body))

        let error = await #expect(throws: NCMBApiError.self) { try await object.fetch() }

        #expect(error?.errorCode == .genericError)
        #expect(error?.message == "HTTP status \(status) without an NCMB error body.")
    }

    @Test func anUnknownErrorCodeIsAGenericErrorWithTheServersMessage() async throws {
        let object = makeObject(objectId: "x1")
        transport.expect(
            .objects(try .named("GameScore"), .get(objectId: "x1")), reply: .json(418, #"{"code":"E418000","error":"Teapot."}"#))

        let error = await #expect(throws: NCMBApiError.self) { try await object.fetch() }

        #expect(error?.errorCode == .genericError)
        #expect(error?.description == "E418000 Teapot.")
    }
}
