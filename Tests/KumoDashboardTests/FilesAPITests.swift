import HTTPTypes
import HummingbirdTesting
import KumoDashboard
import KumoStorage
import KumoTestSupport
import NCMBWire
import NIOCore
import Testing

/// Files through the dashboard (docs/dashboard.md#files): raw uploads streamed through the NCMB pipeline as an
/// administrator, find, ACL, delete, and downloads that never run in the dashboard's origin
/// (docs/decisions/0083-dashboard-file-downloads-never-run-in-its-origin.md).
@Suite struct FilesAPITests {
    static let files = "/dashboard/api/apps/test/files"
    /// The first bytes of a PNG file.
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]

    static func object(_ response: TestResponse) -> JSONObject { response.json?.objectValue ?? [:] }

    @Test func anUploadIsStoredAuditedAndFoundThroughNCMB() async throws {
        try await DashboardHarness.with { harness, session in
            try await session.signIn()

            let uploaded = try await session.upload("\(Self.files)/photo.png", bytes: Self.png, contentType: "image/png")
            let found = try await session.send(.get, "\(Self.files)?count=1")
            let signed = try await harness.server.test { requester in try await requester.send(.get, "/2013-09-01/files/photo.png") }

            #expect(uploaded.status == .created && Self.object(uploaded)["fileName"] == "photo.png")
            let file = try #require(Self.object(found)["results"]?.arrayValue?.first?.objectValue)
            #expect(file["mimeType"] == "image/png" && file["fileSize"] == .integer(Int64(Self.png.count)))
            #expect(Self.object(found)["count"] == 1)
            #expect(signed.bytes == Self.png)
            let entry = try #require(try await harness.audit().first)
            #expect(entry.action == "file.upload" && entry.target == "photo.png")
            #expect(entry.detail["fileSize"] == .integer(Int64(Self.png.count)) && entry.detail["contentType"] == "image/png")
        }
    }

    @Test func anUploadTakesAnACLAndRefusesABadOne() async throws {
        try await DashboardHarness.with { harness, session in
            try await session.signIn()
            let acl = PercentEncoding.encode(#"{"role:Staff":{"read":true}}"#)

            let uploaded = try await session.upload("\(Self.files)/a.txt?acl=\(acl)", bytes: Array("hi".utf8), contentType: "text/plain")
            let notJSON = try await session.upload("\(Self.files)/b.txt?acl=%7B", bytes: Array("hi".utf8), contentType: "text/plain")
            let notACL = try await session.upload("\(Self.files)/c.txt?acl=%5B1%5D", bytes: Array("hi".utf8), contentType: "text/plain")
            let found = try await session.send(.get, Self.files)

            #expect(uploaded.status == .created)
            #expect(notJSON.status == .badRequest && Self.object(notJSON)["code"] == "E400001")
            #expect(notACL.status == .badRequest && Self.object(notACL)["code"] == "E400002")
            let results = Self.object(found)["results"]?.arrayValue?.compactMap(\.objectValue) ?? []
            #expect(results.map { $0["fileName"] } == ["a.txt"])
            #expect(results.first?["acl"] == ["role:Staff": ["read": true]])
            #expect(try await harness.audit().filter { $0.action == "file.upload" }.count == 1)
        }
    }

    @Test func anUploadOverTheApplicationsMaximumIsRefusedAndLeavesNothing() async throws {
        try await DashboardHarness.with { harness, session in
            try await session.signIn()
            try await harness.server.storage.applications.updateSettings(
                applicationId: "TestApplicationId", settings: ApplicationSettings(maximumFileSize: 4))

            let declared = try await session.upload(
                "\(Self.files)/big.bin", bytes: Array(repeating: 1, count: 5), contentType: "application/octet-stream")
            let duplicate = try await session.upload("\(Self.files)/ok.bin", bytes: [1, 2], contentType: "application/octet-stream")
            let again = try await session.upload("\(Self.files)/ok.bin", bytes: [1, 2], contentType: "application/octet-stream")
            let found = try await session.send(.get, "\(Self.files)?count=1")

            #expect(declared.status == .contentTooLarge && Self.object(declared)["code"] == "E413001")
            #expect(duplicate.status == .created)
            #expect(again.status == .conflict && Self.object(again)["code"] == "E409001")
            #expect(Self.object(found)["count"] == 1)
        }
    }

    @Test func theDashboardsOwnCapRefusesABodyBeforeReadingIt() async throws {
        try await DashboardHarness.with(configure: { $0.maximumUploadBytes = 3 }) { _, session in
            try await session.signIn()

            let response = try await session.upload("\(Self.files)/four.bin", bytes: [1, 2, 3, 4], contentType: "application/octet-stream")

            #expect(response.status == .contentTooLarge && Self.object(response)["code"] == "E413001")
        }
    }

    @Test func aBadFileNameIsRefusedWithNCMBsCode() async throws {
        try await DashboardHarness.with { _, session in
            try await session.signIn()

            let response = try await session.upload("\(Self.files)/a%5Cb", bytes: [1], contentType: "text/plain")

            #expect(response.status == .badRequest && Self.object(response)["code"] == "E400002")
        }
    }

    @Test(arguments: [
        ("photo.png", "image/png", "inline"), ("photo.jpg", "image/jpeg", "inline"), ("anim.gif", "image/gif", "inline"),
        ("photo.webp", "image/webp", "inline"), ("page.html", "text/html", "attachment"),
        ("drawing.svg", "image/svg+xml", "attachment"), ("script.js", "text/javascript", "attachment"),
        ("data.json", "application/json", "attachment"), ("page.txt", "text/html; charset=utf-8", "attachment"),
    ])
    func downloadsAreAttachmentsExceptRasterImagesAndNeverRunInTheDashboardsOrigin(
        fileName: String, contentType: String, disposition: String
    ) async throws {
        try await DashboardHarness.with { _, session in
            try await session.signIn()
            let bytes = Array("<script>alert(document.cookie)</script>".utf8)
            try await session.upload("\(Self.files)/\(fileName)", bytes: bytes, contentType: contentType)

            let response = try await session.send(.get, "\(Self.files)/\(fileName)/content")

            #expect(response.status == .ok)
            #expect(response.bytes == bytes)
            #expect(response.headers[.contentDisposition]?.hasPrefix(disposition + "; filename=\"\(fileName)\"") == true)
            #expect(response.headers[.xContentTypeOptions] == "nosniff")
            #expect(response.headers[.contentSecurityPolicy]?.hasPrefix("sandbox") == true)
            #expect(response.headers[.contentLength] == String(bytes.count))
            #expect(response.headers[.cacheControl] == "no-store")
        }
    }

    @Test func aFileNameOutsideASCIIIsNamedInTheDispositionByItsUTF8Form() async throws {
        try await DashboardHarness.with { _, session in
            try await session.signIn()
            try await session.upload("\(Self.files)/\(PercentEncoding.encode("日本 語.txt"))", bytes: [0x41], contentType: "text/plain")

            let response = try await session.send(.get, "\(Self.files)/\(PercentEncoding.encode("日本 語.txt"))/content")

            #expect(
                response.headers[.contentDisposition]
                    == "attachment; filename=\"__ _.txt\"; filename*=UTF-8''%E6%97%A5%E6%9C%AC%20%E8%AA%9E.txt")
            #expect(response.headers[.contentType] == "text/plain")
        }
    }

    @Test func aMissingFileIsNCMBs404AsJSON() async throws {
        try await DashboardHarness.with { _, session in
            try await session.signIn()

            let response = try await session.send(.get, "\(Self.files)/none.txt/content")

            #expect(response.status == .notFound && Self.object(response)["code"] == "E404001")
            #expect(response.headers[.contentDisposition] == nil)
        }
    }

    @Test func theACLIsChangedAndTheFileDeletedAndBothAreAudited() async throws {
        try await DashboardHarness.with { harness, session in
            try await session.signIn()
            try await session.upload("\(Self.files)/a.txt", bytes: [0x41], contentType: "text/plain")

            let updated = try await session.change(.put, "\(Self.files)/a.txt", body: #"{"acl":{"*":{"read":true}}}"#)
            let badACL = try await session.change(.put, "\(Self.files)/a.txt", body: #"{"acl":{"*":{"read":"yes"}}}"#)
            let deleted = try await session.change(.delete, "\(Self.files)/a.txt")
            let gone = try await session.change(.delete, "\(Self.files)/a.txt")

            #expect(updated.status == .ok && Self.object(updated)["updateDate"] != nil)
            #expect(badACL.status == .badRequest)
            #expect(deleted.status == .ok)
            #expect(gone.status == .notFound && Self.object(gone)["code"] == "E404001")
            let actions = try await harness.audit().prefix(3).map(\.action)
            #expect(actions == ["file.delete", "file.updateACL", "file.upload"])
        }
    }

    @Test func aFindTakesNCMBParametersAndAnswersNCMBErrors() async throws {
        try await DashboardHarness.with { _, session in
            try await session.signIn()
            for name in ["a.txt", "b.txt"] { try await session.upload("\(Self.files)/\(name)", bytes: [0x41], contentType: "text/plain") }

            let ordered = try await session.send(.get, "\(Self.files)?order=-fileName&limit=1")
            let bad = try await session.send(.get, "\(Self.files)?where=%7B%22blobId%22%3A1%7D")

            #expect(Self.object(ordered)["results"]?.arrayValue?.first?.objectValue?["fileName"] == "b.txt")
            #expect(bad.status == .badRequest && Self.object(bad)["code"] == "E400002")
        }
    }
}

extension DashboardClientSession {
    /// Uploads raw bytes with the session's CSRF token, as the files page does.
    @discardableResult
    func upload(_ target: String, bytes: [UInt8], contentType: String) async throws -> TestResponse {
        let csrf = try await csrfToken()
        var headers = HTTPFields()
        headers[.contentType] = contentType
        headers[HTTPField.Name("Host")!] = "localhost:8080"
        headers[HTTPField.Name("X-Kumo-CSRF")!] = csrf
        headers[.contentLength] = String(bytes.count)
        headers[.cookie] = cookies.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
        return try await client.execute(uri: target, method: .post, headers: headers, body: ByteBuffer(bytes: bytes))
    }
}
