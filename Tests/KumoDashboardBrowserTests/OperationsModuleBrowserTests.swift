import Foundation
import KumoTestSupport
import NCMBWire
import Testing

/// The pure modules behind the push, scripts, import and overview pages, run in the browser as the app runs them
/// (imported from `/dashboard/assets/` under the dashboard's CSP): the push body, readable reasons, chart scales,
/// upload names and script names.
@Suite(.serialized, .enabled(if: browserIsUsable, browserRequirement))
struct OperationsModuleBrowserTests {
    @Test func pushBodiesReasonsScalesAndNamesBehaveAsDocumented() async throws {
        let server = try await DashboardServer.started()
        defer { server.stop() }

        try await WebDriver.withSession { browser in
            try await browser.open(server.origin + "/dashboard/login")
            let answer = try await browser.executeAsync(
                #"""
                const done = arguments[arguments.length - 1];
                Promise.all([
                  import('/dashboard/assets/push-body.js'), import('/dashboard/assets/push-text.js'), import('/dashboard/assets/charts.js'),
                  import('/dashboard/assets/page-import.js'), import('/dashboard/assets/script-deploy.js'), import('/dashboard/assets/i18n.js'),
                ]).then(([push, text, charts, importPage, deploy, i18n]) => {
                  i18n.setLanguage('en');
                  const now = new Date('2026-01-01T00:00:00.000Z');
                  const full = push.pushBody({
                    title: ' Sale ', message: 'Today only', target: ['ios', 'android'], searchCondition: '{"channels":{"$in":["news"]}}',
                    delivery: 'scheduled', deliveryTime: '2026-01-02T09:30', expiry: 'after', expiryAmount: '3', expiryUnit: 'day',
                    badge: 'set', badgeSetting: '5', sound: 'default', contentAvailable: true, category: '', action: '', dialog: false,
                    richUrl: 'https://example.com/sale', userSettingValue: '{"id":7}',
                  }, now);
                  const immediate = push.pushBody({ message: 'm', target: ['android'], searchCondition: '', delivery: 'now', expiry: 'at',
                    expiryDate: '2025-12-31T00:00', badge: 'increment', richUrl: 'javascript:alert(1)', userSettingValue: '' }, now);
                  done({
                    full: JSON.stringify(full),
                    localIso: push.localDateTime('2026-01-02T09:30').iso === new Date(2026, 0, 2, 9, 30).toISOString(),
                    immediate: JSON.stringify(immediate),
                    reasons: [
                      text.readableReason({ reasonCode: 'BadDeviceToken', reason: 'APNs: 400 BadDeviceToken (…)' }),
                      text.readableReason({ reason: 'FCM: 404 UNREGISTERED: Requested entity was not found.' }),
                      text.readableReason({ reason: 'expired before delivery' }),
                      text.readableReason({ reasonCode: 'somethingNew', reason: 'a reason nobody mapped' }),
                    ].map((reason) => [reason.code, reason.sentence.slice(0, 30), reason.detail.slice(0, 12)]),
                    statuses: [0, 1, 2, 3, 4, 9].map(text.statusText),
                    scales: [charts.niceScale(0), charts.niceScale(7), charts.niceScale(130), charts.niceScale(0.9), charts.niceScale(2, 4, true)],
                    steps: [60, 360, 1440].map(charts.timeStep),
                    uploads: [
                      importPage.uploadTarget({ name: 'GameScore.json', webkitRelativePath: '' }),
                      importPage.uploadTarget({ name: 'Post.json', webkitRelativePath: 'app-export/relations/Post.json' }),
                      importPage.uploadTarget({ name: 'a.png', webkitRelativePath: 'app-export/files/a.png' }),
                      importPage.uploadTarget({ name: 'b.png', webkitRelativePath: '' }, 'file'),
                    ],
                    names: ['hello.js', 'a-b_c.1.js', 'hello', '../x.js', 'ハロー.js'].map(deploy.isScriptName),
                    offsets: [deploy.lineOffset('a\nbc\nd', 1), deploy.lineOffset('a\nbc\nd', 3), deploy.lineOffset('a', 5)],
                  });
                }).catch((error) => done({ error: String(error) }));
                """#)

            #expect(answer["error"] == nil)
            let full = try JSONValue(parsing: answer["full"]?.stringValue ?? "")
            #expect(full["errors"] == [])
            #expect(
                full["body"]
                    == [
                        "title": "Sale", "message": "Today only", "target": ["ios", "android"],
                        "searchCondition": ["channels": ["$in": ["news"]]], "deliveryExpirationTime": "3 day",
                        "badgeIncrementFlag": false, "badgeSetting": 5, "sound": "default", "contentAvailable": true,
                        "richUrl": "https://example.com/sale", "userSettingValue": ["id": 7],
                        "deliveryTime": full["body"]?["deliveryTime"] ?? .null,
                    ])
            #expect(full["body"]?["deliveryTime"]?["__type"] == "Date")
            #expect(answer["localIso"] == true)
            let immediate = try JSONValue(parsing: answer["immediate"]?.stringValue ?? "")
            #expect(immediate["body"]?["immediateDeliveryFlag"] == true)
            #expect(immediate["body"]?["badgeIncrementFlag"] == true)
            #expect(immediate["errors"]?.arrayValue?.compactMap { $0["field"]?.stringValue } == ["expiryDate", "richUrl"])
            #expect(
                answer["reasons"]
                    == [
                        ["BadDeviceToken", "The device token is not valid ", "APNs: 400 Ba"],
                        ["UNREGISTERED", "The app was removed from the d", "FCM: 404 UNR"],
                        ["expired", "The push expired before it cou", "expired befo"],
                        ["somethingNew", "a reason nobody mapped", ""],
                    ])
            #expect(answer["statuses"] == ["Scheduled", "Delivering", "Delivered", "Partly failed", "Failed", "9"])
            #expect(
                answer["scales"]
                    == [
                        ["top": 1, "step": 0.25], ["top": 8, "step": 2], ["top": 150, "step": 50], ["top": 1, "step": 0.25],
                        ["top": 2, "step": 1],
                    ])
            #expect(answer["steps"] == [10, 60, 360])
            #expect(
                answer["uploads"]
                    == [
                        ["kind": "export", "name": "GameScore.json"], ["kind": "export", "name": "relations/Post.json"],
                        ["kind": "file", "name": "a.png"], ["kind": "file", "name": "b.png"],
                    ])
            #expect(answer["names"] == [true, true, false, false, false])
            #expect(answer["offsets"] == [0, 5, 1])
            #expect(try await browser.consoleErrorsExceptFavicon().isEmpty)
        }
    }
}
