#if canImport(Observation)
    public import Observation

    /// The signed-in user of a client as an observable value: a SwiftUI view that reads ``user`` updates when someone
    /// signs up, logs in or out, or when the signed-in user is saved or fetched.
    ///
    /// ```swift
    /// struct AccountView: View {
    ///     @State private var account = NCMBCurrentUser()
    ///
    ///     var body: some View {
    ///         if let user = account.user { Text("Signed in as \(user.userName ?? "")") } else { LoginView() }
    ///     }
    /// }
    /// ```
    ///
    /// It follows ``NCMBClient/currentUserChanges`` from its creation until it is released. ``user`` changes on the main
    /// actor only.
    ///
    /// - Note: A Kumo addition. Needs the Observation framework: iOS 17, macOS 14, tvOS 17, watchOS 10 (and Linux).
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @MainActor
    @Observable
    public final class NCMBCurrentUser {
        /// The signed-in user; `nil` when nobody is signed in.
        public private(set) var user: NCMBUser?
        /// How many changes arrived; every sign-in, sign-out, save and fetch of the signed-in user adds one, so a view
        /// can observe a change of the same user's fields.
        public private(set) var revision = 0

        /// The task that follows the client's changes; cancelled when this value is released.
        @ObservationIgnored private let follower = Locked<Task<Void, Never>?>(nil)

        /// Starts following the signed-in user of `client`.
        ///
        /// - Parameter client: The client. Defaults to ``NCMBClient/default``.
        public init(client: NCMBClient = .default) {
            let changes = client.currentUserChanges
            self.user = client.currentUser
            // The bridge from the client's stream to the main actor: the one task of this value, ended with it.
            // The stream starts with the user signed in when it was created, which `user` already holds; but it keeps only
            // the newest value, so a change made before this task first reads replaces that start: the first value is
            // skipped only when it is the user `user` already holds.
            let task = Task { @MainActor [weak self] in
                var isFirst = true
                for await user in changes {
                    guard let self else { return }
                    defer { isFirst = false }
                    if isFirst && user === self.user { continue }
                    self.user = user
                    self.revision += 1
                }
            }
            follower.withLock { $0 = task }
        }

        /// Whether someone is signed in.
        public var isSignedIn: Bool { user != nil }

        deinit {
            follower.current?.cancel()
        }
    }
#endif
