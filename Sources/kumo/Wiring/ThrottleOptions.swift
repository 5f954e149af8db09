import ArgumentParser
import Foundation
import KumoSeams
import KumoServer

/// `kumo serve` options of the sign-in and mail throttles (docs/configuration.md#sign-in-and-mail-throttles,
/// docs/decisions/0121-sign-in-and-mail-throttles.md). Each has an environment variable and a configuration-file key;
/// the flag wins. A limit of 0 turns it off.
struct ThrottleOptions: ParsableArguments {
    @Option(setting: "sign-in-limit")
    var signInLimitOption: Int?

    @Option(setting: "sign-in-limit-per-account")
    var signInLimitPerAccountOption: Int?

    @Option(setting: "sign-in-limit-per-address")
    var signInLimitPerAddressOption: Int?

    @Option(setting: "sign-in-window")
    var signInWindowOption: Int?

    @Option(setting: "mail-request-limit")
    var mailRequestLimitOption: Int?

    @Option(setting: "mail-request-limit-per-address")
    var mailRequestLimitPerAddressOption: Int?

    @Option(setting: "mail-request-window")
    var mailRequestWindowOption: Int?

    var signInLimit: Int? { ServeSettings.value(signInLimitOption, "KUMO_SIGN_IN_LIMIT") }
    var signInLimitPerAccount: Int? { ServeSettings.value(signInLimitPerAccountOption, "KUMO_SIGN_IN_LIMIT_PER_ACCOUNT") }
    var signInLimitPerAddress: Int? { ServeSettings.value(signInLimitPerAddressOption, "KUMO_SIGN_IN_LIMIT_PER_ADDRESS") }
    var signInWindow: Int? { ServeSettings.value(signInWindowOption, "KUMO_SIGN_IN_WINDOW") }
    var mailRequestLimit: Int? { ServeSettings.value(mailRequestLimitOption, "KUMO_MAIL_REQUEST_LIMIT") }
    var mailRequestLimitPerAddress: Int? { ServeSettings.value(mailRequestLimitPerAddressOption, "KUMO_MAIL_REQUEST_LIMIT_PER_ADDRESS") }
    var mailRequestWindow: Int? { ServeSettings.value(mailRequestWindowOption, "KUMO_MAIL_REQUEST_WINDOW") }

    func validate() throws {
        let limits = [
            ("--sign-in-limit", signInLimit), ("--sign-in-limit-per-account", signInLimitPerAccount),
            ("--sign-in-limit-per-address", signInLimitPerAddress), ("--mail-request-limit", mailRequestLimit),
            ("--mail-request-limit-per-address", mailRequestLimitPerAddress),
        ]
        for case (let flag, let limit?) in limits where !(0...1_000_000).contains(limit) {
            throw ValidationError("\(ServeSettings.source(ofFlag: flag)) takes 0 (no limit) to 1000000")
        }
        for case (let flag, let seconds?) in [("--sign-in-window", signInWindow), ("--mail-request-window", mailRequestWindow)]
        where !(1...604_800).contains(seconds) {
            throw ValidationError("\(ServeSettings.source(ofFlag: flag)) takes 1 to 604800 seconds")
        }
    }

    /// Writes the options into `configuration` (the dashboard takes the sign-in limits from it).
    func apply(to configuration: inout KumoConfiguration) {
        let limit = { (value: Int?, current: Int?) -> Int? in value.map { $0 == 0 ? nil : $0 } ?? current }
        configuration.signInLimits.perAddressAndAccount = limit(signInLimit, configuration.signInLimits.perAddressAndAccount)
        configuration.signInLimits.perAccount = limit(signInLimitPerAccount, configuration.signInLimits.perAccount)
        configuration.signInLimits.perAddress = limit(signInLimitPerAddress, configuration.signInLimits.perAddress)
        if let signInWindow { configuration.signInLimits.windowSeconds = signInWindow }
        configuration.mailRequestLimits.perRecipient = limit(mailRequestLimit, configuration.mailRequestLimits.perRecipient)
        configuration.mailRequestLimits.perAddress = limit(mailRequestLimitPerAddress, configuration.mailRequestLimits.perAddress)
        if let mailRequestWindow { configuration.mailRequestLimits.windowSeconds = mailRequestWindow }
    }
}
