import KumoServer
import KumoStorage
import Testing

/// `MailTemplates`: the built-in texts of the account mails and the filling of placeholders.
@Suite struct MailTemplatesTests {
    @Test func fillsPlaceholdersInOnePassAndLeavesUnknownOnes() {
        let filled = MailTemplates.fill(
            "{applicationName}: {link} for {mailAddress} {unknown} {",
            ["link": "L{mailAddress}", "mailAddress": "m", "applicationName": "A"])
        #expect(filled == "A: L{mailAddress} for m {unknown} {")
    }

    @Test(arguments: OneTimeTokenPurpose.allCases)
    func everyBuiltInTemplateHasTheLinkAndBothLanguages(purpose: OneTimeTokenPurpose) {
        let template = MailTemplates.builtIn(purpose)
        #expect(template.body.contains("{link}"))
        #expect(template.subject.contains("/"))
        #expect(template.body.unicodeScalars.contains { !$0.isASCII })
    }
}
