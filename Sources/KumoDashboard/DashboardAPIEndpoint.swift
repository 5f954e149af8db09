package import NCMBWire
import Synchronization

/// Where apps reach the NCMB API, for the application page's connection snippets (docs/dashboard.md#applications):
/// `--public-url` when given, else the API listener's URL, known once it listens (`--port 0` picks the port then).
package final class DashboardAPIEndpoint: Sendable {
    private let url: Mutex<String?>

    /// An endpoint that is `url` (`--public-url`), or unknown until ``listening(at:)``.
    package init(_ url: String? = nil) {
        self.url = Mutex(url)
    }

    /// The API listens at `url`: the endpoint, unless `--public-url` named one.
    package func listening(at url: String) {
        self.url.withLock { current in
            if current == nil { current = url }
        }
    }

    /// The endpoint as the SDKs take it; `nil` while unknown or when it is no bare `http(s)` origin.
    package var endpoint: ClientEndpoint? {
        url.withLock { $0 }.flatMap(ClientEndpoint.init(url:))
    }
}
