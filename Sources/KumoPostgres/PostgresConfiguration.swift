import Foundation
package import KumoStorage

/// How ``PostgresStorage`` reaches and uses its database (docs/architecture.md#postgresql-engine-kumopostgres,
/// docs/configuration.md).
///
/// Usually read from a URL: `postgres://user:password@host:5432/database?schema=kumo&sslmode=prefer`.
package struct PostgresConfiguration: SQLStoreConfiguration, Sendable, Hashable {
    /// Whether and how the connection is encrypted (libpq's `sslmode` names).
    package enum TransportSecurity: String, Sendable, Hashable, CaseIterable {
        /// Plain TCP.
        case disable
        /// TLS when the server offers it, plain TCP otherwise; the certificate is not verified (as libpq).
        case prefer
        /// TLS is required; the certificate is not verified (as libpq).
        case require
        /// TLS with the certificate verified against the system trust roots and the host name.
        case verifyFull = "verify-full"
    }

    /// Host name or IP address of the server.
    package var host: String
    /// TCP port. Defaults to 5432.
    package var port: Int
    /// The role to log in as.
    package var username: String
    /// Its password, when the server asks for one.
    package var password: String?
    /// The database to open.
    package var database: String
    /// The schema holding Kumo's tables, created when missing; `nil` uses the server's `search_path` (normally
    /// `public`). Several Kumo deployments can share one database with different schemas. Defaults to `nil`.
    package var schema: String?
    /// Connection encryption. Defaults to `.prefer`.
    package var transportSecurity: TransportSecurity
    /// The most connections one instance opens. Defaults to 20.
    package var maximumConnections: Int
    /// How long a storage call may take, waiting for a connection included, before it fails with
    /// `StorageError.unavailable` (E503001); also the server-side `statement_timeout`. Defaults to 5 seconds.
    package var timeout: Duration
    /// The read budget (its admission lanes default to two fewer than ``maximumConnections``; its time limit is sent
    /// as `statement_timeout` when shorter than ``timeout``), slow query recorder and object limits of the stores, also
    /// read and set as `readLimits`, `slowQueries` and `objectLimits`.
    package var storeOptions = SQLStoreOptions()
    /// Whether the storage has a change feed (docs/architecture.md#change-feed): writes announce their changes with
    /// `NOTIFY` while some instance listens, and a `LISTEN` connection publishes them. Every instance of a deployment
    /// must use the same setting. Defaults to `false`; `kumo serve` sets it when realtime is on.
    package var publishesChanges = false

    /// Creates a configuration; every argument but the address and login has its documented default.
    package init(
        host: String, port: Int = 5432, username: String, password: String?, database: String, schema: String? = nil,
        transportSecurity: TransportSecurity = .prefer, maximumConnections: Int = 20, timeout: Duration = .seconds(5)
    ) {
        self.host = host
        self.port = port
        self.username = username
        self.password = password
        self.database = database
        self.schema = schema
        self.transportSecurity = transportSecurity
        self.maximumConnections = maximumConnections
        self.timeout = timeout
    }

    /// Reads a `postgres://` (or `postgresql://`) URL: user, password, host, port and database, plus the query
    /// parameters `schema` and `sslmode` (`disable`, `prefer`, `require`, `verify-full`). User and password may be
    /// percent-encoded.
    ///
    /// - Throws: ``PostgresConfigurationError`` naming what is wrong.
    package init(url: String) throws(PostgresConfigurationError) {
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(),
            scheme == "postgres" || scheme == "postgresql"
        else { throw PostgresConfigurationError("the database URL must look like postgres://user:password@host:5432/database") }
        guard let host = components.host, !host.isEmpty else { throw PostgresConfigurationError("the database URL has no host") }
        guard let username = components.user, !username.isEmpty else {
            throw PostgresConfigurationError("the database URL has no user name")
        }
        let database = String(components.path.drop(while: { $0 == "/" }))
        guard !database.isEmpty, !database.contains("/") else {
            throw PostgresConfigurationError("the database URL must name one database after the host, as in /kumo")
        }
        self.init(host: host, port: components.port ?? 5432, username: username, password: components.password, database: database)
        for item in components.queryItems ?? [] {
            let value = item.value ?? ""
            switch item.name {
            case "schema":
                guard PostgresConfiguration.isValidSchemaName(value) else {
                    throw PostgresConfigurationError("schema must match [a-z_][a-z0-9_]{0,62}, not '\(value)'")
                }
                schema = value
            case "sslmode":
                guard let mode = TransportSecurity(rawValue: value) else {
                    let modes = TransportSecurity.allCases.map(\.rawValue).joined(separator: ", ")
                    throw PostgresConfigurationError("sslmode must be one of \(modes), not '\(value)'")
                }
                transportSecurity = mode
            default:
                throw PostgresConfigurationError("unknown database URL parameter '\(item.name)' (known: schema, sslmode)")
            }
        }
    }

    /// Whether `name` can be used as a schema: lowercase letters, digits and `_`, not starting with a digit, at most
    /// 63 characters, so it is one PostgreSQL identifier that needs no quoting.
    package static func isValidSchemaName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, name.unicodeScalars.count <= 63 else { return false }
        let isLower = { (scalar: Unicode.Scalar) in scalar >= "a" && scalar <= "z" }
        let isDigit = { (scalar: Unicode.Scalar) in scalar >= "0" && scalar <= "9" }
        return (isLower(first) || first == "_") && name.unicodeScalars.allSatisfy { isLower($0) || isDigit($0) || $0 == "_" }
    }

    /// The URL without the password, for logs and banners.
    package var redactedDescription: String {
        var text = "postgres://\(username)@\(host):\(port)/\(database)"
        var parameters: [String] = []
        if let schema { parameters.append("schema=\(schema)") }
        if transportSecurity != .prefer { parameters.append("sslmode=\(transportSecurity.rawValue)") }
        if !parameters.isEmpty { text += "?" + parameters.joined(separator: "&") }
        return text
    }
}

/// A database URL or setting that cannot be used; the message says why.
package struct PostgresConfigurationError: Error, CustomStringConvertible, Sendable {
    /// What is wrong.
    package let description: String

    /// Creates an error.
    package init(_ description: String) {
        self.description = description
    }
}
