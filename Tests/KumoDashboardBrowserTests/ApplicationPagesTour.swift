import Foundation
import KumoTestSupport
import NCMBWire
import NIOHTTP1
import Testing

extension WebDriverSession {
    /// Opens every page of an application's users, roles, files, installations, settings and a class's permissions
    /// and indexes (reached through the application page's navigation and the class's toolbar), in the current
    /// language: each renders, leaves no stray text in `main`, and its console stays clean. Creates a user, a role, an
    /// installation and a PNG file the first time. With `checkingWidth`, each page must also fit the window's width
    /// (wide tables scroll inside their frame). Returns the console errors seen.
    func visitApplicationPages(of server: DashboardServer, checkingWidth: Bool = false) async throws -> [LogEntry] {
        var errors: [LogEntry] = []
        let fixtures = try await ApplicationPageFixtures.ensure(on: server, browser: self)
        let application = "/dashboard/apps/\(server.applicationName)"
        let pages: [(path: String, page: String)] = [
            ("\(application)/users", "users"), ("\(application)/users/\(fixtures.user)", "user"),
            ("\(application)/roles", "roles"), ("\(application)/roles/\(fixtures.role)", "role"),
            ("\(application)/files", "files"), ("\(application)/files/\(ApplicationPageFixtures.fileName)", "file"),
            ("\(application)/installations", "installations"), ("\(application)/settings", "settings"),
            ("\(application)/classes/Food/permissions", "class-permissions"),
            ("\(application)/classes/Food/indexes", "class-indexes"),
        ]
        try await open(server.origin + application)
        try await waitForPage("application")
        for (path, page) in pages {
            // Each page through a link where the app has one, else by its URL.
            if let link = try await execute("return document.querySelector('main a[href=\"\(path)\"]') !== null").boolValue, link {
                try await element(#"main a[href="\#(path)"]"#).click()
            } else {
                try await open(server.origin + path)
            }
            try await waitForPage(page)
            #expect(try await currentURL() == server.origin + path)
            #expect(try await element("main h1").text().isEmpty == false, "\(page) has a title")
            #expect(try await execute(SessionBrowserTests.strayTextInMain) == [], "\(page) has no stray text")
            if checkingWidth {
                #expect(try await execute(UsersAndRolesBrowserTests.pageOverflows) == false, "\(page) fits the width")
            }
            errors += try await consoleErrorsExceptFavicon()
        }
        return errors
    }
}

/// What the tour's pages show: one user, one role, one installation, one PNG file.
struct ApplicationPageFixtures {
    static let fileName = "tour.png"
    let user: String
    let role: String

    /// Finds the fixtures, creating them the first time (the user and role through REST, the file through the
    /// dashboard's upload API with the browser's session).
    static func ensure(on server: DashboardServer, browser: WebDriverSession) async throws -> ApplicationPageFixtures {
        let user = try await objectId(on: server, path: "users", field: "userName", value: "tour-user") {
            #"{"userName":"tour-user","password":"tour-password-1","mailAddress":"tour@example.com"}"#
        }
        let role = try await objectId(on: server, path: "roles", field: "roleName", value: "TourRole") {
            #"{"roleName":"TourRole","belongUser":{"__op":"AddRelation","objects":[{"__type":"Pointer","className":"user","objectId":"\#(user)"}]}}"#
        }
        _ = try await objectId(on: server, path: "installations", field: "deviceToken", value: "tour-token") {
            #"{"deviceToken":"tour-token","deviceType":"ios","channels":["news"]}"#
        }
        let bytes = FilesBrowserTests.png.map { String($0) }.joined(separator: ",")
        let uploaded = try await browser.executeAsync(
            """
            const done = arguments[arguments.length - 1];
            (async () => {
              const session = await (await fetch('/dashboard/api/session')).json();
              const listed = await (await fetch('/dashboard/api/apps/\(server.applicationName)/files?where=' + encodeURIComponent('{"fileName":"\(fileName)"}'))).json();
              if (listed.results.length) return 200;
              const response = await fetch('/dashboard/api/apps/\(server.applicationName)/files/\(fileName)', {
                method: 'POST', headers: { 'X-Kumo-CSRF': session.csrfToken, 'Content-Type': 'image/png' },
                body: new Uint8Array([\(bytes)]),
              });
              return response.status;
            })().then(done, (error) => done(String(error)));
            """)
        #expect(uploaded == 200 || uploaded == 201, "the tour's file: \(uploaded)")
        return ApplicationPageFixtures(user: user, role: role)
    }

    private static func objectId(
        on server: DashboardServer, path: String, field: String, value: String, body: () -> String
    ) async throws -> String {
        let whereJSON = try #require(#"{"\#(field)":"\#(value)"}"#.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
        if let found = try await server.rest(.GET, "/2013-09-01/\(path)", query: "where=\(whereJSON)")
            .json?["results"]?.arrayValue?.first?["objectId"]?.stringValue
        {
            return found
        }
        return try #require(try await server.rest(.POST, "/2013-09-01/\(path)", body: body()).json?["objectId"]?.stringValue)
    }
}
