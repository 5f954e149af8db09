import AsyncHTTPClient
import Foundation
import KumoTestSupport
import NCMBWire
import NIOCore
import NIOHTTP1
import Testing

/// Issue 28, finding 3, in a real Chromium (docs/decisions/0120-client-bytes-never-run-in-kumos-origin.md): a client
/// uploaded `promo.html` with a public-read ACL, and when a signed-in administrator opened its public URL its script
/// read the dashboard's CSRF token and client key and created an application. Each route that answers client or script
/// bytes is tried the same way: the administrator opens the attacker's URL, and the attacker's script (which works when
/// it does run in the dashboard's origin: the control) must not have read anything or created anything.
@Suite(
    .serialized,
    .enabled(if: browserIsUsable && nodeIsUsable, "needs chromium, chromium-driver and Node.js (.ci/run installs them)"))
struct AbuseClientBytesBrowserTests {
    /// The attacker's script: in the origin of the dashboard it reads the CSRF token and the application's client key,
    /// then creates an application named after both (synchronous requests, so that it is over when the page has loaded).
    static func attack(_ label: String) -> String {
        """
        (function () {
          document.title = 'ran-\(label)';
          try {
            var get = function (path) { var request = new XMLHttpRequest(); request.open('GET', path, false); request.send(); return request; };
            var csrf = JSON.parse(get('/dashboard/api/session').responseText).csrfToken;
            var clientKey = JSON.parse(get('/dashboard/api/apps/e2e').responseText).clientKey;
            var create = new XMLHttpRequest();
            create.open('POST', '/dashboard/api/apps', false);
            create.setRequestHeader('Content-Type', 'application/json');
            create.setRequestHeader('X-Kumo-CSRF', csrf);
            create.send(JSON.stringify({ name: 'pwned-\(label)-' + clientKey }));
          } catch (error) { document.title = 'failed-\(label)'; }
        })();
        """
    }

    static func html(_ label: String) -> String { "<!DOCTYPE html><title>promo</title><h1>Sale</h1><script>\(attack(label))</script>" }

    static func svg(_ label: String) -> String {
        #"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script><![CDATA["# + attack(label) + "]]></script></svg>"
    }

    @Test func nothingAClientOrAScriptChoseRunsInTheDashboardsOrigin() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kumo-abuse-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("page.js")
        let scriptCode = "module.exports = function (req, res) { res.status(200).send(\(Self.jsString(Self.html("script")))); };\n"
        try Data(scriptCode.utf8).write(to: script)
        let server = try await DashboardServer.started(
            setup: [["apps", "settings", "--public-files", "on"], ["scripts", "deploy", script.path]])
        defer { server.stop() }

