public import NCMB

extension NCMBClient {
    /// A client for an app's tests: requests go to `transport`, the signed-in user persists in memory only, and reads
    /// are not retried.
    ///
    /// Run the code under test with `NCMBClient.run(_:)`, or pass the client to it. The keys are fixed
    /// test values; the transport does not check signatures.
    ///
    /// - Parameters:
    ///   - transport: The mock that answers the requests.
    ///   - domainURL: The server URL the app believes it talks to. Defaults to ``NCMB/DEFAULT_DOMAIN_URL``.
    ///   - localStore: Where the signed-in user persists: pass the same ``MemoryLocalStore`` to a second client to test
    ///     what a relaunched app restores. Defaults to a new one.
    /// - Returns: The client.
    public static func mock(
        transport: NCMBMockTransport, domainURL: String = NCMB.DEFAULT_DOMAIN_URL,
        localStore: MemoryLocalStore = MemoryLocalStore()
    ) -> NCMBClient {
        NCMBClient(
            configuration: Configuration(
                applicationKey: "testApplicationKey", clientKey: "testClientKey", domainURL: domainURL, transport: transport,
                localStore: localStore))
    }
}
