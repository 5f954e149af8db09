/// An operation on files (docs/wire/endpoints/files.md). File names are the decoded names, e.g. `日本 語.txt`.
package enum FileRoute: Sendable, Hashable {
    /// `POST /files/{fileName}`: the multipart body (`MultipartForm`) is not part of the route; the server streams it.
    case upload(fileName: String)
    /// `GET /files/{fileName}` → the raw bytes.
    case download(fileName: String)
    /// `PUT /files/{fileName}`: `{"acl":{…}}` or a bare ACL map (docs/wire/client-behaviours.md, item 12); the raw body
    /// object.
    case updateACL(fileName: String, JSONObject)
    /// `DELETE /files/{fileName}`.
    case delete(fileName: String)
    /// `GET /files` with query parameters → file metadata.
    case find(QueryParameters)

    /// `fileName` when the route table accepts it as `{fileName}`: for a route built in process rather than matched
    /// (an administrator's upload or download).
    ///
    /// - Throws: E400002 `"fileName is invalid."` for an empty name (a path segment is never empty) or one that could
    ///   escape a directory or break a header.
    package static func checkedFileName(_ fileName: String) throws(APIError) -> String {
        guard !fileName.isEmpty else { throw APIError(.invalidType, "fileName") }
        return try RouteInput.safe(fileName, name: "fileName")
    }

    /// The declarations of `/files`, in the order of `APIEndpoint.all`.
    static let declarations: [RouteDeclaration] = [.filesUpload, .filesDownload, .filesUpdateACL, .filesDelete, .filesFind]

    /// The declaration of this route and the values it prints.
    var declared: (declaration: RouteDeclaration, values: RouteValues) {
        switch self {
        case .upload(let fileName): (.filesUpload, RouteValues(path: ["fileName": fileName]))
        case .download(let fileName): (.filesDownload, RouteValues(path: ["fileName": fileName]))
        case .updateACL(let fileName, let body): (.filesUpdateACL, RouteValues(path: ["fileName": fileName], body: body))
        case .delete(let fileName): (.filesDelete, RouteValues(path: ["fileName": fileName]))
        case .find(let parameters):
            (.filesFind, RouteValues(query: parameters.queryItems.map { QueryItem(name: $0.name, value: $0.value) }))
        }
    }
}

extension RouteDeclaration {
    /// `POST /files/{fileName}`, a streamed multipart body.
    static let filesUpload = RouteDeclaration(.post, "files/{fileName}", name: "files.upload", body: .multipart) {
        input throws(APIError) in .files(.upload(fileName: try input.safeName("fileName")))
    }

    /// `GET /files/{fileName}`.
    static let filesDownload = RouteDeclaration(.get, "files/{fileName}", name: "files.download") { input throws(APIError) in
        .files(.download(fileName: try input.safeName("fileName")))
    }

    /// `PUT /files/{fileName}` with the ACL.
    static let filesUpdateACL = RouteDeclaration(.put, "files/{fileName}", name: "files.updateACL", body: .json) {
        input throws(APIError) in .files(.updateACL(fileName: try input.safeName("fileName"), input.body))
    }

    /// `DELETE /files/{fileName}`.
    static let filesDelete = RouteDeclaration(.delete, "files/{fileName}", name: "files.delete") { input throws(APIError) in
        .files(.delete(fileName: try input.safeName("fileName")))
    }

    /// `GET /files` with query parameters.
    static let filesFind = RouteDeclaration(.get, "files", name: "files.find", query: .parameters) { input throws(APIError) in
        .files(.find(input.queryParameters))
    }
}
