import Foundation
import KumoStorage
import NCMBWire

#if canImport(Glibc)
    import Glibc
#endif

/// What `kumo serve` prints once it listens, and what connects an app to one application
/// (docs/decisions/0064-keys-only-in-the-first-banner.md, docs/connecting-apps.md).
enum ConnectionBanner {
    /// The banner: the URL, the database and the applications; on the first start on a terminal also the keys and the
    /// code that connects each NCMB SDK. Otherwise standard output may be a log, so it says where the keys are.
    static func print(
        scheme: String = "http", host: String, port: Int, applications: [HostedApplication], isNew: Bool, dataDirectory: String,
        databasePath: String, mail: String, scripts: String
    ) {
        let command = invocation
        let url = "\(scheme)://\(host == "0.0.0.0" ? "127.0.0.1" : host):\(port)/"
        var localOptions = ""
        if port != 8080 { localOptions += " --url \(url)" }
        if dataDirectory != "./kumo-data" { localOptions += " --data-dir \(dataDirectory)" }
        var text = """
            Kumo is listening on \(url)
            Database: \(databasePath)\(isNew ? " (new; created application \"\(applications.first?.name ?? "default")\")" : "")
            Mail: \(mail)
            Scripts: \(scripts)

            """
        if isNew, isatty(STDOUT_FILENO) == 1, let application = applications.first, let endpoint = ClientEndpoint(url: url) {
            text += "\n" + connection(application: application, endpoint: endpoint) + """

                These keys are printed on this first start only; print them again with \(command) apps connect\(localOptions)
                Try it:
                  \(command) call POST /2013-09-01/classes/Food --data '{"name":"ramen"}'\(localOptions)

                """
        } else {
            // Keys only on the first start and on a terminal: standard output of a service ends up in its logs.
            let listed = applications.map { "\"\($0.name)\" (applicationId \($0.applicationId))" }.joined(separator: ", ")
            let appOption = applications.count > 1 ? " --app NAME" : ""
            text += """
                \(applications.count > 1 ? "Applications" : "Application"): \(listed)
                Keys: \(command) apps list\(dataDirectory != "./kumo-data" ? " --data-dir \(dataDirectory)" : ""); keys with the code that connects each NCMB SDK: \(command) apps connect\(appOption)\(localOptions)

                """
        }
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// How the user runs this executable: `swift run kumo` from a build folder of the package, else `kumo`.
    static var invocation: String {
        CommandLine.arguments.first?.contains("/.build/") == true ? "swift run kumo" : "kumo"
    }

    /// An application's endpoint, id and keys, then the initialization code of every NCMB SDK with them.
    static func connection(application: HostedApplication, endpoint: ClientEndpoint) -> String {
        """
        Connect an app to application "\(application.name)":
          endpoint:        \(endpoint.baseURL)
          applicationId:   \(application.applicationId)
          application key: \(application.applicationKey)
          client key:      \(application.clientKey)

        \(ClientSDK.allSnippets(endpoint: endpoint, applicationKey: application.applicationKey, clientKey: application.clientKey))

        """
    }
}
