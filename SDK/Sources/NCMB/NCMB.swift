public import Foundation

/// The SDK's settings: application keys, the server's URL and the constants of ncmb_swift.
///
/// Call ``initialize(applicationKey:clientKey:domainURL:apiVersion:)`` once, before any other SDK call. To use a
/// Kumo server, pass its URL as `domainURL`, e.g. `http://127.0.0.1:8080/`.
///
/// `initialize` configures ``NCMBClient/default``, the client every call uses unless another ``NCMBClient`` runs it.
public final class NCMB: Sendable {
    /// The SDK version sent in `X-NCMB-SDK-Version` (as `swift-1.4.2`): the ncmb_swift version this SDK reproduces.
    public static let SDK_VERSION: String = "1.4.2"
    /// The hosted NCMB service's API URL.
    public static let DEFAULT_DOMAIN_URL: String = "https://mbaas.api.nifcloud.com/"
    /// The API version path segment.
    public static let DEFAULT_API_VERSION: String = "2013-09-01"
    /// The hosted NCMB service's script URL.
    public static let DEFAULT_SCRIPT_ENDPOINT: String = "https://script.mbaas.api.nifcloud.com/"
    /// The script API version path segment.
    public static let DEFAULT_SCRIPT_API_VERSION: String = "2015-09-01"
    /// The device type of installations registered by this SDK.
    public static let DEVICE_TYPE: String = "ios"

    private init() {}

    /// Sets the application keys and the server URL for every later request.
    ///
    /// Objects and queries use the settings in effect when they are created.
    ///
    /// - Parameters:
    ///   - applicationKey: The application key.
    ///   - clientKey: The client key. It signs requests and is never sent.
    ///   - domainURL: The server's base URL: any scheme, host and port, with a trailing slash, e.g.
    ///     `http://127.0.0.1:8080/`. Defaults to ``DEFAULT_DOMAIN_URL``.
    ///   - apiVersion: The API version. Defaults to ``DEFAULT_API_VERSION``.
    /// - Note: NCMB has one API version, and Kumo always sends `2013-09-01`; `apiVersion` is kept for source
    ///   compatibility.
    public class func initialize(
        applicationKey: String, clientKey: String, domainURL: String = DEFAULT_DOMAIN_URL,
        apiVersion: String = DEFAULT_API_VERSION
    ) {
        NCMBClient.default.update { context in
            context.applicationKey = applicationKey
            context.clientKey = clientKey
            context.domainURL = domainURL
            context.apiVersion = apiVersion
        }
        resumeOutbox()
    }

    /// Sets the application keys, the server URL, the transport and the timeouts for every later request.
    ///
    /// - Parameters:
    ///   - applicationKey: The application key.
    ///   - clientKey: The client key. It signs requests and is never sent.
    ///   - domainURL: The server's base URL. Defaults to ``DEFAULT_DOMAIN_URL``.
    ///   - apiVersion: The API version. Defaults to ``DEFAULT_API_VERSION``.
    ///   - transport: Sends the requests, e.g. a ``URLSessionTransport`` over your own `URLSession`.
    ///   - requestTimeout: How long an API request may take, in seconds. Defaults to 10 seconds.
    ///   - fileRequestTimeout: How long a file request may take, in seconds. Defaults to 120 seconds.
    /// - Note: A Kumo addition; ncmb_swift has no transport or timeout settings.
    public class func initialize(
        applicationKey: String, clientKey: String, domainURL: String = DEFAULT_DOMAIN_URL,
        apiVersion: String = DEFAULT_API_VERSION, transport: any NCMBTransport, requestTimeout: TimeInterval = 10,
        fileRequestTimeout: TimeInterval = 120
    ) {
        NCMBClient.default.update { context in
            context.applicationKey = applicationKey
            context.clientKey = clientKey
            context.domainURL = domainURL
            context.apiVersion = apiVersion
            context.transport = transport
            context.requestTimeout = requestTimeout
            context.fileRequestTimeout = fileRequestTimeout
        }
        resumeOutbox()
    }

    /// The default client's context.
    package static var context: NCMBContext { NCMBClient.default.context }

    /// Replaces the default client's context; tests use it to reset the SDK between cases.
    package static func setContext(_ context: NCMBContext) {
        NCMBClient.default.update { $0 = context }
    }
}
