import Foundation
import KumoMail
import KumoSeams
import KumoSeamsTestSupport
import NCMBWire
import Testing

/// `MailMessage.formatted` and its header encodings.
@Suite struct MailFormatTests {
    let message = MailMessage(
        from: "no-reply@localhost", to: "taro@example.com", subject: "Kumo: 会員登録のご案内 / Complete your sign-up",
        body: "太郎 様\n\nopen https://kumo.example/2013-09-01/applications/app/requestMailAddressUserEntry?token=abc\n")

    func formatted(_ message: MailMessage) throws -> String {
        try message.formatted(date: TestClock.start, messageIdentifier: "identifier")
    }

    @Test func writesTheHeadersInOrderWithCRLFLineEndings() throws {
        let text = try formatted(message)
        let mail = try #require(ParsedMail(text))

        #expect(
            mail.headerNames == [
                "Date", "From", "To", "Subject", "Message-ID", "MIME-Version", "Content-Type", "Content-Transfer-Encoding",
            ])
        #expect(mail.headers["date"] == "Fri, 13 Feb 2009 23:31:30 +0000")
        #expect(mail.headers["from"] == "no-reply@localhost")
        #expect(mail.headers["to"] == "taro@example.com")
        #expect(mail.headers["message-id"] == "<identifier@localhost>")
        #expect(mail.headers["mime-version"] == "1.0")
        #expect(mail.headers["content-type"] == "text/plain; charset=UTF-8")
        #expect(mail.headers["content-transfer-encoding"] == "quoted-printable")
        #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
    }

    @Test func encodesANonASCIISubjectAsRFC2047WordsThatDecodeBack() throws {
        let text = try formatted(message)
        let mail = try #require(ParsedMail(text))

        #expect(mail.headers["subject"]?.hasPrefix("=?UTF-8?B?") == true)
        #expect(mail.subject == message.subject)
        let subjectLines = text.components(separatedBy: "\r\n").drop { !$0.hasPrefix("Subject:") }.prefix { !$0.hasPrefix("Message-ID") }
        #expect(subjectLines.allSatisfy { $0.utf8.count <= 78 })
    }

    @Test func keepsAnASCIISubjectAsItIs() throws {
        var ascii = message
        ascii.subject = "Reset your password"
        #expect(try #require(ParsedMail(try formatted(ascii))).headers["subject"] == "Reset your password")
    }

    @Test func turnsLineBreaksInTheSubjectIntoSpacesSoNoHeaderCanBeInjected() throws {
        var injected = message
        injected.subject = "Hello\r\nBcc: victim@example.com"
        let mail = try #require(ParsedMail(try formatted(injected)))
        #expect(mail.headers["bcc"] == nil)
        #expect(mail.subject == "Hello  Bcc: victim@example.com")
    }

    @Test func encodesTheBodyAsQuotedPrintableWithShortLinesThatDecodeBack() throws {
        var long = message
        long.body = String(repeating: "長い本文 long body = text ", count: 20) + "\nend \n"
        let text = try formatted(long)
        let mail = try #require(ParsedMail(text))

        #expect(mail.body == long.body + "\n")
        let bodyLines = text.components(separatedBy: "\r\n\r\n").dropFirst().joined().components(separatedBy: "\r\n")
        #expect(bodyLines.allSatisfy { $0.utf8.count <= 76 })
        #expect(text.utf8.allSatisfy { $0 < 0x80 })
    }

    @Test(arguments: [("To", "taro@example.com\r\nBcc: x@example.com"), ("To", "not an address"), ("From", "a\n@b.c")])
    func refusesAnAddressThatIsNotOne(field: String, address: String) throws {
        var bad = message
        if field == "To" { bad.to = address } else { bad.from = address }
        #expect(throws: MailFormatError.invalidAddress(field: field)) { try formatted(bad) }
    }
}
