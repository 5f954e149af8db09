#if canImport(UIKit) && canImport(WebKit) && os(iOS)
    import Foundation
    import UIKit
    import WebKit

    /// The caller's completion of ``NCMBPush/handleRichPush(userInfo:completion:)``, carried to the main actor.
    final class RichPushCompletion: @unchecked Sendable {
        // @unchecked: ncmb_swift's completion is not `@Sendable`; it is called once, on the main actor.
        let body: () -> Void

        init(_ body: @escaping () -> Void) { self.body = body }
    }

    /// A rich push page: a web view over the screen with a Close button below it.
    final class RichPushViewController: UIViewController {
        /// The page.
        private let url: URL
        /// Called once the controller has been dismissed.
        private let onClose: RichPushCompletion

        init(url: URL, onClose: RichPushCompletion) {
            self.url = url
            self.onClose = onClose
            super.init(nibName: nil, bundle: nil)
            modalPresentationStyle = .overFullScreen
            modalTransitionStyle = .crossDissolve
        }

        @available(*, unavailable)
        required init?(coder: NSCoder) { nil }

        /// Presents a page over the key window's topmost controller; does nothing without a key window.
        static func present(url: URL, onClose: RichPushCompletion) {
            let windows = UIApplication.shared.connectedScenes.compactMap { $0 as? UIWindowScene }.flatMap(\.windows)
            guard var presenter = windows.first(where: \.isKeyWindow)?.rootViewController else { return }
            while let presented = presenter.presentedViewController { presenter = presented }
            presenter.present(RichPushViewController(url: url, onClose: onClose), animated: true)
        }

        override func viewDidLoad() {
            super.viewDidLoad()
            view.backgroundColor = .systemGray
            let webView = WKWebView(frame: .zero, configuration: WKWebViewConfiguration())
            let closeButton = UIButton(type: .system)
            closeButton.setTitle("Close", for: .normal)
            closeButton.addTarget(self, action: #selector(close), for: .touchUpInside)
            for subview in [webView, closeButton] as [UIView] {
                subview.translatesAutoresizingMaskIntoConstraints = false
                view.addSubview(subview)
            }
            let guide = view.safeAreaLayoutGuide
            NSLayoutConstraint.activate([
                webView.topAnchor.constraint(equalTo: guide.topAnchor),
                webView.leadingAnchor.constraint(equalTo: guide.leadingAnchor),
                webView.trailingAnchor.constraint(equalTo: guide.trailingAnchor),
                closeButton.topAnchor.constraint(equalTo: webView.bottomAnchor, constant: 8),
                closeButton.centerXAnchor.constraint(equalTo: guide.centerXAnchor),
                closeButton.bottomAnchor.constraint(equalTo: guide.bottomAnchor, constant: -8),
            ])
            webView.load(URLRequest(url: url))
        }

        override func viewDidDisappear(_ animated: Bool) {
            super.viewDidDisappear(animated)
            if isBeingDismissed { onClose.body() }
        }

        @objc private func close() {
            dismiss(animated: true)
        }
    }
#endif
