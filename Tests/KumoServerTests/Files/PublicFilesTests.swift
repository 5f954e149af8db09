import HTTPTypes
import HummingbirdTesting
import KumoServer
import KumoStorage
import KumoTestSupport
import NCMBWire
import NIOCore
import Testing

/// `GET /2013-09-01/applications/{applicationId}/publicFiles/{fileName}` (docs/wire/endpoints/files.md,
/// docs/wire/endpoints/browser-pages.md): unsigned, only when the application enables public files, only files everyone
/// may read.
@Suite struct PublicFilesTests {
    static let missing = #"{"code":"E404001","error":"No data available."}"#

    static func publicPath(_ name: String) -> String {
        "/2013-09-01/applications/TestApplicationId/publicFiles/" + PercentEncoding.encode(name)
    }

    static var enabled: ApplicationSettings {
        var settings = ApplicationSettings()
        settings.publicFilesEnabled = true
        return settings
    }

    @Test func aPubliclyReadableFileIsServedRawAndUnsigned() async throws {
        try await FileTests.run(settings: Self.enabled) { _, requester in
            let data = FileTests.pattern(300_000)
            try await requester.upload("公開 画像.png", data: data, mimeType: "image/png")

            let response = try await requester.send(.get, Self.publicPath("公開 画像.png"), signed: false)

            #expect(response.status == .ok)
            #expect(Array(response.body.readableBytesView) == data)
            #expect(response.headers[.contentType] == "image/png")
            #expect(response.headers[.contentLength] == "300000")
            #expect(response.header("X-NCMB-Response-Signature") == nil)
        }
    }

    @Test func publicFilesAnswer404WhileTheApplicationDoesNotEnableThem() async throws {
        try await FileTests.run { _, requester in
            try await requester.upload("open.txt")

            let response = try await requester.send(.get, Self.publicPath("open.txt"), signed: false)

            #expect(response.status == .notFound)
            #expect(response.text == Self.missing)
            #expect(response.headers[.contentType] == "application/json")
        }
    }

    @Test func aFileEveryoneMayNotReadIsNotServed() async throws {
        try await FileTests.run(settings: Self.enabled) { _, requester in
            let (owner, token) = try await requester.signUp("owner")
            try await requester.upload("private.txt", acl: [owner: ["read": true, "write": true]], token: token)
            try await requester.upload("writeonly.txt", acl: ["*": ["write": true]])

            let privateFile = try await requester.send(.get, Self.publicPath("private.txt"), signed: false)
            let writeOnly = try await requester.send(.get, Self.publicPath("writeonly.txt"), signed: false)
            let missingFile = try await requester.send(.get, Self.publicPath("none.txt"), signed: false)

            #expect(privateFile.text == Self.missing)
            #expect(writeOnly.text == Self.missing)
            #expect(missingFile.text == Self.missing)
        }
    }

    @Test func anUnknownApplicationIsNotServed() async throws {
        try await FileTests.run(settings: Self.enabled) { _, requester in
            try await requester.upload("open.txt")

            let response = try await requester.send(
                .get, "/2013-09-01/applications/OtherApplication/publicFiles/open.txt", signed: false)

            #expect(response.status == .notFound)
            // NCMB JSON like every refusal of a public file, not a page (issue 13, finding 7).
            #expect(response.text == Self.missing)
        }
    }
}
