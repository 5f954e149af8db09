import KumoServer
import KumoStorage
import Testing

/// The text form `kumo classes permissions set` reads and `show` prints.
@Suite struct OperationPermissionTextTests {
    @Test(arguments: [
        ("public", OperationPermission(isPublic: true)),
        ("nobody", OperationPermission(isPublic: false)),
        ("authenticated", OperationPermission(isPublic: false, allowsAuthenticatedUsers: true)),
        ("role:Staff", OperationPermission(isPublic: false, roleNames: ["Staff"])),
        ("role:Staff,role:Admin", OperationPermission(isPublic: false, roleNames: ["Staff", "Admin"])),
        ("role:Staff,Admin", OperationPermission(isPublic: false, roleNames: ["Staff", "Admin"])),
        ("role:Staff, Admin", OperationPermission(isPublic: false, roleNames: ["Staff", "Admin"])),
        ("authenticated,role:Staff", OperationPermission(isPublic: false, allowsAuthenticatedUsers: true, roleNames: ["Staff"])),
        ("role:public", OperationPermission(isPublic: false, roleNames: ["public"])),
    ])
    func readsEachForm(text: String, permission: OperationPermission) throws {
        #expect(try OperationPermission(text: text) == permission)
    }

    @Test(arguments: ["", "everyone", "Staff", "role:", "role:has space!", "public,role:Staff", "nobody,authenticated", "role:A,,B"])
    func refusesMalformedText(text: String) {
        #expect(throws: OperationPermission.TextError.self) { try OperationPermission(text: text) }
    }

    @Test(arguments: [
        (OperationPermission.everyone, "public"),
        (OperationPermission(isPublic: false), "nobody"),
        (OperationPermission(isPublic: false, allowsAuthenticatedUsers: true), "authenticated"),
        (OperationPermission(isPublic: false, roleNames: ["Staff", "Admin"]), "role:Admin,role:Staff"),
        (OperationPermission(isPublic: true, roleNames: ["Staff"]), "public"),
    ])
    func printsEachForm(permission: OperationPermission, text: String) throws {
        #expect(permission.text == text)
        #expect(
            try OperationPermission(text: text).allows(isSignedIn: true, roleNames: ["Staff"])
                == permission.allows(isSignedIn: true, roleNames: ["Staff"]))
    }
}
