import Crypto

/// The dashboard's files, compiled into the binary (`resources: [.embedInCode("Assets")]` in Package.swift: every file
/// of the folder): served under `/dashboard/assets/` with their content type, an ETag and `Cache-Control`.
///
/// SwiftPM names each embedded file (`PackageResources.page_users_js`) but does not list them, so ``embedded`` does;
/// adding a file to `Assets/` takes its line there, and `DashboardAssetsTests` fails while the folder and the list
/// differ.
package enum DashboardAssets {
    /// One embedded file.
    package struct Asset: Sendable {
        /// The bytes.
        package let bytes: [UInt8]
        /// The Content-Type.
        package let contentType: String
        /// A strong ETag: the first 16 bytes of the SHA-256, hex, quoted.
        package let eTag: String

        init(_ bytes: [UInt8], name: String) {
            self.bytes = bytes
            self.contentType = DashboardAssets.contentType(of: name)
            let digest = SHA256.hash(data: bytes).prefix(16)
            let hex = Array("0123456789abcdef")
            self.eTag = "\"" + String(digest.flatMap { [hex[Int($0 >> 4)], hex[Int($0 & 0x0F)]] }) + "\""
        }
    }

    /// The app shell every page below `/dashboard/` answers with (after sign-in).
    package static let shell = Asset(PackageResources.index_html, name: "index.html")

    /// The files under `/dashboard/assets/`, by name.
    package static let files: [String: Asset] = {
        var files: [String: Asset] = [:]
        for (name, bytes) in embedded { files[name] = Asset(bytes, name: name) }
        return files
    }()

    /// The names of the embedded files, in the list's order.
    package static var names: [String] { embedded.map(\.0) }

    /// The embedded bytes by file name (`Assets/<name>`).
    private static let embedded: [(String, [UInt8])] = [
        ("acl-editor.js", PackageResources.acl_editor_js),
        ("api.js", PackageResources.api_js),
        ("app.js", PackageResources.app_js),
        ("breadcrumbs.js", PackageResources.breadcrumbs_js),
        ("charts.js", PackageResources.charts_js),
        ("dialogs.js", PackageResources.dialogs_js),
        ("dom.js", PackageResources.dom_js),
        ("editors.js", PackageResources.editors_js),
        ("export.js", PackageResources.export_js),
        ("filter.js", PackageResources.filter_js),
        ("i18n.js", PackageResources.i18n_js),
        ("import-job.js", PackageResources.import_job_js),
        ("index.html", PackageResources.index_html),
        ("messages-en-application.js", PackageResources.messages_en_application_js),
        ("messages-en-common.js", PackageResources.messages_en_common_js),
        ("messages-en-data.js", PackageResources.messages_en_data_js),
        ("messages-en-operations.js", PackageResources.messages_en_operations_js),
        ("messages-en.js", PackageResources.messages_en_js),
        ("messages-ja-application.js", PackageResources.messages_ja_application_js),
        ("messages-ja-common.js", PackageResources.messages_ja_common_js),
        ("messages-ja-data.js", PackageResources.messages_ja_data_js),
        ("messages-ja-operations.js", PackageResources.messages_ja_operations_js),
        ("messages-ja.js", PackageResources.messages_ja_js),
        ("page-application.js", PackageResources.page_application_js),
        ("page-applications.js", PackageResources.page_applications_js),
        ("page-audit.js", PackageResources.page_audit_js),
        ("page-class-indexes.js", PackageResources.page_class_indexes_js),
        ("page-class-permissions.js", PackageResources.page_class_permissions_js),
        ("page-classes.js", PackageResources.page_classes_js),
        ("page-file.js", PackageResources.page_file_js),
        ("page-files.js", PackageResources.page_files_js),
        ("page-import.js", PackageResources.page_import_js),
        ("page-installations.js", PackageResources.page_installations_js),
        ("page-object.js", PackageResources.page_object_js),
        ("page-objects.js", PackageResources.page_objects_js),
        ("page-overview.js", PackageResources.page_overview_js),
        ("page-push-new.js", PackageResources.page_push_new_js),
        ("page-push.js", PackageResources.page_push_js),
        ("page-pushes.js", PackageResources.page_pushes_js),
        ("page-role.js", PackageResources.page_role_js),
        ("page-roles.js", PackageResources.page_roles_js),
        ("page-script.js", PackageResources.page_script_js),
        ("page-scripts.js", PackageResources.page_scripts_js),
        ("page-settings.js", PackageResources.page_settings_js),
        ("page-user.js", PackageResources.page_user_js),
        ("page-users.js", PackageResources.page_users_js),
        ("pager.js", PackageResources.pager_js),
        ("pages.js", PackageResources.pages_js),
        ("push-body.js", PackageResources.push_body_js),
        ("push-text.js", PackageResources.push_text_js),
        ("router.js", PackageResources.router_js),
        ("routes.js", PackageResources.routes_js),
        ("script-deploy.js", PackageResources.script_deploy_js),
        ("script-log.js", PackageResources.script_log_js),
        ("script-run.js", PackageResources.script_run_js),
        ("settings-form.js", PackageResources.settings_form_js),
        ("settings-providers.js", PackageResources.settings_providers_js),
        ("settings-push.js", PackageResources.settings_push_js),
        ("styles.css", PackageResources.styles_css),
        ("values.js", PackageResources.values_js),
    ]

    /// The Content-Type of a file name, by extension.
    package static func contentType(of name: String) -> String {
        let fileExtension = name.split(separator: ".").last.map { String($0).lowercased() } ?? ""
        switch fileExtension {
        case "html": return "text/html; charset=utf-8"
        case "js", "mjs": return "text/javascript; charset=utf-8"
        case "css": return "text/css; charset=utf-8"
        case "json": return "application/json; charset=utf-8"
        case "svg": return "image/svg+xml"
        case "png": return "image/png"
        case "ico": return "image/x-icon"
        case "woff2": return "font/woff2"
        default: return "application/octet-stream"
        }
    }
}
