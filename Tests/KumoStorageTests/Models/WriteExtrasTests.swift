import KumoStorage
import NCMBWire
import Testing

/// Typed write extras (docs/decisions/0153-typed-write-extras.md): a user's password hash and session and a push's due
/// time reach storage only on a write of their own class.
@Suite struct WriteExtrasTests {
    static let date = WireDate(millisecondsSince1970: 0)
    static let grant = SessionGrant(tokenHash: "hash", createDate: date, expiresAt: date, endsOtherSessions: false)

    static func key(_ className: ClassName) -> ObjectKey {
        ObjectKey(applicationId: "application", className: className, objectId: "object1")
    }

    @Test func aCreateCarriesTheExtrasOfItsOwnClassOnly() {
        let user = NewObject(
            key: Self.key(.user), createDate: Self.date, operations: [], acl: .publicReadWrite,
            extras: .user(passwordHash: "bcrypt", session: Self.grant))
        #expect(user.passwordHash == "bcrypt")
        #expect(user.session == Self.grant)
        #expect(user.pushDueAt == nil)

        let push = NewObject(
            key: Self.key(.push), createDate: Self.date, operations: [], acl: .publicReadWrite, extras: .push(dueAt: Self.date))
        #expect(push.pushDueAt == Self.date)
        #expect(push.passwordHash == nil)

        for extras in [NewObjectExtras.user(passwordHash: "bcrypt", session: Self.grant), .push(dueAt: Self.date)] {
            let ordinary = NewObject(
                key: Self.key(ClassName(constant: "GameScore")), createDate: Self.date, operations: [], acl: .publicReadWrite,
                extras: extras)
            #expect(ordinary.passwordHash == nil && ordinary.session == nil && ordinary.pushDueAt == nil)
        }
    }

    @Test func anUpdateCarriesTheExtrasOfItsOwnClassOnly() {
        #expect(
            ObjectUpdate(key: Self.key(.user), updateDate: Self.date, operations: [], extras: .user(passwordHash: "b")).passwordHash == "b")
        #expect(
            ObjectUpdate(key: Self.key(.push), updateDate: Self.date, operations: [], extras: .push(dueAt: Self.date)).pushDueAt
                == Self.date)
        #expect(
            ObjectUpdate(key: Self.key(.role), updateDate: Self.date, operations: [], extras: .user(passwordHash: "b")).passwordHash == nil)
        #expect(ObjectUpdate(key: Self.key(.user), updateDate: Self.date, operations: [], extras: .push(dueAt: Self.date)).pushDueAt == nil)
    }
}
