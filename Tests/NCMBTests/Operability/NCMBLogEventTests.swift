import Foundation
import NCMB
import NCMBWire
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The logging hook: one event per request, answer and failure, with timings, and never a key, a signature, a session
/// token, a password or a body.
@Suite struct NCMBLogEventTests {
    let transport = RecordingTransport()
    let events = Locked<[NCMBLogEvent]>([])
    /// A monotonic clock that advances 0.25 s at each reading.
    let clock = Locked(0.0)

    var context: NCMBContext {
        var context = NCMBContext.test(transport: transport, domainURL: "https://user:pass@kumo.example.com/")
        let events = self.events
        let clock = self.clock
        context.logHandler = { event in events.withLock { $0.append(event) } }
        context.uptime = {
            clock.withLock { now in
                now += 0.25
                return now
            }
        }
        return context
    }

    // MARK: Tests

    @Test func aRequestAndItsAnswerAreLoggedWithTheirDuration() async throws {
        let query = NCMBContext.$current.withValue(context) { NCMBQuery.getQuery(className: "Food") }
        transport.expect(
            .objects(try .named("Food"), .find(QueryParameters())), reply: .json(404, #"{"code":"E404001","error":"No data available."}"#))

        _ = try? await query.find()

        let logged = events.current
        #expect(logged.map(\.kind) == [.request, .response])
        #expect(logged[0].url.absoluteString == "https://kumo.example.com/2013-09-01/classes/Food")
        #expect(logged[0].attempt == 1)
        #expect(logged[1].statusCode == 404)
        #expect(logged[1].errorCode == "E404001")
        #expect(logged[1].duration == 0.25)
        #expect(logged[1].description == "← 404 E404001 GET https://kumo.example.com/2013-09-01/classes/Food 250 ms 47 B")
    }

    @Test func aTransportFailureIsLoggedWithItsDescription() async throws {
        let object = NCMBContext.$current.withValue(context) { NCMBObject(className: "Food") }
        transport.expect(.objects(try .named("Food"), .create([:])), reply: .failure(URLError(.timedOut)))

        _ = try? await object.save()

        let failure = try #require(events.current.last)
        #expect(failure.kind == .failure)
        #expect(failure.statusCode == nil)
        #expect(failure.failure == URLError(.timedOut).localizedDescription)
        #expect(failure.description.hasPrefix("✕ POST https://kumo.example.com/2013-09-01/classes/Food 250 ms: "))
    }

    @Test func keysSignaturesTokensPasswordsAndBodiesNeverAppear() async throws {
        let environment = self.context
        let user = NCMBContext.$current.withValue(environment) { NCMBUser() }
        user.userName = "Yamada Tarou"
        user.password = "password-never-logged"
        transport.expect(
            .objects(.users, .create(["userName": "Yamada Tarou", "password": "password-never-logged"])),
            reply: .json(201, UserReplies.signedUp))
        transport.expect(
            .login(.body(["userName": "Yamada Tarou", "password": "password-never-logged"])), reply: .json(200, UserReplies.loggedIn))
        transport.expect(.objects(.users, .get(objectId: "HwwaZ60AOTdKRWyC")), reply: .json(200, UserReplies.fetched))
        transport.expect(.logout, reply: .failure(URLError(.networkConnectionLost)))

        try await user.signUp()
        try await NCMBContext.$current.withValue(environment) {
            try await NCMBUser.logIn(userName: "Yamada Tarou", password: "password-never-logged")
            try await NCMBUser.currentUser?.fetch()
            _ = try? await NCMBUser.logOut()
        }

        let secrets = [
            TestKeys.applicationKey, TestKeys.clientKey, "iXDIelJRY3ULBdms281VTmc5O", "ojUDAfEBgGadVsyQE3XO0yraa",
            "password-never-logged", "Yamada", "user:pass",
        ] + transport.requests.compactMap { $0.headers["X-NCMB-Signature"] }
        let logged = events.current.map { event in
            [event.description, event.url.absoluteString, event.failure ?? "", event.errorCode ?? ""].joined(separator: " ")
        }
        #expect(logged.count == 8)
        for line in logged {
            for secret in secrets { #expect(!line.contains(secret), "\(line) contains a secret") }
        }
    }
}
