import HTTPTypes
import HummingbirdTesting
import KumoSeams
import KumoServer
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// Issue 28, finding 3, route by route (docs/decisions/0120-client-bytes-never-run-in-kumos-origin.md): every answer
/// whose bytes a client or a script chose is `nosniff`, sandboxed, and an attachment unless it is a raster image; the
/// real-browser proof is `AbuseClientBytesBrowserTests` (KumoDashboardBrowserTests).
@Suite struct AbuseClientBytesHeadersTests {
    static let page = Array(#"<script>fetch('/dashboard/api/session')</script>"#.utf8)

    static func expectProtected(_ response: TestResponse, disposition: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(response.headers[.xContentTypeOptions] == "nosniff", sourceLocation: sourceLocation)
        #expect(response.headers[.contentSecurityPolicy]?.hasPrefix("sandbox;") == true, sourceLocation: sourceLocation)
        #expect(response.headers[.contentDisposition]?.hasPrefix(disposition) == true, "\(response.headers)", sourceLocation: sourceLocation)
    }

    @Test(arguments: [
        ("promo.html", "text/html", "attachment", "text/html"),
        ("logo.svg", "image/svg+xml", "attachment", "image/svg+xml"),
        ("page.png", "text/html", "attachment", "text/html"),
        ("page2.png", "image/png", "inline", "image/png"),
        ("photo.jpg", "IMAGE/JPEG; charset=binary", "inline", "image/jpeg"),
        ("data.json", "application/json", "attachment", "application/json"),
    ])
    func publicFilesAreAttachmentsUnlessRasterImages(name: String, declared: String, disposition: String, served: String) async throws {
        try await FileTests.run(settings: PublicFilesTests.enabled) { _, requester in
            try await requester.upload(name, data: Self.page, mimeType: declared, acl: ["*": ["read": true]])

            let response = try await requester.send(.get, PublicFilesTests.publicPath(name), signed: false)

            #expect(response.status == .ok)
            #expect(response.bytes == Self.page, "the bytes are served unchanged")
            #expect(response.headers[.contentType] == served)
            Self.expectProtected(response, disposition: disposition)
            #expect(response.headers[.contentDisposition]?.contains(#"filename="\#(name)""#) == true)
        }
    }

    @Test func aPageOfThisOriginCannotLoadAPublicFileAsCode() async throws {
        try await FileTests.run(settings: PublicFilesTests.enabled) { _, requester in
            try await requester.upload("evil.js", data: Self.page, mimeType: "application/javascript")
            let path = PublicFilesTests.publicPath("evil.js")

            let asScript = try await requester.send(
                .get, path, headers: ["Sec-Fetch-Site": "same-origin", "Sec-Fetch-Dest": "script"], signed: false)
            let asWorker = try await requester.send(.get, path, headers: ["Service-Worker": "script"], signed: false)
            let asStyle = try await requester.send(
                .get, path, headers: ["Sec-Fetch-Site": "same-origin", "Sec-Fetch-Dest": "style"], signed: false)
            let fromAnotherSite = try await requester.send(
                .get, path, headers: ["Sec-Fetch-Site": "cross-site", "Sec-Fetch-Dest": "script"], signed: false)
            let opened = try await requester.send(
                .get, path, headers: ["Sec-Fetch-Site": "same-origin", "Sec-Fetch-Dest": "document"], signed: false)

            for refused in [asScript, asWorker, asStyle] {
                #expect(refused.status == .notFound)
                #expect(refused.text == PublicFilesTests.missing)
            }
            #expect(fromAnotherSite.status == .ok, "other sites' pages keep using public files as before")
            #expect(opened.status == .ok)
            Self.expectProtected(opened, disposition: "attachment")
        }
    }

    @Test func theSignedDownloadIsProtectedAndStillSigned() async throws {
        try await FileTests.run { _, requester in
            try await requester.upload("promo.html", data: Self.page, mimeType: "text/html")
            try await requester.upload("pixel.gif", data: Self.page, mimeType: "image/gif")

            let html = try await requester.send(.get, FileTests.filePath("promo.html"))
            let gif = try await requester.send(.get, FileTests.filePath("pixel.gif"))

            #expect(html.bytes == Self.page)
            Self.expectProtected(html, disposition: "attachment")
            Self.expectProtected(gif, disposition: "inline")
            #expect(html.header("X-NCMB-Response-Signature")?.isEmpty == false)
        }
    }

    @Test func aScriptsAnswerIsProtectedWhateverHeadersItSets() async throws {
        var runner = FailingScriptRunner()
        runner.onRun = { _ in
            ScriptOutcome(
                result: .success(
                    ScriptAnswer(
                        status: 200,
                        headers: [
                            ScriptHeader(name: "Content-Type", value: "text/html; charset=utf-8"),
                            ScriptHeader(name: "Content-Disposition", value: "inline"),
                            ScriptHeader(name: "Content-Security-Policy", value: "script-src *"),
                            ScriptHeader(name: "X-Content-Type-Options", value: "sniff-away"),
                        ],
                        body: Self.page)))
        }
        try await TestApplication.with(environment: { $0.scripts = runner }) { application in
            try await application.storage.scripts.deploy(
                ScriptDeployment(
                    applicationId: application.application.applicationId, name: "page.js", code: "module.exports = () => {}",
                    versionHash: String(repeating: "0", count: 64)),
                maximumCount: 10, now: application.clock.now())
            try await application.test { requester in
                let response = try await requester.send(.get, "/2015-09-01/script/page.js")

                #expect(response.status == .ok)
                #expect(response.bytes == Self.page)
                #expect(response.headers[.xContentTypeOptions] == "nosniff")
                #expect(response.headers[.contentDisposition] == "attachment")
                let policies = response.headers[values: .contentSecurityPolicy]
                #expect(policies.contains("script-src *") && policies.contains { $0.hasPrefix("sandbox;") }, "\(policies)")
                #expect(response.header("X-NCMB-Response-Signature")?.isEmpty == false)
            }
        }
    }

    @Test func everyOtherAnswerOfThePipelineIsNosniffAndAllowsNothing() async throws {
        try await TestApplication.with { application in
            try await application.test { requester in
                let answers = [
                    try await requester.send(.get, "/2013-09-01/classes/Food"),
                    try await requester.send(.post, "/2013-09-01/classes/Food", body: #"{"name":"<script>alert(1)</script>"}"#),
                    try await requester.send(.get, "/2013-09-01/classes/Food", signed: false),
                    try await requester.send(.get, "/2013-09-01/nothing/here", signed: false),
                    try await requester.send(.patch, "/2013-09-01/classes/Food", signed: false),
                ]
                for answer in answers {
                    #expect(answer.headers[.xContentTypeOptions] == "nosniff", "\(answer.status)")
                    #expect(answer.headers[.contentSecurityPolicy] == "sandbox; default-src 'none'; frame-ancestors 'none'")
                }
            }
        }
    }

    @Test func theMailPagesAreSandboxedButMayPostTheirForm() async throws {
        try await TestApplication.with { application in
            try await application.test { requester in
                let page = try await requester.send(
                    .get, "/2013-09-01/applications/TestApplicationId/mailAddressConfirm?token=%3Cscript%3Ealert(1)%3C%2Fscript%3E",
                    signed: false)

                #expect(page.headers[.contentSecurityPolicy]?.hasPrefix("sandbox allow-forms; default-src 'none';") == true)
                #expect(page.headers[.xContentTypeOptions] == "nosniff")
                #expect(!page.text.contains("<script>"))
            }
        }
    }
}
