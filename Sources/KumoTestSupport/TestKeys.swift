/// The key sets of docs/wire/signature.md#key-sets.
package enum TestKeys {
    /// One application key and client key pair.
    package struct KeySet: Sendable, Hashable {
        /// `X-NCMB-Application-Key`.
        package let applicationKey: String
        /// The HMAC key.
        package let clientKey: String
    }

    /// K1: the keys of the NCMB documentation's signature example.
    package static let documented = KeySet(
        applicationKey: "6145f91061916580c742f806bab67649d10f45920246ff459404c46f00ff3e56",
        clientKey: "1343d198b510a0315db1c03f3aa0e32418b7a743f8e4b47cbff670601345cf75")
    /// K2: the keys of ncmb_js's test configuration.
    package static let javaScriptTests = KeySet(applicationKey: "apikey", clientKey: "clientkey")
    /// K3: arbitrary test keys.
    package static let arbitrary = KeySet(applicationKey: "appkey", clientKey: "clientkey")
}
