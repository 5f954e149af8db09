/// The NCMB SDKs an app may be built on, and the one line (or two) that points each at a Kumo server with an
/// application's keys: the only place Kumo writes these snippets, shown by `kumo serve`'s first banner and
/// `kumo apps connect` and meant for the dashboard's application page (docs/decisions/0129-connection-snippets-always-name-the-endpoint.md).
///
/// Every snippet names the endpoint: an SDK initialised without it talks to NCMB's own host, which closed in 2024. The
/// APIs are those of the SDKs' last releases (docs/connecting-apps.md says which).
package enum ClientSDK: String, CaseIterable, Sendable {
    /// ncmb_swift and Kumo's own `NCMB` SDK.
    case swift
    /// ncmb_ios, the Objective-C SDK.
    case objectiveC = "objective-c"
    /// ncmb_android, the Java SDK.
    case java
    /// ncmb_kotlin.
    case kotlin
    /// ncmb_unity.
    case unity
    /// ncmb_js, also used by Monaca and React Native apps.
    case javascript

    /// The name shown above the snippet.
    package var title: String {
        switch self {
        case .swift: "Swift (ncmb_swift, or Kumo's NCMB package)"
        case .objectiveC: "Objective-C (ncmb_ios)"
        case .java: "Android, Java (ncmb_android)"
        case .kotlin: "Android, Kotlin (ncmb_kotlin)"
        case .unity: "Unity (ncmb_unity)"
        case .javascript: "JavaScript and Monaca (ncmb on npm)"
        }
    }

    /// The code that points this SDK at `endpoint` with the two keys (pass placeholders to show it without them).
    package func snippet(endpoint: ClientEndpoint, applicationKey: String, clientKey: String) -> String {
        let application = Self.quoted(applicationKey)
        let client = Self.quoted(clientKey)
        let version = APIRouter.apiVersion
        switch self {
        case .swift:
            return "NCMB.initialize(applicationKey: \(application), clientKey: \(client), domainURL: \(Self.quoted(endpoint.baseURL)))"
        case .objectiveC:
            // ncmb_ios has no setting for the host: NCMBRequest.m joins its constant kEndPoint, the version and the path.
            return """
                [NCMB setApplicationKey:@\(application) clientKey:@\(client)];
                // ncmb_ios has no endpoint setting: build it from source with, in NCMBRequest.m,
                // static NSString *const kEndPoint = @\(Self.quoted(endpoint.origin));
                """
        case .java:
            return "NCMB.initialize(getApplicationContext(), \(application), \(client), \(Self.quoted(endpoint.baseURL)), \"\(version)\");"
        case .kotlin:
            // Kotlin reads `$` in a string as a template.
            let (application, client) = (Self.quoted(applicationKey, escapingDollar: true), Self.quoted(clientKey, escapingDollar: true))
            return "NCMB.initialize(applicationContext, \(application), \(client), \(Self.quoted(endpoint.baseURL)), \"\(version)\")"
        case .unity:
            return "NCMBSettings.Initialize(\(application), \(client), \(Self.quoted(endpoint.origin)), \"\(version)\");"
        case .javascript:
            let host = Self.quoted(endpoint.host)
            return """
                const ncmb = new NCMB(\(application), \(client), {
                  fqdn: \(host), scriptFqdn: \(host), port: \(endpoint.port), protocol: "\(endpoint.scheme):",
                });
                """
        }
    }

    /// Every SDK's snippet, each under its title, separated by blank lines, indented by `indent`.
    package static func allSnippets(endpoint: ClientEndpoint, applicationKey: String, clientKey: String, indent: String = "") -> String {
        allCases.map { sdk in
            let lines = [sdk.title + ":"]
                + sdk.snippet(endpoint: endpoint, applicationKey: applicationKey, clientKey: clientKey).split(separator: "\n").map { "  " + $0 }
            return lines.map { indent + $0 }.joined(separator: "\n")
        }.joined(separator: "\n\n")
    }

    /// A double-quoted string literal of the C family (Swift, Objective-C after `@`, Java, Kotlin, C#, JavaScript).
    private static func quoted(_ text: String, escapingDollar: Bool = false) -> String {
        var literal = "\""
        for character in text {
            switch character {
            case "$" where escapingDollar: literal += "\\$"
            case "\"": literal += "\\\""
            case "\\": literal += "\\\\"
            case "\n": literal += "\\n"
            default: literal.append(character)
            }
        }
        return literal + "\""
    }
}
