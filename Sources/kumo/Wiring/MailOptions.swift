import ArgumentParser
import Foundation
import KumoMail
import KumoSeams

/// How `kumo serve` sends the mails of the account flows (mail-address sign-up, password reset, address confirmation).
struct MailOptions: ParsableArguments {
    @Option(setting: "mail-transport")
    var transport = ProcessInfo.processInfo.environment["KUMO_MAIL_TRANSPORT"] ?? "file"

    @Option(setting: "mail-directory")
    var directoryOption: String?

    /// `--mail-directory`, else `KUMO_MAIL_DIRECTORY`.
    var directory: String? { directoryOption ?? ProcessInfo.processInfo.environment["KUMO_MAIL_DIRECTORY"] }

    @Option(setting: "sendmail-command")
    var sendmailCommand = ProcessInfo.processInfo.environment["KUMO_SENDMAIL_COMMAND"] ?? SendmailMailTransport.defaultCommand

    @Option(setting: "sendmail-argument")
    var sendmailArguments: [String] = []

    /// The directory the file transport writes into, or `nil` for another transport.
    func fileTransportDirectory(dataDirectory: String) -> String? {
        guard transport.lowercased() == "file" else { return nil }
        return directory ?? URL(fileURLWithPath: dataDirectory).appendingPathComponent("mail").path
    }

    /// The transport to build and the line `kumo serve` prints about it.
    func makeTransport(dataDirectory: String) throws -> (transport: any MailTransport, description: String) {
        switch transport.lowercased() {
        case "file":
            let path = fileTransportDirectory(dataDirectory: dataDirectory) ?? dataDirectory
            let url = URL(fileURLWithPath: path).standardizedFileURL
            return (FileMailTransport(directory: url), "written to \(url.path) as .eml files")
        case "sendmail":
            let given = sendmailArguments.isEmpty ? ServeSettings.list("KUMO_SENDMAIL_ARGUMENTS") : sendmailArguments
            let arguments = given.isEmpty ? SendmailMailTransport.defaultArguments : given
            guard FileManager.default.isExecutableFile(atPath: sendmailCommand) else {
                throw ValidationError("--sendmail-command \(sendmailCommand) is not an executable file")
            }
            let command = ([sendmailCommand] + arguments).joined(separator: " ")
            return (SendmailMailTransport(command: sendmailCommand, arguments: arguments), "sent with \(command)")
        default:
            throw ValidationError("--mail-transport must be 'file' or 'sendmail', not '\(transport)'")
        }
    }
}
