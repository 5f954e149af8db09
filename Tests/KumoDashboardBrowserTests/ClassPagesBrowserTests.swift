import Foundation
import KumoTestSupport
import NCMBWire
import NIOHTTP1
import Testing

/// A class's permissions and indexes pages in a real headless Chromium against a real `kumo serve`: a permission
/// changed in the browser refuses a signed REST request; an index added and removed by hand, one added from a suggestion.
@Suite(.serialized, .enabled(if: browserIsUsable, browserRequirement))
struct ClassPagesBrowserTests {
    @Test func aClassPermissionChangedInTheBrowserRefusesASignedRESTRequest() async throws {
        let server = try await DashboardServer.started()
        defer { server.stop() }

        try await WebDriver.withSession { browser in
            // No REST request before the change: nothing is cached yet, so the first one reads the new permissions.
            try await browser.signIn(to: server, openingPath: "/dashboard/apps/e2e/classes/Food")
            try await browser.waitForPage("objects")
            try await browser.element("#class-permissions").click()
            try await browser.waitForPage("class-permissions")
            #expect(try await Self.value(browser, "find", "choice") == "public")

            try await browser.choose("nobody", in: #"fieldset[data-operation="find"] select[name="choice"]"#)
            try await browser.choose("roles", in: #"fieldset[data-operation="update"] select[name="choice"]"#)
            try await browser.element(#"fieldset[data-operation="update"] input[name="roles"]"#).type("Admin, Editor")
            try await browser.element("#save-permissions").click()
            #expect(try await browser.element(#"#status[data-kind="success"]"#).text().contains("Food"))
            try await browser.waitForPage("class-permissions")
            #expect(try await Self.value(browser, "find", "choice") == "nobody")
            #expect(try await Self.value(browser, "update", "choice") == "roles")
            #expect(try await Self.value(browser, "update", "roles") == "Admin, Editor")

            let refused = try await server.rest(.GET, "/2013-09-01/classes/Food")
            #expect(refused.status == 403)
            #expect(refused.json?["code"] == "E403001")
            // Create stays open to everyone.
            #expect(try await server.rest(.POST, "/2013-09-01/classes/Food", body: #"{"name":"ramen"}"#).status == 201)

            // Roles chosen without a name are refused in the page, next to the operation.
            try await browser.choose("roles", in: #"fieldset[data-operation="delete"] select[name="choice"]"#)
            try await browser.element("#save-permissions").click()
            try await browser.element(#"#status[data-kind="error"]"#)
            #expect(try await browser.element(#"fieldset[data-operation="delete"] p.error"#).text().isEmpty == false)
            #expect(try await browser.consoleErrorsExceptFavicon().isEmpty)
        }
    }

    @Test func indexesAreAddedByHandAndFromASuggestionAndRemoved() async throws {
        let server = try await DashboardServer.started()
        defer { server.stop() }
        for (name, price) in [("ramen", 900), ("udon", 500)] {
            _ = try await server.rest(.POST, "/2013-09-01/classes/Food", body: #"{"name":"\#(name)","price":\#(price)}"#)
        }

        try await WebDriver.withSession { browser in
            try await browser.signIn(to: server, openingPath: "/dashboard/apps/e2e/classes/Food")
            try await browser.waitForPage("objects")
            try await browser.element("#class-indexes").click()
            try await browser.waitForPage("class-indexes")
            try await browser.element("#no-indexes")
            try await browser.element("#no-suggestions")

            // A field without a kind gets the kind its values have.
            try await browser.element(#"#add-index input[name="fields"]"#).type("name, price" + WebDriverKey.enter)
            #expect(try await browser.element(#"#status[data-kind="success"]"#).text().contains("name:string, price:number"))
            try await browser.waitForPage("class-indexes")
            let row = try await browser.element(#"#indexes tr[data-fields="name:string, price:number"]"#)
            #expect(try await row.attribute("data-name")?.hasPrefix("kumo_index_") == true)
            let listed = try await browser.executeAsync(
                """
                const done = arguments[arguments.length - 1];
                fetch('/dashboard/api/apps/e2e/classes/Food/indexes').then((response) => response.json()).then(done, (error) => done(String(error)));
                """)
            #expect(listed["results"]?.arrayValue?.count == 1)

            try await browser.element(#"#indexes tr[data-fields="name:string, price:number"] button"#).click()
            try await browser.element("#confirm-accept").click()
            try await browser.element(#"#status[data-kind="success"]"#)
            try await browser.waitForPage("class-indexes")
            try await browser.element("#no-indexes")

            // A suggestion of the index advisor, added with its button. The advisor records only queries slower than a
            // threshold, which a test cannot make happen on demand, so the suggestion is put into the page's answer;
            // the index it adds is created by the real API.
            try await browser.execute(
                """
                const original = window.fetch;
                window.fetch = async (input, options) => {
                  const response = await original(input, options);
                  if (!String(input).endsWith('/classes/Food/indexes') || (options?.method ?? 'GET') !== 'GET') return response;
                  const answer = await response.json();
                  answer.suggestions = [{ fields: [{ field: 'price', kind: 'number' }], shape: 'range(price:number)', runs: 42,
                    totalMilliseconds: 8400, maximumMilliseconds: 350, lastSeen: '2026-11-28T00:00:00.000Z' }];
                  return new Response(JSON.stringify(answer), { status: 200, headers: { 'Content-Type': 'application/json' } });
                };
                """)
            try await browser.element(#".breadcrumbs a[href="/dashboard/apps/e2e/classes/Food"]"#).click()
            try await browser.waitForPage("objects")
            try await browser.element("#class-indexes").click()
            try await browser.waitForPage("class-indexes")
            try await browser.element(#"#index-suggestions tr[data-fields="price:number"] button"#).click()
            #expect(try await browser.element(#"#status[data-kind="success"]"#).text().contains("price:number"))
            try await browser.waitForPage("class-indexes")
            try await browser.element(#"#indexes tr[data-fields="price:number"]"#)
            #expect(try await browser.consoleErrorsExceptFavicon().isEmpty)
        }
    }

    /// The value of a control in an operation's fieldset of the permissions page.
    static func value(_ browser: WebDriverSession, _ operation: String, _ control: String) async throws -> String? {
        try await browser.element(#"fieldset[data-operation="\#(operation)"] [name="\#(control)"]"#).property("value").stringValue
    }
}
