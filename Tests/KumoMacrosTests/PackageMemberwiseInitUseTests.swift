import KumoMemberwise
import Testing

/// A value built through the attribute as another module's code builds it: the real plugin, not a spec.
@PackageMemberwiseInit
struct Delivery: Equatable {
    static let kind = "delivery"
    let identifier: String
    var attempts: Int = 1
    var note: String?
    var label: String { "\(identifier)#\(attempts)" }
}

@Suite struct PackageMemberwiseInitUseTests {
    @Test func theGeneratedInitializerTakesDefaultsAndCopiesEveryField() {
        let plain = Delivery(identifier: "a")
        #expect(plain.identifier == "a")
        #expect(plain.attempts == 1)
        #expect(plain.note == nil)
        let full = Delivery(identifier: "b", attempts: 3, note: "retry")
        #expect(full.label == "b#3")
        #expect(full.note == "retry")
    }
}
