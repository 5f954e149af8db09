package import KumoStorage
package import NCMBWire

extension AccessControlList {
    /// The ACL of a user created without one (docs/decisions/0005-default-acl.md): the user may read and write itself;
    /// everyone may read it when `settings.usersArePublicReadable` (the default).
    package static func defaultUser(objectId: String, settings: ApplicationSettings) -> AccessControlList {
        var acl = AccessControlList()
        if settings.usersArePublicReadable { acl.set(Permission(read: true), for: AccessControlList.publicKey) }
        acl.set(Permission(read: true, write: true), for: objectId)
        return acl
    }
}
