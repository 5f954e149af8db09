import Foundation
import KumoTestSupport
import NCMBWire
import NIOHTTP1
import Testing

/// The files pages in a real headless Chromium against a real `kumo serve`: upload through `<input type=file>`,
/// download the same bytes back, a preview for a PNG only, an HTML file never rendered in the page, the ACL seen
/// through the signed REST API, delete.
@Suite(.serialized, .enabled(if: browserIsUsable, browserRequirement))
struct FilesBrowserTests {
    /// A 1×1 PNG.
    static let png =
        Data(
            base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==")
        ?? Data()

    @Test func uploadDownloadPreviewEditTheACLAndDelete() async throws {
        let server = try await DashboardServer.started()
        defer { server.stop() }
        let folder = server.dataDirectory.appendingPathComponent("uploads")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // Every byte value, so that a download that decoded or re-encoded the bytes would differ.
        let binary = Data((0..<1024).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3) })
        try binary.write(to: folder.appendingPathComponent("data.bin"))
        try Self.png.write(to: folder.appendingPathComponent("pixel.png"))
        try Data(#"<h1 id="injected">hello</h1><script>window.injected = true</script>"#.utf8)
            .write(to: folder.appendingPathComponent("page.html"))

        try await WebDriver.withSession { browser in
            var consoleErrors: [WebDriverSession.LogEntry] = []
            try await browser.signIn(to: server, openingPath: "/dashboard/apps/e2e")
            try await browser.waitForPage("application")
            try await browser.element(#"#application-sections a[data-section="files"]"#).click()
            try await browser.waitForPage("files")
            try await browser.element("#no-files")

            // A binary file: uploaded, listed, downloaded back byte for byte, served as an attachment.
            try await upload(browser, folder.appendingPathComponent("data.bin"))
            try await browser.waitForPage("file", #"[data-file-name="data.bin"]"#)
            #expect(try await browser.element(#"#status[data-kind="success"]"#).text().contains("data.bin"))
            try await browser.element("#no-preview")
            let downloaded = try await download(browser)
            #expect(downloaded["bytes"]?.arrayValue?.compactMap(\.integerValue).map { UInt8($0) } == Array(binary))
            #expect(downloaded["disposition"]?.stringValue?.hasPrefix("attachment") == true)
            consoleErrors += try await browser.consoleErrorsExceptFavicon()

            // The ACL: readable by everyone, writable by nobody, as the REST API sees it.
            try await browser.element(#"#file-acl tr[data-principal="*"] input[name="write"]"#).click()
            try await browser.element("#save-acl").click()
            try await browser.element(#"#status[data-kind="success"]"#)
            try await browser.waitForPage("file")
            let whereJSON = try #require(#"{"fileName":"data.bin"}"#.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
            let listed = try await server.rest(.GET, "/2013-09-01/files", query: "where=\(whereJSON)")
            #expect(listed.json?["results"]?.arrayValue?.first?["acl"] == ["*": ["read": true]])
            #expect(listed.json?["results"]?.arrayValue?.first?["fileSize"] == 1024)

            // A PNG is previewed: the image loads and is drawn 1×1.
            try await browser.element(#".breadcrumbs a[href="/dashboard/apps/e2e/files"]"#).click()
            try await browser.waitForPage("files")
            try await upload(browser, folder.appendingPathComponent("pixel.png"))
            try await browser.waitForPage("file", #"[data-file-name="pixel.png"]"#)
            let width = try await browser.executeAsync(
                """
                const done = arguments[arguments.length - 1];
                const image = document.querySelector('#file-preview img');
                image.decode().then(() => done(image.naturalWidth), (error) => done(String(error)));
                """)
            #expect(width == 1)
            #expect(try await download(browser)["disposition"]?.stringValue?.hasPrefix("inline") == true)
            consoleErrors += try await browser.consoleErrorsExceptFavicon()

            // An HTML file is neither previewed nor run: no frame, no image, its markup and script absent from the page.
            try await browser.element(#".breadcrumbs a[href="/dashboard/apps/e2e/files"]"#).click()
            try await browser.waitForPage("files")
            try await upload(browser, folder.appendingPathComponent("page.html"))
            try await browser.waitForPage("file", #"[data-file-name="page.html"]"#)
            try await browser.element("#no-preview")
            let embedded = try await browser.execute(
                "return [document.querySelectorAll('main img, main iframe, main object, main embed').length, "
                    + "document.getElementById('injected') === null, window.injected === undefined]")
            #expect(embedded == [0, true, true])
            let html = try await download(browser)
            #expect(html["disposition"]?.stringValue?.hasPrefix("attachment") == true)
            #expect(html["policy"]?.stringValue?.contains("sandbox") == true)

            // The list shows the three files; delete one from its page.
            try await browser.element(#".breadcrumbs a[href="/dashboard/apps/e2e/files"]"#).click()
            try await browser.waitForPage("files")
            #expect(try await browser.elements("#files tbody tr").count == 3)
            try await browser.element(#"#files tr[data-file-name="page.html"] .file-link"#).click()
            try await browser.waitForPage("file", #"[data-file-name="page.html"]"#)
            try await browser.element("#delete-file").click()
            try await browser.element("#confirm-accept").click()
            try await browser.waitForPage("files")
            #expect(try await browser.elements("#files tbody tr").count == 2)
            let gone = try #require(#"{"fileName":"page.html"}"#.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
            #expect(try await server.rest(.GET, "/2013-09-01/files", query: "where=\(gone)").json?["results"] == [])
            consoleErrors += try await browser.consoleErrorsExceptFavicon()
            #expect(consoleErrors.isEmpty, "console errors: \(consoleErrors)")
        }
    }

    /// Chooses a file in the upload form (its name fills in) and sends it.
    private func upload(_ browser: WebDriverSession, _ file: URL) async throws {
        try await browser.element(#"#upload-file input[type="file"]"#).type(file.path)
        #expect(try await browser.element(#"#upload-file input[name="fileName"]"#).property("value") == .string(file.lastPathComponent))
        try await browser.element("#upload-button").click()
    }

    /// Fetches the file page's download link with the session: its bytes and headers.
    private func download(_ browser: WebDriverSession) async throws -> JSONValue {
        try await browser.executeAsync(
            """
            const done = arguments[arguments.length - 1];
            fetch(document.getElementById('download-file').href, { credentials: 'same-origin' })
              .then(async (response) => done({
                status: response.status,
                disposition: response.headers.get('Content-Disposition'),
                policy: response.headers.get('Content-Security-Policy'),
                bytes: Array.from(new Uint8Array(await response.arrayBuffer())),
              }), (error) => done({ error: String(error) }));
            """)
    }
}
