import Foundation
import HTTPTypes
import HummingbirdTesting
import KumoTestSupport
import NCMB
import Testing

/// The acceptance scenario of issue 4 through the SDK, in process against the real server: signUp → logIn → save an
/// object readable only by role R → a non-member is denied → add the user to a child role of R → now allowed →
/// logOut (the old token is then rejected with E401001).
@Suite struct SDKRoleAcceptanceTests {
    @Test func aChildRoleOpensAnObjectReadableOnlyByItsParentUntilLogout() async throws {
        try await withSDK { requester in
            // signUp → logIn
            let user = NCMBUser()
            user.userName = "dana"
            user.password = "Dana-Accept-Pw-8"
            try await user.signUp()
            try await NCMBUser.logIn(userName: "dana", password: "Dana-Accept-Pw-8")
            let token = try #require(NCMBUser.currentUserSessionToken)
            #expect(NCMBUser.currentUser?.objectId == user.objectId)
            // R = Reviewers, its child role Trainees
            let reviewers = NCMBRole(roleName: "Reviewers")
            try await reviewers.save()
            let trainees = NCMBRole(roleName: "Trainees")
            try await trainees.save()
            try await reviewers.addRole(role: trainees)
            // save an object readable only by R
            let report = NCMBObject(className: "Report")
            report["title"] = "quarterly"
            var acl = NCMBACL.empty
            acl.put(key: "role:Reviewers", readable: true, writable: false)
            report.acl = acl
            try await report.save()
            let reportId = try #require(report.objectId)
            let copy = NCMBObject(className: "Report")
            copy.objectId = reportId

            // a non-member is denied
            let denied = await #expect(throws: NCMBApiError.self) { try await copy.fetch() }
            #expect(denied?.errorCode == .noDataAvailable)
            #expect(try await NCMBQuery.getQuery(className: "Report").find().isEmpty)

            // add the user to the child role → now allowed
            try await trainees.addUser(user: user)
            try await copy.fetch()
            #expect(copy["title"] == "quarterly")
            #expect(try await NCMBQuery.getQuery(className: "Report").find().map(\.objectId) == [reportId])

            // logOut: the SDK forgets the user and the server rejects the old token
            try await NCMBUser.logOut()
            #expect(NCMBUser.currentUser == nil)
            let rejected = try await requester.send(
                .get, "/2013-09-01/classes/Report/\(reportId)", headers: ["X-NCMB-Apps-Session-Token": token])
            #expect(rejected.status.code == 401)
            #expect(rejected.errorCode == "E401001")
            let anonymous = await #expect(throws: NCMBApiError.self) { try await copy.fetch() }
            #expect(anonymous?.errorCode == .noDataAvailable)
        }
    }
}
