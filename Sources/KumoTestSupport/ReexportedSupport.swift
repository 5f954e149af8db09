// The small support target of the capability modules' tests (TestClock, LockedBox, ParsedMail), seen by every test
// that imports KumoTestSupport as before (CONTRIBUTING.md#fast-tests).
@_exported import KumoSeamsTestSupport