        let files: [(name: String, type: String, body: String)] = [
            ("promo.html", "text/html", Self.html("public-html")),
            ("logo.svg", "image/svg+xml", Self.svg("public-svg")),
            ("page.png", "text/html", Self.html("html-named-png")),
            ("sniffed.png", "image/png", Self.html("html-typed-png")),
            ("evil.js", "application/javascript", Self.attack("public-js")),
            ("signed.html", "text/html", Self.html("signed-download")),
        ]
        for file in files { try await Self.upload(server, name: file.name, type: file.type, body: file.body) }
        _ = try await server.rest(.POST, "/2013-09-01/users", body: #"{"userName":"reader","password":"old password","mailAddress":"reader@example.com"}"#)
        #expect(try await server.rest(.POST, "/2013-09-01/requestPasswordReset", body: #"{"mailAddress":"reader@example.com"}"#).status == 201)

        try await WebDriver.withSession { browser in
            try await browser.signIn(to: server)
            try await browser.waitForPage("applications")
            let cookies = try await browser.cookies()
            let detail = try await server.dashboard(.GET, "/dashboard/api/apps/e2e", cookies: cookies)
            let applicationId = try #require(try JSONValue(parsing: detail.body)["applicationId"]?.stringValue)
            let publicFiles = "/2013-09-01/applications/\(applicationId)/publicFiles/"
            let applications = { try await Self.applicationNames(server, cookies: cookies) }
            #expect(try await applications() == ["e2e"])

            // The administrator opens each attacker URL, as the probe did.
            let opened = [
                ("public-html", publicFiles + "promo.html"), ("public-svg", publicFiles + "logo.svg"),
                ("html-named-png", publicFiles + "page.png"), ("html-typed-png", publicFiles + "sniffed.png"),
                ("public-js", publicFiles + "evil.js"), ("signed-download", "/2013-09-01/files/signed.html"),
                ("script", "/2015-09-01/script/page.js"),
                ("mail-page", "/2013-09-01/applications/\(applicationId)/mailAddressConfirm?token="
                    + PercentEncoding.encode("<script>" + Self.attack("mail-page") + "</script>")),
                ("reset-page", "/2013-09-01/applications/\(applicationId)/requestPasswordReset?token="
                    + PercentEncoding.encode("\"><script>" + Self.attack("reset-page") + "</script>")),
            ]
            for (label, path) in opened {
                try await browser.open(server.origin + "/dashboard/")
                try await browser.waitForPage("applications")
                // A download ends the navigation without a new document; chromedriver may report that as an error.
                try? await browser.open(server.origin + path)
                let title = try await browser.title()
                #expect(!title.hasPrefix("ran-") && !title.hasPrefix("failed-"), "\(label): the attacker's script ran (\(title))")
                #expect(try await applications() == ["e2e"], "\(label) acted as the administrator")
            }

            // An injection into the dashboard itself would meet script-src 'self': a public file loaded as a script
            // from the dashboard's own page must not run either.
            try await browser.open(server.origin + "/dashboard/")
            try await browser.waitForPage("applications")
            let loaded = try await browser.executeAsync(
                """
                const done = arguments[arguments.length - 1];
                const script = document.createElement('script');
                script.src = arguments[0] + 'evil.js';
                script.onload = () => done('loaded');
                script.onerror = () => done('refused');
                document.head.appendChild(script);
                """, arguments: [.string(publicFiles)])
            #expect(loaded == "refused")
            #expect(try await applications() == ["e2e"], "an injected <script src> ran a public file")

            // Kumo's own mail page still works inside its sandbox: the form posts and the password changes.
            let link = try Self.mailLink(server, to: "reader@example.com")
            try await browser.open(server.origin + link)
            try await browser.element(#"input[name="newPassword"]"#).type("new password" + WebDriverKey.enter)
            _ = try await browser.element("h1")
            #expect(try await browser.title().contains("Password changed"))
            #expect(try await server.rest(.GET, "/2013-09-01/login", query: "userName=reader&password=new%20password").status == 200)

            // The control: the same script run in the dashboard's origin does read and create, so the checks above
            // would have seen it.
            try await browser.open(server.origin + "/dashboard/")
            try await browser.waitForPage("applications")
            try await browser.execute(Self.attack("control"))
            #expect(try await applications() == ["e2e", "pwned-control-\(server.clientKey)"])
        }
    }

    // MARK: Helpers

    /// The names of the applications, as the administrator's session lists them.
    static func applicationNames(_ server: DashboardServer, cookies: [String: String]) async throws -> [String] {
        let listed = try await server.dashboard(.GET, "/dashboard/api/apps", cookies: cookies)
        return (try JSONValue(parsing: listed.body)["results"]?.arrayValue ?? []).compactMap { $0["name"]?.stringValue }.sorted()
    }

    /// Uploads a file readable by everyone through the signed REST API, as any app's client may.
    static func upload(_ server: DashboardServer, name: String, type: String, body: String) async throws {
        let path = "/2013-09-01/files/" + PercentEncoding.encode(name)
        let form = MultipartForm(fileName: name, mimeType: type, data: Array(body.utf8), acl: ["*": ["read": true, "write": true]])
        let timestamp = WireDate(millisecondsSince1970: Int64(Date().timeIntervalSince1970 * 1000)).formatted
        var request = HTTPClientRequest(url: server.origin + path)
        request.method = .POST
        request.headers.add(name: NCMBHeaderName.applicationKey, value: server.applicationKey)
        request.headers.add(name: NCMBHeaderName.timestamp, value: timestamp)
        request.headers.add(
            name: NCMBHeaderName.signature,
            value: RequestSignature.signature(
                method: "POST", host: "127.0.0.1", path: path, rawQuery: nil, applicationKey: server.applicationKey,
                clientKey: server.clientKey, timestamp: timestamp))
        request.headers.add(name: "Content-Type", value: form.contentType)
        request.body = .bytes(ByteBuffer(bytes: form.encodedBytes()))
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
        _ = try await response.body.collect(upTo: 1024 * 1024)
        #expect(response.status == .created, "upload of \(name)")
    }

    /// The path and query of the link in the one mail to `address` (the `file` transport's `.eml` in the data directory).
    static func mailLink(_ server: DashboardServer, to address: String) throws -> String {
        let folder = server.dataDirectory.appendingPathComponent("mail")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".eml") }
        let mails = try names.map { try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8) }.compactMap(ParsedMail.init)
        let mail = try #require(mails.first { $0.headers["to"] == address })
        let link = try #require(mail.firstLink)
        let start = try #require(link.range(of: "/2013-09-01/"))
        return String(link[start.lowerBound...])
    }

    /// A JavaScript string literal of `text`.
    static func jsString(_ text: String) -> String {
        JSONValue.string(text).serializedString()
    }
}
