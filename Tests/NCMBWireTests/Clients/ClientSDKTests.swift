import Foundation
import NCMBWire
import Testing

/// The connection snippets of every NCMB SDK (docs/connecting-apps.md): each names the endpoint the way its SDK takes it.
@Suite struct ClientSDKTests {
    static let local = ClientEndpoint(scheme: "http", host: "127.0.0.1", port: 8080)

    // MARK: Tests

    @Test func eachSDKIsPointedAtTheEndpointAsItsInitializerTakesIt() {
        let snippets = Dictionary(
            uniqueKeysWithValues: ClientSDK.allCases.map { ($0, $0.snippet(endpoint: Self.local, applicationKey: "APP", clientKey: "CLI")) })

        #expect(snippets[.swift] == #"NCMB.initialize(applicationKey: "APP", clientKey: "CLI", domainURL: "http://127.0.0.1:8080/")"#)
        #expect(snippets[.objectiveC]?.hasPrefix(#"[NCMB setApplicationKey:@"APP" clientKey:@"CLI"];"#) == true)
        #expect(snippets[.objectiveC]?.contains(#"static NSString *const kEndPoint = @"http://127.0.0.1:8080";"#) == true)
        #expect(snippets[.java] == #"NCMB.initialize(getApplicationContext(), "APP", "CLI", "http://127.0.0.1:8080/", "2013-09-01");"#)
        #expect(snippets[.kotlin] == #"NCMB.initialize(applicationContext, "APP", "CLI", "http://127.0.0.1:8080/", "2013-09-01")"#)
        #expect(snippets[.unity] == #"NCMBSettings.Initialize("APP", "CLI", "http://127.0.0.1:8080", "2013-09-01");"#)
        #expect(snippets[.javascript]?.contains(#"new NCMB("APP", "CLI", {"#) == true)
        #expect(snippets[.javascript]?.contains(#"fqdn: "127.0.0.1", scriptFqdn: "127.0.0.1", port: 8080, protocol: "http:","#) == true)
    }

    @Test(arguments: ClientSDK.allCases)
    func theConnectingAppsPageShowsWhatTheCodeWrites(sdk: ClientSDK) throws {
        let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../docs/connecting-apps.md")
        let text = try String(contentsOf: page, encoding: .utf8)
        let endpoint = try #require(ClientEndpoint(url: "https://api.example.com"))

        #expect(text.contains("## " + sdk.title))
        #expect(text.contains(sdk.snippet(endpoint: endpoint, applicationKey: "YOUR_APPLICATION_KEY", clientKey: "YOUR_CLIENT_KEY")))
    }

    @Test(arguments: ClientSDK.allCases)
    func noSnippetLeavesTheEndpointToTheSDKsDefault(sdk: ClientSDK) {
        let snippet = sdk.snippet(endpoint: Self.local, applicationKey: "APP", clientKey: "CLI")

        #expect(snippet.contains("127.0.0.1"))
        #expect(!snippet.contains("nifcloud"))
    }

    @Test func httpsOnItsDefaultPortIsWrittenWithoutThePort() throws {
        let endpoint = try #require(ClientEndpoint(url: "https://api.example.com"))

        #expect(endpoint == ClientEndpoint(scheme: "https", host: "api.example.com", port: 443))
        #expect(ClientSDK.swift.snippet(endpoint: endpoint, applicationKey: "A", clientKey: "C").contains(#"domainURL: "https://api.example.com/""#))
        #expect(ClientSDK.javascript.snippet(endpoint: endpoint, applicationKey: "A", clientKey: "C").contains(#"port: 443, protocol: "https:""#))
    }

    @Test func keysAreWrittenAsStringLiteralsWhateverTheyHold() {
        let swift = ClientSDK.swift.snippet(endpoint: Self.local, applicationKey: #"a"b\c"#, clientKey: "d$e")
        let kotlin = ClientSDK.kotlin.snippet(endpoint: Self.local, applicationKey: #"a"b\c"#, clientKey: "d$e")

        #expect(swift.contains(#"applicationKey: "a\"b\\c", clientKey: "d$e""#))
        #expect(kotlin.contains(#""a\"b\\c", "d\$e""#))
    }

    @Test(arguments: [
        ("http://127.0.0.1:8080/", ClientEndpoint(scheme: "http", host: "127.0.0.1", port: 8080)),
        ("http://localhost", ClientEndpoint(scheme: "http", host: "localhost", port: 80)),
        ("https://[::1]:8443/", ClientEndpoint(scheme: "https", host: "::1", port: 8443)),
    ])
    func endpointsAreReadFromOrigins(url: String, expected: ClientEndpoint) {
        #expect(ClientEndpoint(url: url) == expected)
    }

    @Test(arguments: ["ftp://host/", "http://", "http://host/api/", "http://host:0/", "http://host:99999", "http://user@host/", "host:8080"])
    func anythingButAnOriginIsRefused(url: String) {
        #expect(ClientEndpoint(url: url) == nil)
    }

    @Test func anIPv6EndpointKeepsItsBracketsInURLs() throws {
        let endpoint = try #require(ClientEndpoint(url: "http://[::1]:8080"))

        #expect(endpoint.baseURL == "http://[::1]:8080/")
        #expect(ClientSDK.javascript.snippet(endpoint: endpoint, applicationKey: "A", clientKey: "C").contains(#"fqdn: "::1""#))
    }
}
