import Foundation
import KumoTestSupport
import NCMBWire
import Testing

/// The web app's pure modules (the filter's `where` JSON, the export formats, the message dictionaries), run in the
/// browser as the app runs them: imported from `/dashboard/assets/` under the dashboard's CSP.
@Suite(.serialized, .enabled(if: browserIsUsable, browserRequirement))
struct ModuleBrowserTests {
    @Test func filterExportAndMessagesBehaveAsDocumented() async throws {
        let server = try await DashboardServer.started()
        defer { server.stop() }

        try await WebDriver.withSession { browser in
            // The sign-in page is served under the same CSP and needs no session.
            try await browser.open(server.origin + "/dashboard/login")
            let answer = try await browser.executeAsync(
                #"""
                const done = arguments[arguments.length - 1];
                Promise.all([
                  import('/dashboard/assets/filter.js'), import('/dashboard/assets/export.js'),
                  import('/dashboard/assets/messages-ja.js'), import('/dashboard/assets/messages-en.js'),
                ]).then(([filter, exporter, ja, en]) => done({
                  where: JSON.stringify(filter.whereOf([
                    { field: 'price', operator: '$gte', value: '700' },
                    { field: 'price', operator: '$lt', value: '1000' },
                    { field: 'name', operator: 'equalTo', value: '"42"' },
                    { field: 'open', operator: 'equalTo', value: 'true' },
                    { field: 'when', operator: '$gt', value: '2026-01-01T09:00:00+09:00' },
                    { field: 'tag', operator: '$in', value: 'a,b,3' },
                    { field: 'gone', operator: 'notExists', value: '' },
                  ])),
                  conditions: JSON.stringify(filter.conditionsOf({ price: { $gte: 700 }, name: '42', tag: { $exists: true } })),
                  unsupported: filter.conditionsOf({ $or: [{ a: 1 }, { b: 2 }] }),
                  csv: exporter.toCSV(['objectId', 'name', 'when', 'tags', 'none'], [
                    { objectId: 'a1', name: 'ラーメン, "醤油"', when: { __type: 'Date', iso: '2026-01-01T00:00:00.000Z' }, tags: ['x'], none: null },
                  ]),
                  japaneseOnly: Object.keys(ja.default).filter((key) => !(key in en.default)),
                  englishOnly: Object.keys(en.default).filter((key) => !(key in ja.default)),
                  mergedKeys: [Object.keys(ja.default).length, Object.keys(en.default).length],
                  groupKeys: [ja, en].map((module) => Object.values(module.groups).reduce((total, group) => total + Object.keys(group).length, 0)),
                  groupsApart: Object.keys(en.groups).filter((name) =>
                    Object.keys(en.groups[name]).some((key) => !(key in (ja.groups[name] ?? {})))
                    || Object.keys(ja.groups[name] ?? {}).some((key) => !(key in en.groups[name]))),
                })).catch((error) => done({ error: String(error) }));
                """#)

            #expect(answer["error"] == nil)
            #expect(
                answer["where"]?.stringValue == #"""
                    {"price":{"$gte":700,"$lt":1000},"name":"42","open":true,"when":{"$gt":{"__type":"Date","iso":"2026-01-01T00:00:00.000Z"}},"tag":{"$in":["a","b",3]},"gone":{"$exists":false}}
                    """#)
            #expect(
                answer["conditions"]?.stringValue == #"""
                    [{"field":"price","operator":"$gte","value":"700"},{"field":"name","operator":"equalTo","value":"\"42\""},{"field":"tag","operator":"$exists","value":""}]
                    """#)
            #expect(answer["unsupported"] == .null)
            #expect(
                answer["csv"]?.stringValue
                    == "\u{FEFF}objectId,name,when,tags,none\r\na1,\"ラーメン, \"\"醤油\"\"\",2026-01-01T00:00:00.000Z,\"[\"\"x\"\"]\",\r\n")
            #expect(answer["japaneseOnly"] == [])
            #expect(answer["englishOnly"] == [])
            // The merged dictionaries hold every key of their page groups once (no key in two groups), and each group
            // has the same keys in both languages.
            let mergedCounts = answer["mergedKeys"]?.arrayValue?.compactMap(\.integerValue)
            let groupCounts = answer["groupKeys"]?.arrayValue?.compactMap(\.integerValue)
            let merged = try #require(mergedCounts)
            #expect(merged.count == 2 && merged[0] == merged[1] && merged[0] > 600, "\(merged)")
            #expect(groupCounts == merged)
            #expect(answer["groupsApart"] == [])
            #expect(try await browser.consoleErrorsExceptFavicon().isEmpty)
        }
    }

    @Test func theKeyboardAloneReachesTheContentAndAddsFields() async throws {
        let server = try await DashboardServer.started()
        defer { server.stop() }

        try await WebDriver.withSession { browser in
            try await browser.signIn(to: server, openingPath: "/dashboard/apps/e2e/classes/Food/new")
            try await browser.waitForPage("object")
            // The skip link is the first stop of Tab and moves the focus to the content.
            try await browser.execute("document.activeElement.blur(); window.focus();")
            try await browser.press(WebDriverKey.tab)
            #expect(try await browser.execute("return document.activeElement.className") == "skip-link")
            try await browser.press(WebDriverKey.enter)
            #expect(try await browser.execute("return document.activeElement.id") == "main")

            // Enter in the field-name box adds the field and moves the focus into its editor.
            try await browser.element(#"#add-field input[name="newField"]"#).type("title" + WebDriverKey.enter)
            try await browser.element(#"fieldset[data-field="title"][data-type="string"]"#)
            #expect(try await browser.execute("return document.activeElement.closest('fieldset')?.dataset.field ?? ''") == "title")
            #expect(try await browser.consoleErrorsExceptFavicon().isEmpty)
        }
    }
}
