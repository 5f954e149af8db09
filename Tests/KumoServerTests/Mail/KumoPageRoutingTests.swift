import NCMBWire
import Testing

/// Routing of Kumo's own form pages beside NCMB's browser endpoints.
@Suite struct KumoPageRoutingTests {
    @Test(arguments: [
        ("/2013-09-01/applications/app/requestMailAddressUserEntry", "token=a%2Bb", KumoPage.mailAddressUserEntryForm(token: "a+b")),
        ("/2013-09-01/applications/app/requestPasswordReset/", "token=t", KumoPage.passwordResetForm(token: "t")),
        ("/2013-09-01/applications/app/requestPasswordReset", nil, KumoPage.passwordResetForm(token: nil)),
    ])
    func matchesTheFormPagesWithTheirToken(path: String, query: String?, page: KumoPage) throws {
        let matched = try #require(try APIRouter.matchKumoPage(RequestData(method: .get, path: path, query: query)))
        #expect(matched.applicationId == "app")
        #expect(matched.page == page)
    }

    @Test func theFormPagesAreUnsignedEndpoints() throws {
        let entry = try APIRouter.endpoint(method: "GET", path: "/2013-09-01/applications/app/requestMailAddressUserEntry")
        let reset = try APIRouter.endpoint(method: "GET", path: "/2013-09-01/applications/app/requestPasswordReset")
        #expect(entry == .mailAddressUserEntryForm && !entry.isSigned)
        #expect(reset == .passwordResetForm && !reset.isSigned)
    }

    @Test func leavesEveryOtherRequestToMatch() throws {
        #expect(try APIRouter.matchKumoPage(RequestData(method: .get, path: "/2013-09-01/applications/app/mailAddressConfirm")) == nil)
        #expect(try APIRouter.matchKumoPage(RequestData(method: .post, path: "/2013-09-01/applications/app/requestPasswordReset")) == nil)
        #expect(try APIRouter.matchKumoPage(RequestData(method: .post, path: "/2013-09-01/requestPasswordReset")) == nil)
    }

    @Test func aPostToAFormPageIsMethodNotAllowed() {
        #expect(throws: APIError(.methodNotAllowed)) {
            try APIRouter.endpoint(method: "POST", path: "/2013-09-01/applications/app/requestPasswordReset")
        }
    }
}
