import NCMBWire
import Testing

/// Routing of Kumo's own form pages beside NCMB's browser endpoints.
@Suite struct KumoPageRoutingTests {
    @Test(arguments: [
        ("/2013-09-01/applications/app/requestMailAddressUserEntry", "token=a%2Bb", ApplicationPage.mailAddressUserEntryForm(token: "a+b")),
        ("/2013-09-01/applications/app/requestPasswordReset/", "token=t", ApplicationPage.passwordResetForm(token: "t")),
        ("/2013-09-01/applications/app/requestPasswordReset", nil, ApplicationPage.passwordResetForm(token: nil)),
    ])
    func matchesTheFormPagesWithTheirToken(path: String, query: String?, page: ApplicationPage) throws {
        let matched = try APIRouter.match(RequestData(method: .get, path: path, query: query))
        #expect(matched == .applicationPage(applicationId: "app", page))
    }

    @Test func theFormPagesAreUnsignedEndpoints() throws {
        let entry = try APIRouter.endpoint(method: "GET", path: "/2013-09-01/applications/app/requestMailAddressUserEntry")
        let reset = try APIRouter.endpoint(method: "GET", path: "/2013-09-01/applications/app/requestPasswordReset")
        #expect(entry == APIRoute.applicationPage(applicationId: "app", .mailAddressUserEntryForm(token: nil)).endpoint && !entry.isSigned)
        #expect(reset == APIRoute.applicationPage(applicationId: "app", .passwordResetForm(token: nil)).endpoint && !reset.isSigned)
    }

    @Test func leavesEveryOtherRequestToItsOwnRoute() throws {
        #expect(
            try APIRouter.match(RequestData(method: .get, path: "/2013-09-01/applications/app/mailAddressConfirm"))
                == .applicationPage(applicationId: "app", .mailAddressConfirm(token: nil)))
        #expect(throws: APIError(.methodNotAllowed)) {
            try APIRouter.match(RequestData(method: .post, path: "/2013-09-01/applications/app/requestPasswordReset"))
        }
        #expect(try APIRouter.match(RequestData(method: .post, path: "/2013-09-01/requestPasswordReset")) == .requestPasswordReset([:]))
    }

    @Test func aPostToAFormPageIsMethodNotAllowed() {
        #expect(throws: APIError(.methodNotAllowed)) {
            try APIRouter.endpoint(method: "POST", path: "/2013-09-01/applications/app/requestPasswordReset")
        }
    }
}
