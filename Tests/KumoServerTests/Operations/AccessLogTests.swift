import HTTPTypes
import HummingbirdTesting
import KumoOperations
import KumoSeams
import KumoServer
import KumoStorage
import KumoTestSupport
import KumoTransport
import Logging
import NCMBWire
import Testing

/// One access-log line per request, with the fields of docs/operations.md#access-log and never a secret.
@Suite struct AccessLogTests {
    /// An access log writing lines of `format` into `lines`, straight to the log handler as `kumo serve` does.
    static func capturing(_ lines: LockedBox<[String]>, format: LogFormat = .logfmt) -> AccessLog {
        let handler = StructuredLogHandler(
            label: "kumo.access", format: format, level: .info, output: LogOutput { line in lines.mutate { $0.append(line) } })
        return AccessLog { fields in handler.write(level: .info, message: "request", sortedTextFields: fields) }
    }

    /// An access log writing through a `Logger` into `lines`.
    static func capturingThroughALogger(_ lines: LockedBox<[String]>, level: Logger.Level = .info) -> AccessLog {
        AccessLog(
            logger: Logger(label: "kumo.access") { label in
                StructuredLogHandler(
                    label: label, format: .logfmt, level: level, output: LogOutput { line in lines.mutate { $0.append(line) } })
            })
    }

    @Test func throughALoggerTheLineIsTheSameAndItsLevelHolds() async throws {
        let direct = LockedBox<[String]>([])
        let throughLogger = LockedBox<[String]>([])
        let quiet = LockedBox<[String]>([])
        for (lines, log) in [
            (direct, Self.capturing(direct)), (throughLogger, Self.capturingThroughALogger(throughLogger)),
            (quiet, Self.capturingThroughALogger(quiet, level: .notice)),
        ] {
            try await TestApplication.with(environment: { $0.accessLog = log }) { application in
                try await application.test { client in
                    _ = try await client.send(.get, "/2013-09-01/classes/Food/missing")
                }
            }
            #expect(lines.get().count == (lines === quiet ? 0 : 1))
        }
        // The same fields, in the same order; only the time, the application, the duration and the request id differ.
        func fields(_ line: String?) -> [Substring] {
            (line ?? "").split(separator: " ").dropFirst().filter { field in
                !["app=", "duration_ms=", "request_id="].contains { field.hasPrefix($0) }
            }
        }
        #expect(fields(direct.get().first) == fields(throughLogger.get().first), "\(direct.get()) \(throughLogger.get())")
        #expect(fields(direct.get().first).count == 11, "\(direct.get())")
    }

    @Test func eachRequestWritesOneLineWithItsFields() async throws {
        let lines = LockedBox<[String]>([])
        let applicationId = try await TestApplication.with(environment: { $0.accessLog = Self.capturing(lines) }) { application in
            try await application.test { client in
                _ = try await client.send(.post, "/2013-09-01/classes/Food", body: #"{"name":"ramen"}"#)
                _ = try await client.send(.get, "/2013-09-01/classes/Food/missing")
            }
            return application.application.applicationId
        }
        let logged = lines.get()

        try #require(logged.count == 2, "\(logged)")
        #expect(logged[0].contains("level=info logger=kumo.access msg=request app=\(applicationId) "), "\(logged[0])")
        for field in [
            "method=POST", "route=objects.create", "path=/2013-09-01/classes/Food", "status=201", "code=-", "bytes_in=16",
            "bytes_out=", "duration_ms=", "request_id=", "client=-",
        ] {
            #expect(logged[0].contains(" \(field)"), "\(field) in \(logged[0])")
        }
        for field in ["path=/2013-09-01/classes/Food/missing", "status=404", "code=E404001", "route=objects.get", "bytes_in=0"] {
            #expect(logged[1].contains(" \(field)"), "\(field) in \(logged[1])")
        }
        #expect(logged.allSatisfy { $0.hasSuffix("\n") && $0.dropLast().allSatisfy { $0 != "\n" } })
    }

    @Test func theJSONFormatWritesOneObjectPerLine() async throws {
        let lines = LockedBox<[String]>([])
        try await TestApplication.with(environment: { $0.accessLog = Self.capturing(lines, format: .json) }) { application in
            try await application.test { client in
                _ = try await client.send(.get, "/2013-09-01/classes/Food?where=%7B%7D")
            }
        }
        let line = try #require(lines.get().first)
        let object = try #require(try JSONValue(parsing: Array(line.utf8)).objectValue)

        #expect(object["msg"] == "request")
        #expect(object["route"] == "objects.find")
        #expect(object["status"] == "200")
        #expect(object["path"] == "/2013-09-01/classes/Food")
    }

    @Test func noKeySignatureTokenPasswordQueryValueOrBodyIsEverLogged() async throws {
        let lines = LockedBox<[String]>([])
        let secrets = try await TestApplication.with(environment: { $0.accessLog = Self.capturing(lines) }) { application in
            try await application.test { client in
                let signUp = try await client.send(.post, "/2013-09-01/users", body: #"{"userName":"alice","password":"pa55-word-SECRET"}"#)
                let token = signUp.json?.objectValue?["sessionToken"]?.stringValue ?? "no-token"
                _ = try await client.send(
                    .get, "/2013-09-01/classes/Food?where=%7B%22secretValue%22%3A1%7D",
                    headers: ["X-NCMB-Apps-Session-Token": token])
                _ = try await client.send(.get, "/2013-09-01/login?userName=alice&password=pa55-word-SECRET")
                _ = try await client.send(.post, "/2013-09-01/classes/Food", body: #"{"body":"BODY-SECRET"}"#, clientKey: "wrong")
                return [
                    token, application.application.applicationKey, application.application.clientKey, "pa55-word-SECRET",
                    "secretValue", "BODY-SECRET", "userName=alice",
                ]
            }
        }
        let logged = lines.get().joined()

        #expect(lines.get().count == 4)
        for secret in secrets { #expect(!logged.contains(secret), "the access log holds \(secret)") }
    }

    @Test func aClientBehindATrustedProxyIsLoggedAndRateLimitedByItsForwardedAddress() async throws {
        let lines = LockedBox<[String]>([])
        try await TestApplication.with(
            configure: {
                $0.trustedProxies = ["127.0.0.0/8", "::1"].compactMap(AddressRange.init)
                $0.rateLimitPerAddress = RateLimiter.Rate(perSecond: 0.001, burst: 1)
            },
            environment: { $0.accessLog = Self.capturing(lines) }
        ) { application in
            try await application.testLive { _, client in
                let first = try await client.send(.get, "/2013-09-01/classes/Food", headers: ["X-Forwarded-For": "203.0.113.7"])
                let second = try await client.send(.get, "/2013-09-01/classes/Food", headers: ["X-Forwarded-For": "203.0.113.7"])
                let other = try await client.send(.get, "/2013-09-01/classes/Food", headers: ["X-Forwarded-For": "198.51.100.1, 10.0.0.1"])

                #expect(first.status.code == 200)
                #expect(second.status.code == 429)
                #expect(other.status.code == 200, "another client behind the proxy has its own budget")
            }
        }
        let logged = lines.get()

        #expect(logged.count == 3)
        #expect(logged.first?.contains("client=203.0.113.7") == true, "\(logged)")
        #expect(logged.last?.contains("client=10.0.0.1") == true, "10.0.0.1 is not trusted, so it is the client: \(logged)")
    }
}
