import Crypto
package import KumoStorage

extension ScriptDeployment {
    /// A deployment of `code` with its version hash (the lowercase hex SHA-256 of the code) computed.
    package init(applicationId: String, name: String, code: String, runPermission: OperationPermission? = nil) {
        let hash = SHA256.hash(data: Array(code.utf8)).map { byte in
            let digits = Array("0123456789abcdef")
            return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0f)]])
        }.joined()
        self.init(applicationId: applicationId, name: name, code: code, versionHash: hash, runPermission: runPermission)
    }
}
