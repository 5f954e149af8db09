import KumoStorage
import NCMBWire

/// What `kumo import` says about an application's keys (docs/decisions/0146-engine-moves-carry-secrets.md): on
/// standard error and in the report's summary line, so that a changed client key is never silent.
enum ImportKeyNotices {
    /// The notices of an application `--create-app` just made from `exported` (a kumo export's `application`).
    static func created(_ application: HostedApplication, exported: JSONObject?) -> [String] {
        guard let exported, exported["clientKey"]?.stringValue == nil else { return [] }
        return [
            "a NEW client key was made for \(application.name): the export carries none (written without --include-secrets), "
                + "so installed apps that sign with the old client key get 401 E401002. To keep the old one, remove this "
                + "application, create it with `kumo apps create --name \(application.name) --application-key "
                + "\(application.applicationKey) --client-key OLD_CLIENT_KEY` and import again without --create-app, or import "
                + "an export written with --include-secrets."
        ]
    }

    /// The notices of an import into an application that exists: its keys are kept, never overwritten by an export's.
    static func existing(_ application: HostedApplication, exported: JSONObject?) -> [String] {
        guard let exported else { return [] }
        let applicationKey = exported["applicationKey"]?.stringValue
        let clientKey = exported["clientKey"]?.stringValue
        guard
            (applicationKey != nil && applicationKey != application.applicationKey)
                || (clientKey != nil && clientKey != application.clientKey)
        else { return [] }
        return [
            "\(application.name) keeps its own keys: the export's application or client key differs and an import never "
                + "replaces the keys of an application that exists (apps signing with the export's keys need them: import "
                + "with --create-app into a new application to keep them)."
        ]
    }
}
