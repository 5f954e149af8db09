import Foundation
import KumoTestSupport
import NCMBWire
import NIOHTTP1
import Testing

/// Dashboard import jobs shared by two real `kumo serve` on one PostgreSQL database
/// (docs/decisions/0155-import-jobs-in-the-database.md): a job created, filled and started through one instance is
/// listed, followed and read (its report too) through the other; a job whose runner stopped while holding it is taken
/// over once its lease (1 second here) ran out and ends failed, saying so. Waits poll the API with a bound.
@Suite(.serialized, .timeLimit(.minutes(3)), .enabled(if: TestDatabase.runsPostgres, TestDatabase.skipReason))
struct ImportJobsEndToEndTests {
    typealias Browser = DashboardEndToEndTests.Browser

    static let posts =
        #"[{"objectId":"post00000000001","createDate":"2020-06-01T10:00:00.000Z","#
        + #""updateDate":"2020-06-01T10:00:00.000Z","acl":{"*":{"read":true,"write":true}},"title":"shared"}]"#

    /// A signed-in dashboard session on each of `ports` (one session: sessions are rows of the database) and its CSRF
    /// token, for the administrator `ops@example.com`.
    static func signIn(ports: [Int]) async throws -> (browsers: [Browser], csrf: String) {
        let first = Browser(port: ports[0])
        _ = try await first.send(.GET, "/dashboard/login")
        let formToken = try #require(first.cookies["kumo_dashboard_form"])
        let signedIn = try await first.send(
            .POST, "/dashboard/login", body: "email=ops%40example.com&password=correct%20horse&csrf=\(formToken)",
            contentType: "application/x-www-form-urlencoded")
        #expect(signedIn.status == 303)
        let session = try await first.send(.GET, "/dashboard/api/session")
        let csrf = try #require(try JSONValue(parsing: Array(session.body.utf8)).objectValue?["csrfToken"]?.stringValue)
        var browsers = [first]
        for port in ports.dropFirst() {
            let browser = Browser(port: port)
            browser.cookies = first.cookies
            browsers.append(browser)
        }
        return (browsers, csrf)
    }

    /// Creates a job of `application` through `browser` and uploads `Post.json` into it; returns its id.
    static func stagedJob(_ browser: Browser, csrf: String, application: String) async throws -> String {
        let imports = "/dashboard/api/apps/\(application)/imports"
        let created = try await browser.send(.POST, imports, body: #"{"onConflict":"fail"}"#, headers: ["X-Kumo-CSRF": csrf])
        #expect(created.status == 201, "\(created.body)")
        let id = try #require(try JSONValue(parsing: Array(created.body.utf8)).objectValue?["id"]?.stringValue)
        let uploaded = try await browser.send(
            .PUT, "\(imports)/\(id)/exports/Post.json", body: posts, contentType: "application/octet-stream", headers: ["X-Kumo-CSRF": csrf]
        )
        #expect(uploaded.status == 201, "\(uploaded.body)")
        return id
    }

    /// Creates, with `setup`'s keys, the application `name` and the administrator `ops@example.com` (password
    /// `correct horse`) on the database at `url`.
    static func createApplicationAndAdministrator(_ setup: KumoProcess, name: String, databaseURL url: String) throws {
        try setup.runCommand([
            "apps", "create", "--name", name, "--application-key", setup.applicationKey, "--client-key", setup.clientKey,
            "--database", url,
        ])
        try setup.runCommand([
            "admins", "create", "--email", "ops@example.com", "--password", "correct horse", "--password-hash-cost", "4",
            "--database", url,
        ])
    }

    /// Reads the job through `browser` until it has ended (at most 30 seconds); returns it.
    static func ended(_ browser: Browser, application: String, id: String) async throws -> JSONObject {
        let deadline = Date().addingTimeInterval(30)
        while true {
            let answer = try await browser.send(.GET, "/dashboard/api/apps/\(application)/imports/\(id)")
            let job = try #require(try JSONValue(parsing: Array(answer.body.utf8)).objectValue, "\(answer.body)")
            if job["state"] == "finished" || job["state"] == "failed" || Date() > deadline { return job }
            try await Task.sleep(for: .milliseconds(100))
        }
    }

    @Test func aJobStartedThroughOneInstanceIsFollowedAndReadThroughTheOtherAndAStrandedJobIsTakenOver() async throws {
        try await TestDatabase.withScratchDatabase { configuration in
            let url = TestDatabase.url(of: configuration)
            let setup = try KumoProcess()
            defer { setup.removeData() }
            try Self.createApplicationAndAdministrator(setup, name: "shared", databaseURL: url)
            let instances = try (0..<2).map { _ in try KumoProcess() }
            defer {
                for instance in instances {
                    instance.stop()
                    instance.removeData()
                }
            }
            for instance in instances {
                try instance.start(extraArguments: [
                    "--database", url, "--dashboard-password-hash-cost", "4", "--dashboard-import-lease-seconds", "1",
                ])
            }
            let (browsers, csrf) = try await Self.signIn(ports: instances.map(\.port))
            let (first, second) = (browsers[0], browsers[1])
            let imports = "/dashboard/api/apps/shared/imports"

            // Created, filled and started through the first instance; followed, listed and read through the second.
            let id = try await Self.stagedJob(first, csrf: csrf, application: "shared")
            let started = try await first.send(.POST, "\(imports)/\(id)/start", headers: ["X-Kumo-CSRF": csrf])
            let listed = try await second.send(.GET, imports)
            let job = try await Self.ended(second, application: "shared", id: id)
            let report = try await second.send(.GET, "\(imports)/\(id)/report")
            let stored = try await instances[1].send(.GET, "/2013-09-01/classes/Post/post00000000001")

            #expect(started.status == 202, "\(started.body)")
            #expect(listed.status == 200 && listed.body.contains(#""id":"\#(id)""#), "\(listed.body)")
            #expect(job["state"] == "finished", "\(job)")
            #expect(job["summary"]?.objectValue?["total"]?.objectValue?["imported"] == 1, "\(job)")
            #expect(report.status == 200 && report.body.contains(#""summary""#), "\(report.body)")
            #expect(stored.status == 200)

            // A runner that claimed a job and stopped (its row says so; its instance does not exist): once its lease ran
            // out, an instance takes the job over and ends it failed; it is not run again.
            let stranded = try await Self.stagedJob(second, csrf: csrf, application: "shared")
            #expect(try await TestDatabase.strandImportJob(stranded, of: configuration, leaseMilliseconds: 1000))
            let takenOver = try await Self.ended(first, application: "shared", id: stranded)
            let strandedReport = try await first.send(.GET, "\(imports)/\(stranded)/report")
            let removed = try await second.send(.DELETE, "\(imports)/\(stranded)", headers: ["X-Kumo-CSRF": csrf])
            for browser in browsers { try await browser.shutdown() }

            #expect(takenOver["state"] == "failed", "\(takenOver)")
            #expect(takenOver["error"]?.stringValue?.contains("stopped before its end") == true, "\(takenOver)")
            #expect(takenOver["summary"] == .null)
            #expect(strandedReport.status == 409, "no report: the runner that stopped kept none")
            #expect(removed.status == 200)
        }
    }
}
