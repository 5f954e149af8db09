import HTTPTypes
import HummingbirdTesting
import KumoServer
import KumoTestSupport
import NCMBWire
import Testing

/// Rate limits (issue 13; docs/decisions/0068-rate-limits.md): token buckets per client address and per application,
/// answering 429 E429002 with `Retry-After` once a bucket is empty.
@Suite struct RateLimitTests {
    /// A rate that does not refill within a test: exactly `burst` requests pass.
    static func fixed(_ burst: Double) -> RateLimiter.Rate { RateLimiter.Rate(perSecond: 0.001, burst: burst) }

    @Test func aBucketLetsItsBurstThroughThenRefillsAtItsRate() {
        let limiter = RateLimiter(rate: RateLimiter.Rate(perSecond: 2, burst: 2))
        let start = ContinuousClock.now
        #expect(limiter.take("a", now: start) == nil)
        #expect(limiter.take("a", now: start) == nil)
        #expect(limiter.take("a", now: start) == 1, "empty: one request comes back within a second")
        #expect(limiter.take("b", now: start) == nil, "another key has its own bucket")
        #expect(limiter.take("a", now: start + .milliseconds(500)) == nil, "half a second refills one request")
        #expect(limiter.take("a", now: start + .milliseconds(500)) != nil)
        #expect(limiter.take("a", now: start + .seconds(60)) == nil)
        #expect(limiter.take("a", now: start + .seconds(60)) == nil, "a long pause refills up to the burst")
        #expect(limiter.take("a", now: start + .seconds(60)) != nil, "and no more")
    }

    @Test func aSlowRateAsksForALongerWait() {
        let limiter = RateLimiter(rate: RateLimiter.Rate(perSecond: 0.1, burst: 1))
        let start = ContinuousClock.now
        #expect(limiter.take("a", now: start) == nil)
        #expect(limiter.take("a", now: start) == 10)
    }

    @Test func requestsPastTheApplicationRateAnswer429E429002WithRetryAfter() async throws {
        try await TestApplication.with(configure: { $0.rateLimitPerApplication = Self.fixed(3) }) { application in
            try await application.test { client in
                var statuses: [Int] = []
                for _ in 0..<3 { statuses.append(try await client.send(.get, "/2013-09-01/classes/Limited").status.code) }
                let refused = try await client.send(.get, "/2013-09-01/classes/Limited")
                let health = try await client.send(.get, "/health", signed: false)

                #expect(statuses == [200, 200, 200])
                #expect(refused.status.code == 429)
                #expect(refused.json == ["code": "E429002", "error": "Too many requests."])
                #expect(refused.headers[.retryAfter].flatMap(Int.init).map { $0 >= 1 } == true)
                #expect(health.status.code == 200, "health checks are not limited")
            }
        }
    }

    @Test func aBadSignatureDoesNotSpendTheApplicationsRequests() async throws {
        try await TestApplication.with(configure: { $0.rateLimitPerApplication = Self.fixed(1) }) { application in
            try await application.test { client in
                for _ in 0..<5 { _ = try await client.send(.get, "/2013-09-01/classes/Limited", clientKey: "wrong") }
                let signed = try await client.send(.get, "/2013-09-01/classes/Limited")
                #expect(signed.status.code == 200)
            }
        }
    }

    @Test func requestsPastTheAddressRateAnswer429E429002OverRealConnections() async throws {
        try await TestApplication.with(configure: { configuration in
            configuration.rateLimitPerAddress = Self.fixed(2)
            configuration.rateLimitPerApplication = nil
        }) { application in
            try await application.testLive { _, client in
                var health: [Int] = []
                for _ in 0..<5 { health.append(try await client.send(.get, "/health", signed: false).status.code) }
                var statuses: [Int] = []
                for _ in 0..<3 { statuses.append(try await client.send(.get, "/2013-09-01/classes/Limited").status.code) }
                let unsigned = try await client.send(.get, "/2013-09-01/classes/Limited", signed: false)

                #expect(health == [200, 200, 200, 200, 200])
                #expect(statuses == [200, 200, 429])
                #expect(unsigned.status.code == 429, "counted before the signature: an address cannot flood with bad requests")
                #expect(unsigned.json?.objectValue?["code"] == "E429002")
            }
        }
    }
}
