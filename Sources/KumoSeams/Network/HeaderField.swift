import KumoMemberwise

/// One HTTP header as the seams carry it: a script call's or answer's (``ScriptHeader``), an administrator call's or
/// answer's (``AdministratorHeader``), a realtime handshake's (``RealtimeHandshake/Header``).
@PackageMemberwiseInit
package struct HeaderField: Sendable, Hashable {
    /// The name, as sent or as the answer set it; a script's request headers have lower-case names, as Node.js and
    /// Express present them.
    package var name: String
    /// The value.
    package var value: String
}
