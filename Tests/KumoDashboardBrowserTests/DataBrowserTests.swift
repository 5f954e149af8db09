import Foundation
import KumoTestSupport
import NCMBWire
import NIOHTTP1
import Testing

/// The data browser in a real headless Chromium against a real `kumo serve`: each change made in the browser is read
/// back through the NCMB REST API with a signed request, as an app would see it.
@Suite(.serialized, .enabled(if: browserIsUsable, browserRequirement))
struct DataBrowserTests {
    @Test func createEditAndDeleteAnObjectWithADateAPointerAndAnACL() async throws {
        let server = try await DashboardServer.started()
        defer { server.stop() }
        let firstShop = try #require(
            try await server.rest(.POST, "/2013-09-01/classes/Shop", body: #"{"name":"Ichiran"}"#).json?["objectId"]?.stringValue)
        let secondShop = try #require(
            try await server.rest(.POST, "/2013-09-01/classes/Shop", body: #"{"name":"Fuunji"}"#).json?["objectId"]?.stringValue)

        try await WebDriver.withSession { browser in
            var consoleErrors: [WebDriverSession.LogEntry] = []
            // A deep link without a session goes to the login form, then back to the deep link.
            try await browser.signIn(to: server, openingPath: "/dashboard/apps/e2e/classes/Food")
            try await browser.waitForPage("objects")
            #expect(try await browser.currentURL() == server.origin + "/dashboard/apps/e2e/classes/Food")
            consoleErrors += try await browser.consoleErrorsExceptFavicon()

            // Create: a string, a Date, a Pointer, and an ACL readable by everyone and writable by one role.
            try await browser.element("#new-object").click()
            try await browser.waitForPage("object")
            try await addField(browser, name: "name", type: "string")
            try await browser.element(#"fieldset[data-field="name"] input[name="value"]"#).type("ramen")
            try await addField(browser, name: "when", type: "date")
            try await browser.element(#"fieldset[data-field="when"] input[name="iso"]"#).type("2026-03-04T05:06:07.000Z")
            try await addField(browser, name: "owner", type: "pointer")
            try await browser.element(#"fieldset[data-field="owner"] input[name="className"]"#).type("Shop")
            try await browser.element(#"fieldset[data-field="owner"] input[name="objectId"]"#).type(firstShop)
            try await browser.element(#"tr[data-principal="*"] input[name="write"]"#).click()
            try await browser.element(#".acl-editor input[name="principal"]"#).type("role:Editor" + WebDriverKey.enter)
            try await browser.element(#"tr[data-principal="role:Editor"] input[name="write"]"#).click()
            try await browser.element("#save").click()
            let main = try await browser.waitForPage("object", #":not([data-object-id=""])"#)
            let objectId = try #require(try await main.attribute("data-object-id"))
            #expect(try await browser.element(#"#status[data-kind="success"]"#).text().contains(objectId))
            consoleErrors += try await browser.consoleErrorsExceptFavicon()

            let created = try await server.rest(.GET, "/2013-09-01/classes/Food/\(objectId)")
            #expect(created.status == 200)
            #expect(created.json?["name"] == "ramen")
            #expect(created.json?["when"] == ["__type": "Date", "iso": "2026-03-04T05:06:07.000Z"])
            #expect(created.json?["owner"] == ["__type": "Pointer", "className": "Shop", "objectId": .string(firstShop)])
            #expect(created.json?["acl"] == ["*": ["read": true], "role:Editor": ["read": true, "write": true]])

            // The pointer links to its target.
            let link = try await browser.element(#"fieldset[data-field="owner"] a.pointer-link"#)
            #expect(try await link.attribute("href") == "/dashboard/apps/e2e/classes/Shop/objects/\(firstShop)")

            // Edit the same three values.
            try await browser.element(#"fieldset[data-field="when"] input[name="iso"]"#).replaceText(with: "2027-12-31T23:59:59.000Z")
            try await browser.element(#"fieldset[data-field="owner"] input[name="objectId"]"#).replaceText(with: secondShop)
            try await browser.element(#"tr[data-principal="role:Editor"] input[name="write"]"#).click()
            try await browser.element(#".acl-editor input[name="principal"]"#).type("role:Owner" + WebDriverKey.enter)
            try await browser.element(#"tr[data-principal="role:Owner"] input[name="write"]"#).click()
            try await browser.element("#save").click()
            #expect(try await browser.element(#"#status[data-kind="success"]"#).text().isEmpty == false)
            try await browser.waitForPage("object")
            consoleErrors += try await browser.consoleErrorsExceptFavicon()

            let updated = try await server.rest(.GET, "/2013-09-01/classes/Food/\(objectId)")
            #expect(updated.json?["name"] == "ramen")
            #expect(updated.json?["when"] == ["__type": "Date", "iso": "2027-12-31T23:59:59.000Z"])
            #expect(updated.json?["owner"] == ["__type": "Pointer", "className": "Shop", "objectId": .string(secondShop)])
            #expect(
                updated.json?["acl"] == ["*": ["read": true], "role:Editor": ["read": true], "role:Owner": ["read": true, "write": true]])

            // The grid lists the object with its objectId.
            try await browser.element(#".breadcrumbs a[href="/dashboard/apps/e2e/classes/Food"]"#).click()
            try await browser.waitForPage("objects")
            #expect(try await browser.element(#"tr[data-object-id="\#(objectId)"] .object-link"#).text() == objectId)

            // Delete from the object page, confirming in the dialog.
            try await browser.element(#"tr[data-object-id="\#(objectId)"] .object-link"#).click()
            try await browser.waitForPage("object", #"[data-object-id="\#(objectId)"]"#)
            try await browser.element("#delete-object").click()
            try await browser.element("#confirm-accept").click()
            try await browser.waitForPage("objects")
            #expect(try await browser.element(#"#status[data-kind="success"]"#).text().contains(objectId))
            consoleErrors += try await browser.consoleErrorsExceptFavicon()

            let deleted = try await server.rest(.GET, "/2013-09-01/classes/Food/\(objectId)")
            #expect(deleted.status == 404)
            #expect(consoleErrors.isEmpty, "console errors: \(consoleErrors)")
        }
    }

    @Test func filterSortAndBulkDeleteInTheGrid() async throws {
        let server = try await DashboardServer.started()
        defer { server.stop() }
        var objectIds: [String] = []
        for (name, price) in [("ramen", 900), ("udon", 500), ("soba", 700)] {
            let created = try await server.rest(.POST, "/2013-09-01/classes/Food", body: #"{"name":"\#(name)","price":\#(price)}"#)
            objectIds.append(try #require(created.json?["objectId"]?.stringValue))
        }

        try await WebDriver.withSession { browser in
            try await browser.signIn(to: server, openingPath: "/dashboard/apps/e2e/classes/Food")
            try await browser.waitForPage("objects")
            #expect(try await browser.elements("tbody tr[data-object-id]").count == 3)

            // The builder writes the where JSON; applying it puts it in the URL.
            try await browser.element("details.card summary").click()
            try await browser.element("#add-condition").click()
            try await browser.element(#"#filter input[name="field"]"#).type("price")
            try await browser.choose("$gte", in: #"#filter select[name="operator"]"#)
            try await browser.element(#"#filter input[name="value"]"#).type("700")
            #expect(try await browser.element(#"#filter textarea[name="where"]"#).property("value") == #"{"price":{"$gte":700}}"#)
            try await browser.element(#"#filter button[type="submit"]"#).click()
            try await browser.waitForPage("objects", "")
            try await browser.element(#"main[aria-busy="false"] details[open]"#)
            #expect(try await browser.elements("tbody tr[data-object-id]").count == 2)
            #expect(try await browser.currentURL().contains("where="))

            // Sorting by price descending.
            try await browser.element(#"a.sort[href*="order=price"]"#).click()
            try await browser.element(#"th[aria-sort="ascending"]"#)
            try await browser.element(#"a.sort[href*="order=-price"]"#).click()
            try await browser.element(#"th[aria-sort="descending"]"#)
            let first = try await browser.element("tbody tr[data-object-id]").attribute("data-object-id")
            #expect(first == objectIds[0])

            // Select all on the page and delete them in bulk.
            try await browser.element("#select-all").click()
            try await browser.element("#delete-selected").click()
            try await browser.element("#confirm-accept").click()
            try await browser.element(#"#status[data-kind="success"]"#)
            try await browser.waitForPage("objects")
            #expect(try await browser.consoleErrorsExceptFavicon().isEmpty)
        }

        #expect(try await server.rest(.GET, "/2013-09-01/classes/Food/\(objectIds[0])").status == 404)
        #expect(try await server.rest(.GET, "/2013-09-01/classes/Food/\(objectIds[2])").status == 404)
        #expect(try await server.rest(.GET, "/2013-09-01/classes/Food/\(objectIds[1])").status == 200)
    }

    @Test func aRelationDrillsIntoItsObjectsAndTheViewExportsAsJSONAndCSV() async throws {
        let server = try await DashboardServer.started()
        defer { server.stop() }
        var tags: [String] = []
        for name in ["spicy", "vegan", "unrelated"] {
            let created = try await server.rest(.POST, "/2013-09-01/classes/Tag", body: #"{"name":"\#(name)"}"#)
            tags.append(try #require(created.json?["objectId"]?.stringValue))
        }
        let pointers = tags.prefix(2).map { #"{"__type":"Pointer","className":"Tag","objectId":"\#($0)"}"# }.joined(separator: ",")
        let post = try await server.rest(
            .POST, "/2013-09-01/classes/Post", body: #"{"title":"menu","tags":{"__op":"AddRelation","objects":[\#(pointers)]}}"#)
        let postId = try #require(post.json?["objectId"]?.stringValue)

        try await WebDriver.withSession { browser in
            try await browser.signIn(to: server, openingPath: "/dashboard/apps/e2e/classes/Post")
            try await browser.waitForPage("objects")
            try await browser.element(#"tr[data-object-id="\#(postId)"] td[data-column="tags"] a"#).click()
            try await browser.waitForPage("objects", "")
            try await browser.element(#"main[aria-busy="false"] details[open]"#)
            #expect(try await browser.currentURL().contains("/dashboard/apps/e2e/classes/Tag?where="))
            let listed = try await browser.elements("tbody tr[data-object-id]")
            var listedIds: Set<String> = []
            for row in listed { listedIds.insert(try await row.attribute("data-object-id") ?? "") }
            #expect(listedIds == Set(tags.prefix(2)))

            // Export keeps what the grid shows: the blobs handed to the download links are read back.
            try await browser.execute(
                """
                window.kumoExports = [];
                const create = URL.createObjectURL;
                URL.createObjectURL = (blob) => { window.kumoExports.push(blob); return create.call(URL, blob); };
                """)
            try await browser.element("#export-json").click()
            try await browser.element("#export-csv").click()
            let exported = try await browser.executeAsync(
                """
                const done = arguments[arguments.length - 1];
                const text = async (blob) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(await blob.arrayBuffer());
                Promise.all(window.kumoExports.map(text)).then(done, (error) => done(String(error)));
                """)
            let json = try JSONValue(parsing: exported.arrayValue?.first?.stringValue ?? "")
            let csv = exported.arrayValue?.last?.stringValue ?? ""
            #expect(json["results"]?.arrayValue?.count == 2)
            #expect(csv.hasPrefix("\u{FEFF}objectId,name,createDate,updateDate,acl\r\n"))
            #expect(csv.split(separator: "\r\n").count == 3)
            #expect(try await browser.consoleErrorsExceptFavicon().isEmpty)
        }
    }

    private func addField(_ browser: WebDriverSession, name: String, type: String) async throws {
        try await browser.element(#"#add-field input[name="newField"]"#).type(name)
        try await browser.choose(type, in: #"#add-field select[name="newType"]"#)
        try await browser.element("#add-field-button").click()
        try await browser.element(#"fieldset[data-field="\#(name)"][data-type="\#(type)"]"#)
    }
}
