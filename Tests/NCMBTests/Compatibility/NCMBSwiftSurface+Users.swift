import Foundation
import NCMB

extension NCMBSwiftSurface {
    /// `NCMBUser` and `NCMBAnonymousUtils`.
    static func users(_ user: NCMBUser) {
        let _: () -> NCMBUser = NCMBUser.init
        let _: NCMBUser? = NCMBUser.currentUser
        let _: String? = NCMBUser.currentUserSessionToken
        let _: String? = user.sessionToken
        user.userName = "takanokun"
        user.password = "openGoma"
        user.mailAddress = "takanokun@example.com"
        let _: (String?, String?, String?) = (user.userName, user.password, user.mailAddress)
        let _: Bool = user.isAuthenticated
        let _: () -> NCMBResult<Void> = user.signUp
        let _: (@escaping NCMBHandler<Void>) -> Void = user.signUpInBackground(callback:)
        let _: (String, String) -> NCMBResult<Void> = NCMBUser.logIn(userName:password:)
        let _: (String, String, @escaping NCMBHandler<Void>) -> Void = NCMBUser.logInInBackground(userName:password:callback:)
        let _: (String, String) -> NCMBResult<Void> = NCMBUser.logIn(mailAddress:password:)
        let _: (String, String, @escaping NCMBHandler<Void>) -> Void = NCMBUser.logInInBackground(mailAddress:password:callback:)
        let _: () -> NCMBResult<Void> = NCMBUser.logOut
        let _: (@escaping NCMBHandler<Void>) -> Void = NCMBUser.logOutInBackground(callback:)
        let _: (String) -> NCMBResult<Void> = NCMBUser.requestAuthenticationMail(mailAddress:)
        let _: (String, @escaping NCMBHandler<Void>) -> Void = NCMBUser.requestAuthenticationMailInBackground(mailAddress:callback:)
        let _: (String) -> NCMBResult<Void> = NCMBUser.requestPasswordReset(mailAddress:)
        let _: (String, @escaping NCMBHandler<Void>) -> Void = NCMBUser.requestPasswordResetInBackground(mailAddress:callback:)
        let _: () -> NCMBResult<NCMBUser> = NCMBUser.automaticCurrentUser
        let _: (@escaping NCMBHandler<NCMBUser>) -> Void = NCMBUser.automaticCurrentUserInBackground(callback:)
        let _: () -> Void = NCMBUser.enableAutomaticUser
        let _: () -> Void = NCMBUser.disableAutomaticUser
        let _: (@escaping NCMBHandler<Void>) -> Void = user.fetchInBackground(callback:)
        let _: () -> NCMBResult<Void> = user.save
        let _: (@escaping NCMBHandler<Void>) -> Void = user.saveInBackground(callback:)
        let _: () -> NCMBResult<Void> = user.delete
        let _: (@escaping NCMBHandler<Void>) -> Void = user.deleteInBackground(callback:)
        let _: (NCMBUser) -> Bool = NCMBAnonymousUtils.isLinked(user:)
    }

