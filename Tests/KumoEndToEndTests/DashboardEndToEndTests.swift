import AsyncHTTPClient
import Foundation
import NCMBWire
import NIOCore
import NIOHTTP1
import Testing

/// The dashboard over real HTTP through a real `kumo serve`: the first start's setup link, the session cookie, a
/// change through the admin API seen by a signed REST call, the CSRF refusal, and the separate listener
/// (docs/dashboard.md).
@Suite struct DashboardEndToEndTests {
    /// A client that does not follow redirects and keeps the cookies it is given.
    final class Browser: @unchecked Sendable {
        // Unchecked: used by one test task at a time.
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: .init(redirectConfiguration: .disallow))
        let base: String
        var cookies: [String: String] = [:]

        init(port: Int) { base = "http://127.0.0.1:\(port)" }

        func send(
            _ method: HTTPMethod, _ path: String, body: String? = nil, contentType: String = "application/json",
            headers extra: [String: String] = [:]
        ) async throws -> (status: Int, headers: HTTPHeaders, body: String) {
            var request = HTTPClientRequest(url: base + path)
            request.method = method
            if !cookies.isEmpty {
                request.headers.add(name: "Cookie", value: cookies.map { "\($0.key)=\($0.value)" }.joined(separator: "; "))
            }
            if let body {
                request.headers.add(name: "Content-Type", value: contentType)
                request.body = .bytes(ByteBuffer(string: body))
            }
            for (name, value) in extra { request.headers.add(name: name, value: value) }
            let response = try await client.execute(request, timeout: .seconds(30))
            for setCookie in response.headers["Set-Cookie"] {
                let pair = setCookie.split(separator: ";")[0]
                guard let equals = pair.firstIndex(of: "=") else { continue }
                let name = String(pair[..<equals])
                cookies[name] = setCookie.contains("Max-Age=0") ? nil : String(pair[pair.index(after: equals)...])
            }
            let bytes = try await response.body.collect(upTo: 16 * 1024 * 1024)
            return (Int(response.status.code), response.headers, String(buffer: bytes))
        }

        func shutdown() async throws { try await client.shutdown() }
    }

    static func setupToken(in output: String) throws -> String {
        let range = try #require(output.range(of: #"/dashboard/setup\?token=[0-9a-f]+"#, options: .regularExpression))
        return String(output[range].split(separator: "=")[1])
    }

    @Test func theSetupLinkSignsInAndADashboardChangeIsSeenThroughREST() async throws {
        let kumo = try KumoProcess()
        defer { kumo.removeData() }
        try kumo.createApplication()
        let output = try kumo.start(extraArguments: ["--dashboard-password-hash-cost", "4"], alsoAwaiting: "dashboard/setup")
        defer { kumo.stop() }
        let token = try Self.setupToken(in: output)
        let browser = Browser(port: kumo.port)

        let setupPage = try await browser.send(.GET, "/dashboard/setup?token=\(token)")
        let formToken = try #require(browser.cookies["kumo_dashboard_form"])
        let created = try await browser.send(
            .POST, "/dashboard/setup", body: "email=ops%40example.com&password=correct%20horse&token=\(token)&csrf=\(formToken)",
            contentType: "application/x-www-form-urlencoded")
        let session = try await browser.send(.GET, "/dashboard/api/session")
        let csrf = try #require(try JSONValue(parsing: Array(session.body.utf8)).objectValue?["csrfToken"]?.stringValue)
        let forged = try await browser.send(.POST, "/dashboard/api/apps/e2e/classes/Chat/objects", body: #"{"text":"forged"}"#)
        let object = try await browser.send(
            .POST, "/dashboard/api/apps/e2e/classes/Chat/objects", body: #"{"text":"from the dashboard"}"#, headers: ["X-Kumo-CSRF": csrf])
        let objectId = try #require(try JSONValue(parsing: Array(object.body.utf8)).objectValue?["objectId"]?.stringValue)
        let rest = try await kumo.send(.GET, "/2013-09-01/classes/Chat/\(objectId)")
        let admins = try kumo.runCommand(["admins", "list", "--json", "--data-dir", kumo.dataDirectory.path])
        try await browser.shutdown()

        #expect(setupPage.status == 200)
        #expect(setupPage.headers.first(name: "Content-Security-Policy")?.contains("default-src 'self'") == true)
        #expect(created.status == 303 && created.headers.first(name: "Location") == "/dashboard/")
        #expect(session.status == 200)
        #expect(forged.status == 403)
        #expect(object.status == 201)
        #expect(rest.status == 200 && rest.body.contains(#""text":"from the dashboard""#))
        #expect(admins.contains(#""email":"ops@example.com""#))
    }

    @Test func aSeparateListenerServesTheDashboardAndTheAPIPortDoesNot() async throws {
        let kumo = try KumoProcess()
        defer { kumo.removeData() }
        try kumo.createApplication()
        try kumo.runCommand([
            "admins", "create", "--email", "ops@example.com", "--password", "correct horse", "--password-hash-cost", "4",
            "--data-dir", kumo.dataDirectory.path,
        ])
        let output = try kumo.start(
            extraArguments: ["--dashboard-port", "0", "--dashboard-password-hash-cost", "4"],
            alsoAwaiting: #"Dashboard: http://127\.0\.0\.1:\d+/"#)
        defer { kumo.stop() }
        let range = try #require(output.range(of: #"Dashboard: http://127\.0\.0\.1:\d+/"#, options: .regularExpression))
        let dashboardPort = try #require(Int(output[range].split(separator: ":").last?.dropLast() ?? ""))
        let dashboard = Browser(port: dashboardPort)
        let api = Browser(port: kumo.port)

        let page = try await dashboard.send(.GET, "/dashboard/login")
        let formToken = try #require(dashboard.cookies["kumo_dashboard_form"])
        let signIn = try await dashboard.send(
            .POST, "/dashboard/login", body: "email=ops%40example.com&password=correct%20horse&csrf=\(formToken)",
            contentType: "application/x-www-form-urlencoded")
        let apps = try await dashboard.send(.GET, "/dashboard/api/apps")
        let other = try await dashboard.send(.GET, "/2013-09-01/classes/Chat")
        let onAPIPort = try await api.send(.GET, "/dashboard/login")
        try await dashboard.shutdown()
        try await api.shutdown()

        #expect(!output.contains("dashboard/setup"))
        #expect(page.status == 200 && page.body.contains(#"name="password""#))
        #expect(signIn.status == 303)
        #expect(apps.status == 200 && apps.body.contains(#""name":"e2e""#))
        #expect(other.status == 404)
        #expect(onAPIPort.status == 404 && onAPIPort.body.contains("E404001"))
    }

    @Test func dashboardOffServesNoDashboardAndPrintsNoLink() async throws {
        let kumo = try KumoProcess()
        defer { kumo.removeData() }
        try kumo.createApplication()
        let output = try kumo.start(extraArguments: ["--dashboard", "off"])
        defer { kumo.stop() }
        let browser = Browser(port: kumo.port)

        let page = try await browser.send(.GET, "/dashboard/login")
        try await browser.shutdown()

        #expect(!output.contains("Dashboard:") && !output.contains("dashboard/setup"))
        #expect(page.status == 404 && page.body.contains("E404001"))
    }
}
