import Foundation
import KumoTestSupport
import NCMBWire
import NIOHTTP1
import Testing

/// The users, roles and installations pages in a real headless Chromium against a real `kumo serve`: each change is
/// read back through the NCMB REST API with a signed request, and the reset mail from the `file` mail transport.
@Suite(.serialized, .enabled(if: browserIsUsable, browserRequirement))
struct UsersAndRolesBrowserTests {
    @Test func createAndEditAUserSendAResetMailEndItsSessionsAndDeleteIt() async throws {
        let server = try await DashboardServer.started()
        defer { server.stop() }

        try await WebDriver.withSession { browser in
            var consoleErrors: [WebDriverSession.LogEntry] = []
            try await browser.signIn(to: server, openingPath: "/dashboard/apps/e2e")
            try await browser.waitForPage("application")
            try await browser.element(#"#application-sections a[data-section="users"]"#).click()
            try await browser.waitForPage("users")
            try await browser.element("#no-users")

            // Create from the list: the user opens on its own page.
            try await browser.element(#"#create-user input[name="userName"]"#).type("hanako")
            try await browser.element(#"#create-user input[name="password"]"#).type("hanako-password-1")
            try await browser.element(#"#create-user input[name="mailAddress"]"#).type("hanako@example.com" + WebDriverKey.enter)
            let main = try await browser.waitForPage("user", #":not([data-object-id=""])"#)
            let objectId = try #require(try await main.attribute("data-object-id"))
            #expect(try await browser.element(#"#status[data-kind="success"]"#).text().contains("hanako"))
            #expect(try await browser.currentURL() == server.origin + "/dashboard/apps/e2e/users/\(objectId)")
            consoleErrors += try await browser.consoleErrorsExceptFavicon()

            // Edit: a new field through the object editor, seen by REST.
            try await browser.element(#"#add-field input[name="newField"]"#).type("nickname" + WebDriverKey.enter)
            try await browser.element(#"fieldset[data-field="nickname"] input[name="value"]"#).type("はなちゃん")
            try await browser.element("#save").click()
            try await browser.element(#"#status[data-kind="success"]"#)
            try await browser.waitForPage("user")
            let edited = try await server.rest(.GET, "/2013-09-01/users/\(objectId)")
            #expect(edited.json?["nickname"] == "はなちゃん")
            #expect(edited.json?["mailAddress"] == "hanako@example.com")

            // The password-reset mail goes out through the file transport.
            try await browser.element("#send-password-reset").click()
            #expect(try await browser.element(#"#status[data-kind="success"]"#).text().contains("hanako@example.com"))
            let mails = try Self.mails(in: server)
            #expect(mails.count == 1)
            #expect(mails.first?.contains("To: hanako@example.com") == true)
            consoleErrors += try await browser.consoleErrorsExceptFavicon()

            // Ending the sessions invalidates the token of a login made before.
            let login = try await server.rest(.POST, "/2013-09-01/login", body: #"{"userName":"hanako","password":"hanako-password-1"}"#)
            let token = try #require(login.json?["sessionToken"]?.stringValue)
            #expect(try await server.rest(.GET, "/2013-09-01/users/\(objectId)", sessionToken: token).status == 200)
            try await browser.element("#end-sessions").click()
            try await browser.element("#confirm-accept").click()
            try await browser.element(#"#status[data-kind="success"]"#)
            let afterEnd = try await server.rest(.GET, "/2013-09-01/users/\(objectId)", sessionToken: token)
            #expect(afterEnd.status == 401)
            #expect(afterEnd.json?["code"] == "E401001")

            // A new password: a `password` field added and saved; the user logs in with it, not with the old one.
            #expect(try await browser.element("main h1").text() == "hanako")
            try await browser.element(#"#add-field input[name="newField"]"#).type("password" + WebDriverKey.enter)
            try await browser.element(#"fieldset[data-field="password"] input[name="value"]"#).type("hanako-password-2")
            try await browser.element("#save").click()
            try await browser.element(#"#status[data-kind="success"]"#)
            try await browser.waitForPage("user")
            let newLogin = try await server.rest(.POST, "/2013-09-01/login", body: #"{"userName":"hanako","password":"hanako-password-2"}"#)
            #expect(newLogin.status == 200)
            let oldLogin = try await server.rest(.POST, "/2013-09-01/login", body: #"{"userName":"hanako","password":"hanako-password-1"}"#)
            #expect(oldLogin.status == 401)

            // Search finds the user by part of the mail address; delete from the user page.
            try await browser.element(#".breadcrumbs a[href="/dashboard/apps/e2e/users"]"#).click()
            try await browser.waitForPage("users")
            try await browser.element(#"#search-users input[name="q"]"#).type("ko@example" + WebDriverKey.enter)
            try await browser.element(#"main[aria-busy="false"] #search-users a.button"#)
            #expect(try await browser.currentURL().hasSuffix("/users?q=ko%40example"))
            try await browser.element(#"#users tr[data-object-id="\#(objectId)"] .user-link"#).click()
            try await browser.waitForPage("user", #"[data-object-id="\#(objectId)"]"#)
            try await browser.element("#delete-object").click()
            try await browser.element("#confirm-accept").click()
            try await browser.waitForPage("users")
            #expect(try await server.rest(.GET, "/2013-09-01/users/\(objectId)").status == 404)
            consoleErrors += try await browser.consoleErrorsExceptFavicon()
            #expect(consoleErrors.isEmpty, "console errors: \(consoleErrors)")
        }
    }

    @Test func aUserAndAChildRoleAddedOnTheRolePageAreSeenThroughREST() async throws {
        let server = try await DashboardServer.started()
        defer { server.stop() }
        let user = try #require(
            try await server.rest(.POST, "/2013-09-01/users", body: #"{"userName":"taro","password":"taro-password-1"}"#)
                .json?["objectId"]?.stringValue)
        let writers = try #require(
            try await server.rest(.POST, "/2013-09-01/roles", body: #"{"roleName":"Writers"}"#).json?["objectId"]?.stringValue)

        try await WebDriver.withSession { browser in
            try await browser.signIn(to: server, openingPath: "/dashboard/apps/e2e/roles")
            try await browser.waitForPage("roles")
            try await browser.element(#"#create-role input[name="roleName"]"#).type("Editors" + WebDriverKey.enter)
            let main = try await browser.waitForPage("role", #":not([data-object-id=""])"#)
            let editors = try #require(try await main.attribute("data-object-id"))
            try await browser.element("#no-users")

            // A user by name, a child role by name.
            try await browser.element(#"#add-users input"#).type("taro" + WebDriverKey.enter)
            try await browser.element(#"#users-table tr[data-object-id="\#(user)"]"#)
            try await browser.element(#"#add-children input"#).type("Writers" + WebDriverKey.enter)
            try await browser.element(#"#children-table tr[data-object-id="\#(writers)"]"#)
            #expect(try await Self.related(server, role: editors, key: "belongUser", in: "users") == [user])
            #expect(try await Self.related(server, role: editors, key: "belongRole", in: "roles") == [writers])

            // An unknown name is refused without a change.
            try await browser.element(#"#add-users input"#).type("nobody-here" + WebDriverKey.enter)
            #expect(try await browser.element(#"#status[data-kind="error"]"#).text().contains("nobody-here"))

            // Remove the user again.
            try await browser.element(#"#users-table tr[data-object-id="\#(user)"] button"#).click()
            try await browser.element(#"main[aria-busy="false"] #no-users:not([hidden])"#)
            #expect(try await Self.related(server, role: editors, key: "belongUser", in: "users") == [])
            #expect(try await Self.related(server, role: editors, key: "belongRole", in: "roles") == [writers])

            // The list shows both roles, each linking to its page.
            try await browser.element(#".breadcrumbs a[href="/dashboard/apps/e2e/roles"]"#).click()
            try await browser.waitForPage("roles")
            #expect(try await browser.elements("#roles tbody tr").count == 2)
            #expect(try await browser.consoleErrorsExceptFavicon().isEmpty)
        }
    }

    /// A refused action says why in the status line and leaves the page usable: a create whose role name is taken gets
    /// its button back and the focus in the name box; a delete of a role removed meanwhile stays on the role's page.
    @Test func aRefusedCreateOrDeleteSaysWhyAndLeavesThePageUsable() async throws {
        let server = try await DashboardServer.started()
        defer { server.stop() }
        let writers = try #require(
            try await server.rest(.POST, "/2013-09-01/roles", body: #"{"roleName":"Writers"}"#).json?["objectId"]?.stringValue)

        try await WebDriver.withSession { browser in
            try await browser.signIn(to: server, openingPath: "/dashboard/apps/e2e/roles")
            try await browser.waitForPage("roles")
            try await browser.element(#"#create-role input[name="roleName"]"#).type("Writers" + WebDriverKey.enter)
            try await browser.element(#"#status[data-kind="error"]"#)
            #expect(try await browser.element(#"#create-role button[type="submit"]"#).property("disabled") == false)
            #expect(try await browser.execute("return document.activeElement.name") == "roleName")
            #expect(try await browser.elements("#roles tbody tr").count == 1)

            try await browser.element(#"#roles tr[data-object-id="\#(writers)"] a"#).click()
            try await browser.waitForPage("role", #"[data-object-id="\#(writers)"]"#)
            #expect(try await server.rest(.DELETE, "/2013-09-01/roles/\(writers)").status == 200)
            try await browser.element("#delete-role").click()
            try await browser.element("#confirm-accept").click()
            try await browser.element(#"#status[data-kind="error"]"#)
            try await browser.waitForPage("role", #"[data-object-id="\#(writers)"]"#)
        }
    }

    @Test func installationsAreListedOpenedEditedAndDeletedAtTabletWidth() async throws {
        let server = try await DashboardServer.started()
        defer { server.stop() }
        let installation = try #require(
            try await server.rest(
                .POST, "/2013-09-01/installations",
                body: #"{"deviceToken":"token-1","deviceType":"android","timeZone":"Asia/Tokyo","badge":1}"#
            ).json?["objectId"]?.stringValue)

        try await WebDriver.withSession(width: 768, height: 1024) { browser in
            try await browser.signIn(to: server, openingPath: "/dashboard/apps/e2e/installations")
            try await browser.waitForPage("installations")
            #expect(try await browser.execute(Self.pageOverflows) == false)
            try await browser.element(#"tr[data-object-id="\#(installation)"] .object-link"#).click()
            try await browser.waitForPage("object", #"[data-object-id="\#(installation)"]"#)
            #expect(try await browser.execute(Self.pageOverflows) == false)
            try await browser.element(#"fieldset[data-field="badge"] input[name="value"]"#).replaceText(with: "5")
            try await browser.element("#save").click()
            try await browser.element(#"#status[data-kind="success"]"#)
            try await browser.waitForPage("object")
            #expect(try await server.rest(.GET, "/2013-09-01/installations/\(installation)").json?["badge"] == 5)

            try await browser.element("#delete-object").click()
            try await browser.element("#confirm-accept").click()
            try await browser.waitForPage("objects")
            #expect(try await server.rest(.GET, "/2013-09-01/installations/\(installation)").status == 404)
            #expect(try await browser.consoleErrorsExceptFavicon().isEmpty)
        }
    }

    @Test func everyApplicationPageFitsATabletInPortrait() async throws {
        let server = try await DashboardServer.started()
        defer { server.stop() }
        _ = try await server.rest(.POST, "/2013-09-01/classes/Food", body: #"{"name":"ramen","price":900}"#)

        try await WebDriver.withSession(acceptLanguage: "ja", width: 768, height: 1024) { browser in
            try await browser.signIn(to: server)
            try await browser.waitForPage("applications")
            let errors = try await browser.visitApplicationPages(of: server, checkingWidth: true)
            #expect(errors.isEmpty, "console errors: \(errors)")
        }
    }

    /// Whether the page is wider than the window (a control or table that does not fit pushes it sideways).
    static let pageOverflows = "return document.documentElement.scrollWidth > window.innerWidth"

    /// The objectIds a role's relation holds, through a signed REST query with `$relatedTo`.
    static func related(_ server: DashboardServer, role: String, key: String, in path: String) async throws -> [String] {
        let whereJSON = #"{"$relatedTo":{"object":{"__type":"Pointer","className":"role","objectId":"\#(role)"},"key":"\#(key)"}}"#
        let encoded = try #require(whereJSON.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
        let answer = try await server.rest(.GET, "/2013-09-01/\(path)", query: "where=\(encoded)")
        #expect(answer.status == 200)
        return answer.json?["results"]?.arrayValue?.compactMap { $0["objectId"]?.stringValue } ?? []
    }

    /// The mails the server wrote with the `file` transport (`<data-dir>/mail/*.eml`), as text.
    static func mails(in server: DashboardServer) throws -> [String] {
        let folder = server.dataDirectory.appendingPathComponent("mail")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return try names.filter { $0.hasSuffix(".eml") }.sorted().map {
            try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8)
        }
    }
}
