import HTTPTypes
import Hummingbird
import HummingbirdTesting
import KumoServer
import KumoTestSupport
import Testing

/// `GET /` points a browser to the dashboard when it is mounted on the API port, and is NCMB's 404 otherwise
/// (issue 30; docs/dashboard.md).
@Suite struct RootRedirectTests {
    @Test func theRootRedirectsToTheMountedDashboard() async throws {
        try await TestApplication.with { server in
            let application = buildApplication(configuration: server.configuration, environment: server.environment) { _ in
                MountedResponder(pathPrefix: "/dashboard", endpointName: "dashboard") { _, _ in Response(status: .noContent) }
            }
            try await application.test(.router) { client in
                let root = try await client.execute(uri: "/", method: .get)
                let dashboard = try await client.execute(uri: "/dashboard/", method: .get)
                let post = try await client.execute(uri: "/", method: .post)

                #expect(root.status == .found)
                #expect(root.headers[.location] == "/dashboard/")
                #expect(dashboard.status == .noContent)
                #expect(post.status != .found)
            }
        }
    }

    @Test func withoutADashboardTheRootIsNotFound() async throws {
        try await TestApplication.with { server in
            let application = buildApplication(configuration: server.configuration, environment: server.environment)
            try await application.test(.router) { client in
                let root = try await client.execute(uri: "/", method: .get)

                #expect(root.status == .notFound)
                #expect(String(buffer: root.body).contains(#""code":"E404001""#))
            }
        }
    }
}
