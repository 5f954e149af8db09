extension NCMBUser {
    /// Signs up, or logs in, with Twitter credentials, as `try await signUpWithTwitterToken(twitterParameters:)` does.
    ///
    /// - Returns: `.success` once done, or `.failure` with the error.
    /// - Important: Blocks the calling thread until the request finishes. Call it from a background thread, never from
    ///   async code and preferably not from the main thread.
    /// - Note: A Kumo addition; ncmb_swift has only the callback form.
    @available(*, noasync, message: "Blocks the calling thread; use `try await signUpWithTwitterToken(twitterParameters:)` in async code.")
    public func signUpWithTwitterToken(twitterParameters: NCMBTwitterParameters) -> NCMBResult<Void> {
        SynchronousCall.run { try await self.signUpWithTwitterToken(twitterParameters: twitterParameters) }
    }

    /// Signs up, or logs in, with Twitter credentials in the background, as `try await signUpWithTwitterToken(twitterParameters:)` does.
    ///
    /// - Parameters:
    ///   - twitterParameters: The credentials.
    ///   - callback: Called once with the result, on a background queue.
    public func signUpWithTwitterToken(twitterParameters: NCMBTwitterParameters, callback: @escaping NCMBHandler<Void>) {
        BackgroundCall.start(callback) { try await self.signUpWithTwitterToken(twitterParameters: twitterParameters) }
    }

    /// Signs up, or logs in, with Facebook credentials, as `try await signUpWithFacebookToken(facebookParameters:)` does.
    ///
    /// - Returns: `.success` once done, or `.failure` with the error.
    /// - Important: Blocks the calling thread until the request finishes. Call it from a background thread, never from
    ///   async code and preferably not from the main thread.
    /// - Note: A Kumo addition; ncmb_swift has only the callback form.
    @available(*, noasync, message: "Blocks the calling thread; use `try await signUpWithFacebookToken(...)` in async code.")
    public func signUpWithFacebookToken(facebookParameters: NCMBFacebookParameters) -> NCMBResult<Void> {
        SynchronousCall.run { try await self.signUpWithFacebookToken(facebookParameters: facebookParameters) }
    }

    /// Signs up, or logs in, with Facebook credentials in the background, as `try await signUpWithFacebookToken(facebookParameters:)` does.
    ///
    /// - Parameters:
    ///   - facebookParameters: The credentials.
    ///   - callback: Called once with the result, on a background queue.
    public func signUpWithFacebookToken(facebookParameters: NCMBFacebookParameters, callback: @escaping NCMBHandler<Void>) {
        BackgroundCall.start(callback) { try await self.signUpWithFacebookToken(facebookParameters: facebookParameters) }
    }

    /// Signs up, or logs in, with Sign in with Apple credentials, as `try await signUpWithAppleToken(appleParameters:)` does.
    ///
    /// - Returns: `.success` once done, or `.failure` with the error.
    /// - Important: Blocks the calling thread until the request finishes. Call it from a background thread, never from
    ///   async code and preferably not from the main thread.
    /// - Note: A Kumo addition; ncmb_swift has only the callback form.
    @available(*, noasync, message: "Blocks the calling thread; use `try await signUpWithAppleToken(appleParameters:)` in async code.")
    public func signUpWithAppleToken(appleParameters: NCMBAppleParameters) -> NCMBResult<Void> {
        SynchronousCall.run { try await self.signUpWithAppleToken(appleParameters: appleParameters) }
    }

    /// Signs up, or logs in, with Sign in with Apple credentials in the background, as `try await signUpWithAppleToken(appleParameters:)` does.
    ///
    /// - Parameters:
    ///   - appleParameters: The credentials.
    ///   - callback: Called once with the result, on a background queue.
    public func signUpWithAppleToken(appleParameters: NCMBAppleParameters, callback: @escaping NCMBHandler<Void>) {
        BackgroundCall.start(callback) { try await self.signUpWithAppleToken(appleParameters: appleParameters) }
    }

    /// Signs up, or logs in, with Google credentials, as `try await signUpWithGoogleToken(googleParameters:)` does.
    ///
    /// - Returns: `.success` once done, or `.failure` with the error.
    /// - Important: Blocks the calling thread until the request finishes. Call it from a background thread, never from
    ///   async code and preferably not from the main thread.
    /// - Note: A Kumo addition; ncmb_swift has only the callback form.
    @available(*, noasync, message: "Blocks the calling thread; use `try await signUpWithGoogleToken(googleParameters:)` in async code.")
    public func signUpWithGoogleToken(googleParameters: NCMBGoogleParameters) -> NCMBResult<Void> {
        SynchronousCall.run { try await self.signUpWithGoogleToken(googleParameters: googleParameters) }
    }

    /// Signs up, or logs in, with Google credentials in the background, as `try await signUpWithGoogleToken(googleParameters:)` does.
    ///
    /// - Parameters:
    ///   - googleParameters: The credentials.
    ///   - callback: Called once with the result, on a background queue.
    /// - Note: A Kumo addition; ncmb_swift has ``NCMBGoogleParameters`` but no method taking them.
    public func signUpWithGoogleToken(googleParameters: NCMBGoogleParameters, callback: @escaping NCMBHandler<Void>) {
        BackgroundCall.start(callback) { try await self.signUpWithGoogleToken(googleParameters: googleParameters) }
    }

    /// Links Twitter credentials to the user, as `try await linkWithTwitterToken(twitterParameters:)` does.
    ///
    /// - Returns: `.success` once done, or `.failure` with the error.
    /// - Important: Blocks the calling thread until the request finishes. Call it from a background thread, never from
    ///   async code and preferably not from the main thread.
    /// - Note: A Kumo addition; ncmb_swift has only the callback form.
    @available(*, noasync, message: "Blocks the calling thread; use `try await linkWithTwitterToken(twitterParameters:)` in async code.")
    public func linkWithTwitterToken(twitterParameters: NCMBTwitterParameters) -> NCMBResult<Void> {
        SynchronousCall.run { try await self.linkWithTwitterToken(twitterParameters: twitterParameters) }
    }

    /// Links Twitter credentials to the user in the background, as `try await linkWithTwitterToken(twitterParameters:)` does.
    ///
    /// - Parameters:
    ///   - twitterParameters: The credentials.
    ///   - callback: Called once with the result, on a background queue.
    public func linkWithTwitterToken(twitterParameters: NCMBTwitterParameters, callback: @escaping NCMBHandler<Void>) {
        BackgroundCall.start(callback) { try await self.linkWithTwitterToken(twitterParameters: twitterParameters) }
    }

    /// Links Facebook credentials to the user, as `try await linkWithFacebookToken(facebookParameters:)` does.
    ///
    /// - Returns: `.success` once done, or `.failure` with the error.
    /// - Important: Blocks the calling thread until the request finishes. Call it from a background thread, never from
    ///   async code and preferably not from the main thread.
    /// - Note: A Kumo addition; ncmb_swift has only the callback form.
    @available(*, noasync, message: "Blocks the calling thread; use `try await linkWithFacebookToken(facebookParameters:)` in async code.")
    public func linkWithFacebookToken(facebookParameters: NCMBFacebookParameters) -> NCMBResult<Void> {
        SynchronousCall.run { try await self.linkWithFacebookToken(facebookParameters: facebookParameters) }
    }

    /// Links Facebook credentials to the user in the background, as `try await linkWithFacebookToken(facebookParameters:)` does.
    ///
    /// - Parameters:
    ///   - facebookParameters: The credentials.
    ///   - callback: Called once with the result, on a background queue.
    public func linkWithFacebookToken(facebookParameters: NCMBFacebookParameters, callback: @escaping NCMBHandler<Void>) {
        BackgroundCall.start(callback) { try await self.linkWithFacebookToken(facebookParameters: facebookParameters) }
    }

    /// Links Sign in with Apple credentials to the user, as `try await linkWithAppleToken(appleParameters:)` does.
    ///
    /// - Returns: `.success` once done, or `.failure` with the error.
    /// - Important: Blocks the calling thread until the request finishes. Call it from a background thread, never from
    ///   async code and preferably not from the main thread.
    /// - Note: A Kumo addition; ncmb_swift has only the callback form.
    @available(*, noasync, message: "Blocks the calling thread; use `try await linkWithAppleToken(appleParameters:)` in async code.")
    public func linkWithAppleToken(appleParameters: NCMBAppleParameters) -> NCMBResult<Void> {
        SynchronousCall.run { try await self.linkWithAppleToken(appleParameters: appleParameters) }
    }

    /// Links Sign in with Apple credentials to the user in the background, as `try await linkWithAppleToken(appleParameters:)` does.
    ///
    /// - Parameters:
    ///   - appleParameters: The credentials.
    ///   - callback: Called once with the result, on a background queue.
    public func linkWithAppleToken(appleParameters: NCMBAppleParameters, callback: @escaping NCMBHandler<Void>) {
        BackgroundCall.start(callback) { try await self.linkWithAppleToken(appleParameters: appleParameters) }
    }

    /// Links Google credentials to the user, as `try await linkWithGoogleToken(googleParameters:)` does.
    ///
    /// - Returns: `.success` once done, or `.failure` with the error.
    /// - Important: Blocks the calling thread until the request finishes. Call it from a background thread, never from
    ///   async code and preferably not from the main thread.
    /// - Note: A Kumo addition; ncmb_swift has only the callback form.
    @available(*, noasync, message: "Blocks the calling thread; use `try await linkWithGoogleToken(googleParameters:)` in async code.")
    public func linkWithGoogleToken(googleParameters: NCMBGoogleParameters) -> NCMBResult<Void> {
        SynchronousCall.run { try await self.linkWithGoogleToken(googleParameters: googleParameters) }
    }

    /// Links Google credentials to the user in the background, as `try await linkWithGoogleToken(googleParameters:)` does.
    ///
    /// - Parameters:
    ///   - googleParameters: The credentials.
    ///   - callback: Called once with the result, on a background queue.
    /// - Note: A Kumo addition; ncmb_swift has ``NCMBGoogleParameters`` but no method taking them.
    public func linkWithGoogleToken(googleParameters: NCMBGoogleParameters, callback: @escaping NCMBHandler<Void>) {
        BackgroundCall.start(callback) { try await self.linkWithGoogleToken(googleParameters: googleParameters) }
    }

    /// Unlinks a provider from the user, as `try await unlink(type:)` does.
    ///
    /// - Returns: `.success` once done, or `.failure` with the error.
    /// - Important: Blocks the calling thread until the request finishes. Call it from a background thread, never from
    ///   async code and preferably not from the main thread.
    /// - Note: A Kumo addition; ncmb_swift has only the callback form.
    @available(*, noasync, message: "Blocks the calling thread; use `try await unlink(type:)` in async code.")
    public func unlink(type: String) -> NCMBResult<Void> {
        SynchronousCall.run { try await self.unlink(type: type) }
    }

    /// Unlinks a provider from the user in the background, as `try await unlink(type:)` does.
    ///
    /// - Parameters:
    ///   - type: The provider.
    ///   - callback: Called once with the result, on a background queue.
    public func unlink(type: String, callback: @escaping NCMBHandler<Void>) {
        BackgroundCall.start(callback) { try await self.unlink(type: type) }
    }

    /// Signs up, or logs in, with `authData`, as `try await signUpWithToken(snsInfo:)` does.
    ///
    /// - Returns: `.success` once done, or `.failure` with the error.
    /// - Important: Blocks the calling thread until the request finishes. Call it from a background thread, never from
    ///   async code and preferably not from the main thread.
    /// - Note: A Kumo addition; ncmb_swift has only the callback form.
    @available(*, noasync, message: "Blocks the calling thread; use `try await signUpWithToken(snsInfo:)` in async code.")
    public func signUpWithToken(snsInfo: [String: Any]) -> NCMBResult<Void> {
        let authData = NCMBUser.authDataResult(from: snsInfo)
        return SynchronousCall.run { try await self.signUp(addingAuthData: authData.get()) }
    }

    /// Signs up, or logs in, with `authData` in the background, as `try await signUpWithToken(snsInfo:)` does.
    ///
    /// - Parameters:
    ///   - snsInfo: The credentials by provider, e.g. `["google": ["id": "…", "access_token": "…"]]`.
    ///   - callback: Called once with the result, on a background queue.
    public func signUpWithToken(snsInfo: [String: Any], callback: @escaping NCMBHandler<Void>) {
        let authData = NCMBUser.authDataResult(from: snsInfo)
        BackgroundCall.start(callback) { try await self.signUp(addingAuthData: authData.get()) }
    }

    /// Links SNS credentials to the user, as `try await linkWithToken(snsInfo:)` does.
    ///
    /// - Returns: `.success` once done, or `.failure` with the error.
    /// - Important: Blocks the calling thread until the request finishes. Call it from a background thread, never from
    ///   async code and preferably not from the main thread.
    /// - Note: A Kumo addition; ncmb_swift has only the callback form.
    @available(*, noasync, message: "Blocks the calling thread; use `try await linkWithToken(snsInfo:)` in async code.")
    public func linkWithToken(snsInfo: [String: Any]) -> NCMBResult<Void> {
        let authData = NCMBUser.authDataResult(from: snsInfo)
        return SynchronousCall.run { try await self.link(authData: authData.get()) }
    }

    /// Links SNS credentials to the user in the background, as `try await linkWithToken(snsInfo:)` does.
    ///
    /// - Parameters:
    ///   - snsInfo: The credentials by provider, e.g. `["google": ["id": "…", "access_token": "…"]]`.
    ///   - callback: Called once with the result, on a background queue.
    public func linkWithToken(snsInfo: [String: Any], callback: @escaping NCMBHandler<Void>) {
        let authData = NCMBUser.authDataResult(from: snsInfo)
        BackgroundCall.start(callback) { try await self.link(authData: authData.get()) }
    }
}
