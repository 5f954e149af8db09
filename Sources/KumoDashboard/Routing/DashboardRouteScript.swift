import HTTPTypes
import NCMBWire

/// The web app's `routes.js`, generated from the route declarations: one path builder per route, so that the app spells
/// no path of its own (docs/decisions/0109-dashboard-routes-declared-once.md). The file is checked in under `Assets/`
/// and served like the others; `DashboardRouteScriptTests` fails when it differs from ``source``. It also carries the
/// table of standard classes (``StandardClass``), so that the app spells no class name of its own either
/// (docs/decisions/0152-one-table-of-standard-classes.md).
package enum DashboardRouteScript {
    /// The file's name under `Assets/`.
    package static let fileName = "routes.js"

    /// The text of `routes.js`.
    package static var source: String {
        var text = header + standardClasses
        for declaration in DashboardRoute.Table.all { text += builder(declaration) }
        for declaration in DashboardAPIRoute.Table.all { text += builder(declaration) }
        return text
    }

    /// What the file says about itself, and the function every builder calls.
    private static let header = """
        // The dashboard's routes, one builder per route: generated from their declarations (Sources/KumoDashboard/Routing/)
        // by DashboardRouteScript; do not edit. DashboardRouteScriptTests fails when this file differs from the
        // declarations, and `KUMO_WRITE_ROUTES_JS=1 swift test --filter DashboardRouteScriptTests` writes it again
        // (docs/decisions/0109-dashboard-routes-declared-once.md).
        //
        // A builder takes the path's parameters and gives the route: its method, its path with each segment
        // percent-encoded, and the names of the query items it reads (`null`: NCMB's find parameters, passed on). api.js
        // sends it.

        /** A route: its method, its path, the names of the query items it reads. */
        function route(method, segments, query) {
          return Object.freeze({ method, path: segments.map((segment) => `/${encodeURIComponent(segment)}`).join(''), query });
        }

        """

    /// The standard classes: `export const standardClasses = Object.freeze([...]);`.
    private static var standardClasses: String {
        let rows = StandardClass.all.map { standard in
            "  Object.freeze({ className: \(literal(standard.className.rawValue)), name: \(literal(standard.restName)), "
                + "browsable: \(standard.reference != nil) }),\n"
        }
        return """

            /**
             * The standard classes (SDK/Sources/NCMBWire/Schema/StandardClass.swift): the stored name pointers carry
             * (`className`), the name the API's paths and the dashboard use (`name`), and whether the data browser shows
             * its objects (`browsable`).
             */
            export const standardClasses = Object.freeze([
            \(rows.joined())]);

            """
    }

    /// One declaration's builder: `export const name = (parameters) => route('GET', [segments], [query]);`.
    private static func builder<Route>(_ declaration: DashboardRouteDeclaration<Route>) -> String {
        let pattern = declaration.pattern
        let segments =
            pattern.prefix.map(literal)
            + pattern.segments.map { segment in
                switch segment {
                case .literal(let word): literal(word)
                case .parameter(let name): name
                }
            }
        let query =
            switch declaration.query {
            case .ignored: "[]"
            case .items(let names): "[" + names.map(literal).joined(separator: ", ") + "]"
            case .findParameters: "null"
            }
        let parameters = pattern.parameterNames.joined(separator: ", ")
        return """

            /** `\(declaration)` */
            export const \(declaration.name) = (\(parameters)) => route('\(declaration.method.rawValue)', [\(segments.joined(separator: ", "))], \(query));

            """
    }

    /// A JavaScript string literal of a word of a path (letters, digits, `-`, `_` and `.` only).
    private static func literal(_ word: String) -> String {
        "'" + word + "'"
    }
}
