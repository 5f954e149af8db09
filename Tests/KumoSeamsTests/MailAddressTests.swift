import KumoSeams
import Testing

/// `MailAddress`: the address syntax of the mail flows and of mail headers.
@Suite struct MailAddressTests {
    @Test(arguments: [
        ("taro@example.com", true), ("taro.yamada+tag@mail.example.co.jp", true), ("太郎@example.jp", true),
        ("", false), ("taro", false), ("taro@", false), ("@example.com", false), ("taro@example", false),
        ("taro@@example.com", false), ("taro@example..com", false), ("ta ro@example.com", false), ("<taro>@example.com", false),
        ("taro@example.com\n", false), (".taro@example.com", false),
    ])
    func acceptsOnlyPlausibleAddresses(address: String, isValid: Bool) {
        #expect(MailAddress.isValid(address) == isValid)
    }

    @Test func acceptsALocalDomainOnlyWhenAsked() {
        #expect(MailAddress.isValid("no-reply@localhost", allowsLocalDomain: true))
        #expect(!MailAddress.isValid("no-reply@localhost"))
    }
}
