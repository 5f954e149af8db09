import HTTPTypes
import HummingbirdTesting
import KumoOperations
import KumoSeams
import KumoServer
import KumoStorage
import KumoTestSupport
import NCMBWire
import Testing

/// Every metric family the server records reaches the Prometheus export (docs/operations.md#metrics), with the
/// labels the document names. Each test has its own export, so counts are exact.
@Suite struct ServerMetricsTests {
    @Test func requestsAreCountedByRouteMethodAndStatusClassWithTheirLatency() async throws {
        let export = MetricsExport()
        try await TestApplication.with(environment: { $0.metrics = ServerMetrics(factory: export.factory) }) { application in
            try await application.test { client in
                _ = try await client.send(.post, "/2013-09-01/classes/Food", body: #"{"name":"ramen"}"#)
                _ = try await client.send(.post, "/2013-09-01/classes/Food", body: #"{"name":"soba"}"#)
                _ = try await client.send(.get, "/2013-09-01/classes/Food/missing")
                _ = try await client.send(.get, "/health", signed: false)
            }
        }
        let text = export.render()

        #expect(text.contains(#"kumo_http_requests_total{route="objects.create",method="POST",status_class="2xx"} 2"#), "\(text)")
        #expect(text.contains(#"kumo_http_requests_total{route="objects.get",method="GET",status_class="4xx"} 1"#), "\(text)")
        #expect(text.contains(#"kumo_http_requests_total{route="health",method="GET",status_class="2xx"} 1"#), "\(text)")
        #expect(text.contains(#"kumo_ncmb_errors_total{code="E404001"} 1"#), "\(text)")
        #expect(text.contains(#"kumo_http_request_duration_seconds_count{route="objects.create",method="POST"} 2"#), "\(text)")
        #expect(text.contains(#"kumo_http_request_duration_seconds_bucket{route="objects.create",method="POST",le="+Inf"} 2"#), "\(text)")
        #expect(text.contains("# TYPE kumo_http_request_duration_seconds histogram"), "\(text)")
    }

    /// The handles kept per label set (decision 0166) count every request, past the most label sets kept too.
    @Test func everyRequestIsCountedPastTheLabelSetsKept() {
        let export = MetricsExport()
        let metrics = ServerMetrics(factory: export.factory)
        for index in 0..<1100 { metrics.requestAnswered(route: "r\(index)", method: "GET", status: 404, duration: .milliseconds(1)) }
        for _ in 0..<3 { metrics.requestAnswered(route: "r1099", method: "GET", status: 404, duration: .milliseconds(1)) }
        for _ in 0..<3 { metrics.requestAnswered(route: "r0", method: "GET", status: 404, duration: .milliseconds(1)) }
        for _ in 0..<2 { metrics.errorAnswered(code: "E404001") }
        let text = export.render()

        #expect(text.contains(#"kumo_http_requests_total{route="r0",method="GET",status_class="4xx"} 4"#))
        #expect(text.contains(#"kumo_http_requests_total{route="r1099",method="GET",status_class="4xx"} 4"#))
        #expect(text.contains(#"kumo_http_request_duration_seconds_count{route="r1099",method="GET"} 4"#))
        #expect(text.contains(#"kumo_ncmb_errors_total{code="E404001"} 2"#))
    }

    /// Clients choose the method: any method HTTP does not define is counted as `other`, so a stranger cannot add
    /// label series to the export.
    @Test func methodsHTTPDoesNotDefineAreCountedAsOther() {
        let export = MetricsExport()
        let metrics = ServerMetrics(factory: export.factory)
        for index in 0..<50 { metrics.requestAnswered(route: "unknown", method: "M\(index)", status: 405, duration: .milliseconds(1)) }
        metrics.requestAnswered(route: "unknown", method: "PATCH", status: 404, duration: .milliseconds(1))
        let text = export.render()

        #expect(text.contains(#"kumo_http_requests_total{route="unknown",method="other",status_class="4xx"} 50"#), "\(text)")
        #expect(text.contains(#"kumo_http_requests_total{route="unknown",method="PATCH",status_class="4xx"} 1"#), "\(text)")
        #expect(!text.contains(#"method="M1""#), "\(text)")
    }

    @Test func signatureFailuresAndRateLimitRefusalsAreCounted() async throws {
        let export = MetricsExport()
        try await TestApplication.with(
            configure: { $0.rateLimitPerApplication = RateLimiter.Rate(perSecond: 0.001, burst: 1) },
            environment: { $0.metrics = ServerMetrics(factory: export.factory) }
        ) { application in
            try await application.test { client in
                _ = try await client.send(.get, "/2013-09-01/classes/Food", clientKey: "wrong")
                _ = try await client.send(.get, "/2013-09-01/classes/Food")
                let refused = try await client.send(.get, "/2013-09-01/classes/Food")
                #expect(refused.status.code == 429)
            }
        }
        let text = export.render()

        #expect(text.contains("kumo_signature_failures_total 1"), "\(text)")
        #expect(text.contains(#"kumo_rate_limit_refusals_total{scope="application"} 1"#), "\(text)")
        #expect(text.contains(#"kumo_ncmb_errors_total{code="E429002"} 1"#), "\(text)")
        #expect(
            text.contains(#"kumo_ncmb_errors_total{code="E401002"} 1"#) || text.contains(#"kumo_ncmb_errors_total{code="E401001"} 1"#),
            "\(text)")
    }

    @Test func mailsAreCountedSentAndFailed() async throws {
        let export = MetricsExport()
        try await TestApplication.with(environment: { $0.metrics = ServerMetrics(factory: export.factory) }) { application in
            try await application.test { client in
                let sent = try await client.send(
                    .post, "/2013-09-01/requestMailAddressUserEntry", body: #"{"mailAddress":"a@example.com"}"#)
                #expect(sent.status.code == 201)
            }
        }
        try await TestApplication.with(
            environment: {
                $0.metrics = ServerMetrics(factory: export.factory)
                $0.mailer = UnconfiguredMailTransport()
            }
        ) { application in
            try await application.test { client in
                let failed = try await client.send(
                    .post, "/2013-09-01/requestMailAddressUserEntry", body: #"{"mailAddress":"b@example.com"}"#)
                #expect(failed.status.code >= 500)
            }
        }
        let text = export.render()

        #expect(text.contains(#"kumo_mail_messages_total{purpose="mailAddressUserEntry",outcome="sent"} 1"#), "\(text)")
        #expect(text.contains(#"kumo_mail_messages_total{purpose="mailAddressUserEntry",outcome="failed"} 1"#), "\(text)")
    }

    @Test func connectionsAreCountedOverARealListener() async throws {
        let export = MetricsExport()
        try await TestApplication.with(environment: { $0.metrics = ServerMetrics(factory: export.factory) }) { application in
            try await application.testLive { _, client in
                let answer = try await client.send(.get, "/2013-09-01/classes/Food")
                #expect(answer.status.code == 200)
                #expect(export.render().contains("kumo_http_open_connections 1"), "\(export.render())")
            }
        }
        let text = export.render()

        #expect(text.contains(#"kumo_http_connections_total{outcome="served"} "#), "\(text)")
    }

    @Test func scriptRunsAreCountedByOutcomeWithTheirDuration() async throws {
        let export = MetricsExport()
        var runner = FailingScriptRunner()
        runner.onRun = { invocation in
            invocation.script.name == "ok.js"
                ? ScriptOutcome(result: .success(ScriptAnswer(status: 200, body: Array("{}".utf8))))
                : ScriptOutcome(result: .failure(ScriptFailure(.threw, message: "Error: no")))
        }
        try await TestApplication.with(
            environment: {
                $0.metrics = ServerMetrics(factory: export.factory)
                $0.scripts = runner
            }
        ) { application in
            for name in ["ok.js", "bad.js"] {
                try await application.storage.scripts.deploy(
                    ScriptDeployment(
                        applicationId: application.application.applicationId, name: name, code: "module.exports = () => {}",
                        versionHash: String(repeating: "0", count: 64)),
                    maximumCount: 10, now: application.clock.now())
            }
            try await application.test { client in
                let ok = try await client.send(.get, "/2015-09-01/script/ok.js")
                let bad = try await client.send(.get, "/2015-09-01/script/bad.js")
                let missing = try await client.send(.get, "/2015-09-01/script/missing.js")
                #expect(ok.status.code == 200)
                #expect(bad.status.code == 500)
                #expect(missing.status.code == 404)
            }
        }
        let text = export.render()

        #expect(text.contains(#"kumo_script_runs_total{outcome="success"} 1"#), "\(text)")
        #expect(text.contains(#"kumo_script_runs_total{outcome="failure"} 1"#), "\(text)")
        #expect(text.contains("kumo_script_duration_seconds_count 2"), "\(text)")
    }
}
