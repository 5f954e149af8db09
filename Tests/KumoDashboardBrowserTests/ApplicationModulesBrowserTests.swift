import Foundation
import KumoTestSupport
import NCMBWire
import Testing

/// The pure parts of the application pages (the users search, role relation bodies, class permission texts, index
/// field lists, the settings' partial body, the file preview rule), run in the browser under the dashboard's CSP.
@Suite(.serialized, .enabled(if: browserIsUsable, browserRequirement))
struct ApplicationModulesBrowserTests {
    @Test func searchRelationsPermissionsIndexesSettingsAndPreviewsBehaveAsDocumented() async throws {
        let server = try await DashboardServer.started()
        defer { server.stop() }

        try await WebDriver.withSession { browser in
            try await browser.open(server.origin + "/dashboard/login")
            let answer = try await browser.executeAsync(
                #"""
                const done = arguments[arguments.length - 1];
                Promise.all([
                  import('/dashboard/assets/page-users.js'), import('/dashboard/assets/page-role.js'),
                  import('/dashboard/assets/page-class-permissions.js'), import('/dashboard/assets/page-class-indexes.js'),
                  import('/dashboard/assets/settings-form.js'), import('/dashboard/assets/settings-providers.js'),
                  import('/dashboard/assets/page-file.js'),
                ]).then(([users, role, permissions, indexes, settings, providers, file]) => done({
                  search: users.searchWhere(' a.b+c@example.com '),
                  noSearch: users.searchWhere('  '),
                  relation: JSON.stringify(role.relationChange('belongRole', 'RemoveRelation', ['r1'])),
                  related: role.relatedWhere('r2', 'belongUser'),
                  parsed: ['public', 'authenticated', 'nobody', 'role:A,role:B', 'authenticated,role:A']
                    .map((text) => JSON.stringify(permissions.parsePermission(text))),
                  formatted: [['roles', 'A, role:B'], ['authenticatedRoles', 'A'], ['roles', ' , '], ['nobody', 'A']]
                    .map(([choice, roles]) => permissions.formatPermission(choice, roles)),
                  fields: indexes.fieldsList(' category , score:number ,'),
                  fieldsText: indexes.fieldsText([{ field: 'category', kind: 'string' }, { field: 'score', kind: 'number' }]),
                  changes: JSON.stringify(settings.changes(
                    { sessions: { lifetimeSeconds: 86400, allowsMultipleSessions: false }, defaultACL: { '*': { read: true } },
                      mail: { templates: {} } },
                    { sessions: { lifetimeSeconds: 172800, allowsMultipleSessions: false }, defaultACL: { '*': { read: true } },
                      mail: { templates: { passwordReset: null } } })),
                  options: JSON.stringify(providers.optionChanges({ appId: '1', appSecret: '****' }, { appId: '2' })),
                  previews: ['image/png', 'IMAGE/JPEG; q=1', 'image/gif', 'image/webp', 'image/svg+xml', 'text/html', '']
                    .map((type) => file.isPreviewable(type)),
                })).catch((error) => done({ error: String(error) }));
                """#)

            #expect(answer["error"] == nil)
            #expect(
                answer["search"]?.stringValue
                    == #"{"$or":[{"userName":{"$regex":"a\\.b\\+c@example\\.com"}},{"mailAddress":{"$regex":"a\\.b\\+c@example\\.com"}}]}"#)
            #expect(answer["noSearch"] == "")
            #expect(
                answer["relation"]?.stringValue
                    == #"{"belongRole":{"__op":"RemoveRelation","objects":[{"__type":"Pointer","className":"role","objectId":"r1"}]}}"#)
            #expect(
                answer["related"]?.stringValue
                    == #"{"$relatedTo":{"object":{"__type":"Pointer","className":"role","objectId":"r2"},"key":"belongUser"}}"#)
            #expect(
                answer["parsed"]
                    == [
                        #"{"choice":"public","roles":[]}"#, #"{"choice":"authenticated","roles":[]}"#, #"{"choice":"nobody","roles":[]}"#,
                        #"{"choice":"roles","roles":["A","B"]}"#, #"{"choice":"authenticatedRoles","roles":["A"]}"#,
                    ])
            #expect(answer["formatted"] == ["role:A,role:B", "authenticated,role:A", "", "nobody"])
            #expect(answer["fields"] == ["category", "score:number"])
            #expect(answer["fieldsText"] == "category:string, score:number")
            #expect(
                answer["changes"]?.stringValue == #"{"sessions":{"lifetimeSeconds":172800},"mail":{"templates":{"passwordReset":null}}}"#)
            #expect(answer["options"]?.stringValue == #"{"appId":"2","appSecret":null}"#)
            #expect(answer["previews"] == [true, true, true, true, false, false, false])
            #expect(try await browser.consoleErrorsExceptFavicon().isEmpty)
        }
    }
}
