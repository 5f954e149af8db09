import Foundation
internal import NCMBWire

extension NCMBInstallation {
    /// Fetches the installation with this ``objectId``, replacing every field; `sdkVersion` and `appVersion` are then
    /// brought up to date and sent by the next save, as in ncmb_swift.
    ///
    /// - Throws: ``NCMBInvalidRequestError/emptyObjectId`` when the installation has no objectId; ``NCMBApiError`` for a
    ///   server error (E404001 when there is no such installation or the caller may not read it); the transport's error
    ///   when no response arrived.
    /// - Note: A Kumo addition; ncmb_swift has only the blocking and callback forms.
    public func fetch() async throws {
        try await fetchFields()
        refreshVersions()
    }

    /// Saves the installation: registers it (`POST /installations`, every field) when it has no ``objectId``,
    /// otherwise sends the fields changed since the last save (`PUT`); then persists it as this device's installation.
    ///
    /// When the `deviceToken` is already registered the server answers E409001, which is thrown as it is: ncmb_swift
    /// does not look the existing installation up.
    ///
    /// - Throws: ``NCMBInvalidRequestError`` for a field value rejected when it was assigned, before any request;
    ///   ``NCMBApiError`` for a server error (E409001 for a registered `deviceToken`, E400003 for a missing one);
    ///   the transport's error when no response arrived.
    /// - Note: A Kumo addition; ncmb_swift has only the blocking and callback forms.
    public func save() async throws {
        try await saveFields(through: objectService())
        persist()
    }

    /// Deletes the installation with this ``objectId``, clears every field and removes the persisted installation.
    ///
    /// - Throws: ``NCMBInvalidRequestError/emptyObjectId`` when the installation has no objectId; ``NCMBApiError`` for a
    ///   server error; the transport's error when no response arrived.
    /// - Note: A Kumo addition; ncmb_swift has only the blocking and callback forms.
    public func delete() async throws {
        try await deleteFields()
        // A file that cannot be removed only means the next launch restores a deleted installation, as in ncmb_swift.
        try? context.session.localStore.delete(.currentInstallation)
    }

}

extension NCMBInstallation {
    /// The app's `CFBundleName`, or `""`.
    package static var defaultApplicationName: String { bundleString("CFBundleName") }

    /// The app's `CFBundleVersion`, or `""`.
    package static var defaultAppVersion: String { bundleString("CFBundleVersion") }

    /// The device's time zone identifier.
    package static var defaultTimeZone: String { TimeZone.current.identifier }

    /// A string of the main bundle's Info.plist, or `""`.
    private static func bundleString(_ key: String) -> String {
        Bundle.main.infoDictionary?[key] as? String ?? ""
    }

    /// The installation persisted in `context`'s local store; `nil` when none is stored or it cannot be read.
    static func restored(in context: NCMBContext) -> NCMBInstallation? {
        // An unreadable or corrupt file means no installation was saved, as in ncmb_swift.
        guard let data = try? context.session.localStore.load(.currentInstallation),
            let fields = (try? JSONValue(parsing: Array(data)))?.objectValue
        else { return nil }
        return NCMBInstallation(
            className: NCMBInstallation.installationClassName, collection: .installations, fields: fields, context: context)
    }

    /// Sets `sdkVersion` and `appVersion` to this SDK's and app's, marking them to be sent.
    func refreshVersions() {
        self[Field.sdkVersion] = NCMB.SDK_VERSION
        self[Field.appVersion] = NCMBInstallation.defaultAppVersion
    }

    /// Writes the installation's fields to the local store as this device's installation.
    func persist() {
        let fields = state.current.fields
        // A failed write only costs the next launch its installation, as in ncmb_swift.
        try? context.session.localStore.save(Data(JSONValue.object(fields).serializedBytes()), as: .currentInstallation)
    }
}
