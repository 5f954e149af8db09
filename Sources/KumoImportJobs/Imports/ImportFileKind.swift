/// What an uploaded file of an import job is.
package enum ImportFileKind: String, Sendable, Hashable {
    /// A file of the export: `<Class>.json`, or a Kumo export's `manifest.json` or `relations/<Class>.json`.
    case export
    /// Bytes of the file store, by file name.
    case file
}
