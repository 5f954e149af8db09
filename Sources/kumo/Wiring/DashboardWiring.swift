import Foundation
import Hummingbird
import KumoAdministration
import KumoDashboard
import KumoPush
import KumoSeams
import KumoServer
import KumoStorage
import KumoTransport
import Logging

/// Puts the dashboard in front of the NCMB pipeline (`/dashboard` of the API port) or on a listener of its own
/// (docs/dashboard.md#serving). `KumoServer` and `KumoDashboard` do not know each other: this is where they meet.
struct DashboardWiring: Sendable {
    let options: DashboardOptions
    let storage: any StorageBackend
    let environment: ServerEnvironment
    let configuration: KumoConfiguration
    let tls: Bool
    let trustedProxies: [AddressRange]
    let logger: Logger
    /// The Scripts, Import/Export and Overview pages' dependencies; `nil` when the dashboard is off.
    var operations: DashboardOperations?
    /// Where apps reach the API (`--public-url`, else the listener's URL once known), for the application page.
    var apiEndpoint = DashboardAPIEndpoint()

    /// The dashboard's environment over `calls`.
    func dashboardEnvironment(_ calls: any AdministratorCalls) -> DashboardEnvironment {
        var dashboardEnvironment = DashboardEnvironment(
            storage: storage, calls: calls, passwordHasher: BcryptAdminPasswordHasher(cost: options.passwordHashCost),
            clock: environment.clock, identifiers: environment.identifiers, logger: logger,
            pushCredentialsCheck: PlatformPushCredentialsCheck())
        operations?.apply(to: &dashboardEnvironment)
        dashboardEnvironment.apiEndpoint = apiEndpoint
        // Shown read-only on the settings page: set per server, for every application.
        let rate = { (rate: RateLimiter.Rate) in DashboardRateLimits.Rate(perSecond: rate.perSecond, burst: rate.burst) }
        dashboardEnvironment.operations.rateLimits = DashboardRateLimits(
            perAddress: configuration.rateLimitPerAddress.map(rate), perApplication: configuration.rateLimitPerApplication.map(rate))
        return dashboardEnvironment
    }

    /// The dashboard's settings: its defaults, with the server's sign-in throttle limits.
    var dashboardConfiguration: DashboardConfiguration {
        var dashboardConfiguration = DashboardConfiguration()
        dashboardConfiguration.signInLimits = configuration.signInLimits
        return dashboardConfiguration
    }

    /// The dashboard mounted at `/dashboard` of the API port, calling the NCMB pipeline of that port's responder.
    func mounted(_ calls: any AdministratorCalls) -> MountedResponder? {
        guard options.isOn else { return nil }
        let tls = tls
        let trustsProxies = !trustedProxies.isEmpty
        let responder = DashboardResponder<KumoRequestContext>(
            configuration: dashboardConfiguration, environment: dashboardEnvironment(calls)
        ) { request, context in
            DashboardClient(
                address: context.clientAddress, isSecure: DashboardOptions.isSecure(request, tls: tls, trustsProxies: trustsProxies))
        }
        return MountedResponder(pathPrefix: "/dashboard", endpointName: "dashboard") { request, context in
            await responder.answer(
                request,
                client: DashboardClient(
                    address: context.clientAddress, isSecure: DashboardOptions.isSecure(request, tls: tls, trustsProxies: trustsProxies)))
        }
    }

    /// The dashboard of its own listener, calling an NCMB pipeline of its own over the same storage.
    func ownListenerResponder() -> DashboardResponder<DashboardRequestContext> {
        let trustedProxies = trustedProxies
        let calls = APIResponder(configuration: configuration, environment: environment)
        return DashboardResponder<DashboardRequestContext>(
            configuration: dashboardConfiguration, environment: dashboardEnvironment(calls)
        ) { request, context in
            let address = ClientAddress.resolve(
                peer: context.peerAddress, forwardedFor: request.headers[values: DashboardHeaderNames.forwardedFor],
                trustedProxies: trustedProxies)
            return DashboardClient(
                address: address, isSecure: DashboardOptions.isSecure(request, tls: false, trustsProxies: !trustedProxies.isEmpty))
        }
    }

    /// What `kumo serve` prints about the dashboard: its URL, and the one-time setup link while no administrator exists.
    static func printBanner(scheme: String, host: String, port: Int, setupToken: String?) {
        let base = "\(scheme)://\(host == "0.0.0.0" ? "127.0.0.1" : host):\(port)"
        var text = "Dashboard: \(base)/dashboard/\n"
        if let setupToken {
            text +=
                "Create the first dashboard administrator (one-time link, valid 24 hours): "
                + AdministrationSetup.link(base: base, token: setupToken) + "\n"
        }
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}
