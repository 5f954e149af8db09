import Foundation
import KumoDashboard
import NCMBWire
import Testing

/// The web app's `routes.js`, generated from the route declarations (docs/decisions/0109-dashboard-routes-declared-once.md):
/// the checked-in file must be exactly what the declarations give. `KUMO_WRITE_ROUTES_JS=1` writes it first (then build
/// again, so that the binary embeds it).
@Suite struct DashboardRouteScriptTests {
    static let file = RepositoryFiles.assets.appendingPathComponent(DashboardRouteScript.fileName)

    @Test func theCheckedInRoutesScriptIsTheDeclarations() throws {
        if ProcessInfo.processInfo.environment["KUMO_WRITE_ROUTES_JS"] == "1" {
            try DashboardRouteScript.source.write(to: Self.file, atomically: true, encoding: .utf8)
        }

        let checkedIn = try RepositoryFiles.text(Self.file)

        #expect(
            checkedIn == DashboardRouteScript.source,
            "Assets/routes.js differs from the route declarations: run KUMO_WRITE_ROUTES_JS=1 swift test --filter DashboardRouteScriptTests")
    }

    @Test func everyBuilderAndParameterHasAValidJavaScriptName() {
        let names = DashboardRoute.Table.all.map(\.name) + DashboardAPIRoute.Table.all.map(\.name)
        let parameters = DashboardRoute.Table.all.flatMap(\.pattern.parameterNames) + DashboardAPIRoute.Table.all.flatMap(\.pattern.parameterNames)
        let reserved: Set = ["delete", "export", "import", "new", "default", "function", "class", "return", "in", "for", "route"]

        #expect(Set(names).count == names.count)
        for name in names + parameters {
            #expect(name.first?.isLetter == true && name.allSatisfy { $0.isLetter || $0.isNumber } && !reserved.contains(name), "\(name)")
        }
    }
}
