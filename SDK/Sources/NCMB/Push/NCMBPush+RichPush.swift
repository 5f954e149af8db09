import Foundation

extension NCMBPush {
    /// The payload key of a rich push page's URL.
    static let richUrlKey = "com.nifcloud.mbaas.RichUrl"

    /// Shows the rich push page of a notification full screen, with a Close button, when its payload has one.
    ///
    /// Does nothing when the payload has no `com.nifcloud.mbaas.RichUrl`, and on platforms without UIKit and WebKit
    /// (macOS, Linux), as in ncmb_swift.
    ///
    /// - Parameters:
    ///   - userInfo: The notification's payload.
    ///   - completion: Called on the main queue once the page is closed.
    public static func handleRichPush(userInfo: [String: AnyObject]?, completion: @escaping () -> Void = {}) {
        #if canImport(UIKit) && canImport(WebKit) && os(iOS)
            guard let text = userInfo?[richUrlKey] as? String, let url = URL(string: text) else { return }
            let onClose = RichPushCompletion(completion)
            Task { @MainActor in RichPushViewController.present(url: url, onClose: onClose) }
        #endif
    }
}
