public import Foundation

/// Where the SDK keeps what must outlive the app's process: the outbox of eventual writes and the query cache.
///
/// Unless configured, the root is `Application Support/NCMB` on Apple platforms and
/// `${XDG_DATA_HOME:-$HOME/.local/share}/NCMB` elsewhere; each feature keeps its files in its own folder below it.
///
/// - Note: A Kumo addition.
public enum NCMBOfflineDirectory {
    /// The root folder used when the app configures none.
    ///
    /// - Parameter environment: The process environment (a parameter so tests can give their own).
    /// - Returns: The platform's standard folder for the SDK's durable files.
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        #if canImport(Darwin)
            if let support = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first {
                return support.appendingPathComponent("NCMB", isDirectory: true)
            }
        #endif
        if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") {
            return URL(fileURLWithPath: dataHome, isDirectory: true).appendingPathComponent("NCMB", isDirectory: true)
        }
        let home =
            environment["HOME"].map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? FileManager.default.homeDirectoryForCurrentUser
        return home.appendingPathComponent(".local/share/NCMB", isDirectory: true)
    }

    /// The folder of one feature (`outbox`, `cache`) below `root`.
    ///
    /// - Parameters:
    ///   - feature: The feature's folder name.
    ///   - root: The root folder; the standard one when `nil`.
    /// - Returns: `root/feature`.
    public static func folder(_ feature: String, root: URL? = nil) -> URL {
        (root ?? standard()).appendingPathComponent(feature, isDirectory: true)
    }
}
