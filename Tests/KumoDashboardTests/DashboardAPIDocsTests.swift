import Foundation
import HTTPTypes
import KumoDashboard
import NCMBWire
import Testing

/// docs/dashboard.md lists the admin API, one table row per route; the list must be the route table: the same methods
/// and paths (with the declarations' parameter names) and the same query items
/// (docs/decisions/0109-dashboard-routes-declared-once.md).
@Suite struct DashboardAPIDocsTests {
    /// One documented route: `GET /apps/{app}/audit`, and the names of its query items.
    struct Documented: Hashable, CustomStringConvertible {
        var route: String
        var query: [String]

        var description: String { query.isEmpty ? route : route + "?" + query.joined(separator: "&") }
    }

    /// The routes of the tables of docs/dashboard.md's "Admin API" section and its subsections.
    static func documented() throws -> [Documented] {
        let text = try RepositoryFiles.text(RepositoryFiles.root.appendingPathComponent("docs/dashboard.md"))
        guard let start = text.range(of: "\n## Admin API\n") else { return [] }
        let section = text[start.upperBound...].components(separatedBy: "\n## ").first ?? ""
        var routes: [Documented] = []
        for line in section.split(separator: "\n") where line.hasPrefix("| `") {
            let cell = line.dropFirst(3).prefix { $0 != "`" }
            let parts = cell.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, ["GET", "POST", "PUT", "PATCH", "DELETE"].contains(String(parts[0])) else { continue }
            let target = parts[1].split(separator: "?", maxSplits: 1)
            let query = target.count == 2 ? target[1].split(separator: "&").map { String($0.prefix { $0 != "=" }) } : []
            routes.append(Documented(route: "\(parts[0]) \(target[0])", query: query))
        }
        return routes
    }

    /// What the route table says of each route, in the docs' form.
    static func declared() -> [String: DashboardRouteQuery] {
        var routes: [String: DashboardRouteQuery] = [:]
        for declaration in DashboardAPIRoute.Table.all {
            routes["\(declaration.method.rawValue) /\(declaration.pattern.path)"] = declaration.query
        }
        return routes
    }

    // MARK: Tests

    @Test func theDocumentedRoutesAreTheDeclaredOnes() throws {
        let documented = try Self.documented()

        let declared = Self.declared()

        #expect(documented.count == Set(documented.map(\.route)).count, "a route is documented twice")
        #expect(Set(documented.map(\.route)) == Set(declared.keys))
    }

    @Test func eachRouteDocumentsTheQueryItemsItReads() throws {
        let declared = Self.declared()

        for route in try Self.documented() {
            switch declared[route.route] {
            case nil: continue
            case .ignored?: #expect(route.query.isEmpty, "\(route) reads no query")
            case .items(let names)?: #expect(route.query.sorted() == names.sorted(), "\(route) reads \(names)")
            case .findParameters?: #expect(route.query.contains("where"), "\(route) passes NCMB's find parameters on")
            }
        }
    }
}