    /// The SNS parameter types and `NCMBUser`'s SNS methods.
    static func sns(_ user: NCMBUser) {
        var twitter = NCMBTwitterParameters(
            id: "id", screenName: "name", oauthConsumerKey: "key", consumerSecret: "secret", oauthToken: "token",
            oauthTokenSecret: "tokenSecret")
        twitter.id = "id"
        twitter.screenName = "name"
        twitter.oauthConsumerKey = "key"
        twitter.consumerSecret = "secret"
        twitter.oauthToken = "token"
        twitter.oauthTokenSecret = "tokenSecret"
        var facebook = NCMBFacebookParameters(id: "id", accessToken: "token", expirationDate: Date(timeIntervalSince1970: 0))
        facebook.id = "id"
        facebook.accessToken = "token"
        facebook.expirationDate = Date(timeIntervalSince1970: 1)
        var google = NCMBGoogleParameters(id: "id", accessToken: "token")
        google.id = "id"
        google.accessToken = "token"
        var apple = NCMBAppleParameters(id: "id", accessToken: "token")
        apple = NCMBAppleParameters(id: "id", accessToken: "token", clientId: "com.example.app")
        apple.id = "id"
        apple.accessToken = "token"
        let _: (NCMBTwitterParameters) -> NCMBResult<Void> = user.signUpWithTwitterToken(twitterParameters:)
        let _: (NCMBTwitterParameters, @escaping NCMBHandler<Void>) -> Void = user.signUpWithTwitterToken(twitterParameters:callback:)
        let _: (NCMBFacebookParameters) -> NCMBResult<Void> = user.signUpWithFacebookToken(facebookParameters:)
        let _: (NCMBFacebookParameters, @escaping NCMBHandler<Void>) -> Void = user.signUpWithFacebookToken(facebookParameters:callback:)
        let _: (NCMBAppleParameters) -> NCMBResult<Void> = user.signUpWithAppleToken(appleParameters:)
        let _: (NCMBAppleParameters, @escaping NCMBHandler<Void>) -> Void = user.signUpWithAppleToken(appleParameters:callback:)
        let _: (NCMBGoogleParameters) -> NCMBResult<Void> = user.signUpWithGoogleToken(googleParameters:)
        let _: (NCMBGoogleParameters, @escaping NCMBHandler<Void>) -> Void = user.signUpWithGoogleToken(googleParameters:callback:)
        let _: ([String: Any]) -> NCMBResult<Void> = user.signUpWithToken(snsInfo:)
        let _: ([String: Any], @escaping NCMBHandler<Void>) -> Void = user.signUpWithToken(snsInfo:callback:)
        let _: (NCMBTwitterParameters) -> NCMBResult<Void> = user.linkWithTwitterToken(twitterParameters:)
        let _: (NCMBTwitterParameters, @escaping NCMBHandler<Void>) -> Void = user.linkWithTwitterToken(twitterParameters:callback:)
        let _: (NCMBFacebookParameters) -> NCMBResult<Void> = user.linkWithFacebookToken(facebookParameters:)
        let _: (NCMBFacebookParameters, @escaping NCMBHandler<Void>) -> Void = user.linkWithFacebookToken(facebookParameters:callback:)
        let _: (NCMBAppleParameters) -> NCMBResult<Void> = user.linkWithAppleToken(appleParameters:)
        let _: (NCMBAppleParameters, @escaping NCMBHandler<Void>) -> Void = user.linkWithAppleToken(appleParameters:callback:)
        let _: (NCMBGoogleParameters) -> NCMBResult<Void> = user.linkWithGoogleToken(googleParameters:)
        let _: (NCMBGoogleParameters, @escaping NCMBHandler<Void>) -> Void = user.linkWithGoogleToken(googleParameters:callback:)
        let _: ([String: Any]) -> NCMBResult<Void> = user.linkWithToken(snsInfo:)
        let _: ([String: Any], @escaping NCMBHandler<Void>) -> Void = user.linkWithToken(snsInfo:callback:)
        let _: (String) -> NCMBResult<Void> = user.unlink(type:)
        let _: (String, @escaping NCMBHandler<Void>) -> Void = user.unlink(type:callback:)
        let _: (String) -> Bool = user.isLinkedWith(type:)
    }

    /// `NCMBRole`.
    static func roles(_ role: NCMBRole, user: NCMBUser) {
        let _: (String) -> NCMBRole = NCMBRole.init(roleName:)
        let _: String? = role.roleName
        let _: (NCMBUser) -> NCMBResult<Void> = role.addUser(user:)
        let _: (NCMBUser, @escaping NCMBHandler<Void>) -> Void = role.addUserInBackground(user:callback:)
        let _: ([NCMBUser]) -> NCMBResult<Void> = role.addUsers(users:)
        let _: ([NCMBUser], @escaping NCMBHandler<Void>) -> Void = role.addUsersInBackground(users:callback:)
        let _: (NCMBUser) -> NCMBResult<Void> = role.removeUser(user:)
        let _: (NCMBUser, @escaping NCMBHandler<Void>) -> Void = role.removeUserInBackground(user:callback:)
        let _: ([NCMBUser]) -> NCMBResult<Void> = role.removeUsers(users:)
        let _: ([NCMBUser], @escaping NCMBHandler<Void>) -> Void = role.removeUsersInBackground(users:callback:)
        let _: (NCMBRole) -> NCMBResult<Void> = role.addRole(role:)
        let _: (NCMBRole, @escaping NCMBHandler<Void>) -> Void = role.addRoleInBackground(role:callback:)
        let _: ([NCMBRole]) -> NCMBResult<Void> = role.addRoles(roles:)
        let _: ([NCMBRole], @escaping NCMBHandler<Void>) -> Void = role.addRolesInBackground(roles:callback:)
        let _: (NCMBRole) -> NCMBResult<Void> = role.removeRole(role:)
        let _: (NCMBRole, @escaping NCMBHandler<Void>) -> Void = role.removeRoleInBackground(role:callback:)
        let _: ([NCMBRole]) -> NCMBResult<Void> = role.removeRoles(roles:)
        let _: ([NCMBRole], @escaping NCMBHandler<Void>) -> Void = role.removeRolesInBackground(roles:callback:)
        let _: () -> NCMBResult<Void> = role.fetch
        let _: (@escaping NCMBHandler<Void>) -> Void = role.fetchInBackground(callback:)
        let _: () -> NCMBResult<Void> = role.save
        let _: (@escaping NCMBHandler<Void>) -> Void = role.saveInBackground(callback:)
        let _: () -> NCMBResult<Void> = role.delete
        let _: (@escaping NCMBHandler<Void>) -> Void = role.deleteInBackground(callback:)
    }
}
