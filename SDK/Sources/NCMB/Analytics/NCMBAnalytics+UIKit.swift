#if canImport(UIKit) && (os(iOS) || os(visionOS))
    public import UIKit

    extension NCMBAnalytics {
        /// Records, in the background, that the app was launched from a push notification; does nothing when the
        /// launch options carry none. Errors are ignored, as in ncmb_swift.
        ///
        /// - Parameter launchOptions: The options of `application(_:didFinishLaunchingWithOptions:)`.
        public static func trackAppOpenedWithLaunchOptions(launchOptions: [UIApplication.LaunchOptionsKey: Any]?) {
            guard let payload = launchOptions?[.remoteNotification] as? [String: AnyObject] else { return }
            trackAppOpenedWithRemoteNotificationPayload(userInfo: payload)
        }
    }
#endif
