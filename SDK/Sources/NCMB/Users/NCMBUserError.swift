/// Errors of user operations that the SDK detects itself.
public enum NCMBUserError: Error {
    /// ``NCMBUser/automaticCurrentUser()`` found nobody signed in while automatic users are disabled.
    case automaticUserNotAvailable
}
