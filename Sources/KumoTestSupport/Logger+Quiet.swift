package import Logging

extension Logger {
    /// A logger that drops everything below `critical`, so refusals and failed sends do not flood the test output.
    package static var quiet: Logger {
        var logger = Logger(label: "kumo.test")
        logger.logLevel = .critical
        return logger
    }
}
