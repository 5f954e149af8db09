/// An operation on files (wire spec §5.5). File names are the decoded names, e.g. `日本 語.txt`.
package enum FileRoute: Sendable, Hashable {
    /// `POST /files/{fileName}`: the multipart body (`MultipartForm`) is not part of the route; the server streams it.
    case upload(fileName: String)
    /// `GET /files/{fileName}` → the raw bytes.
    case download(fileName: String)
    /// `PUT /files/{fileName}`: `{"acl":{…}}` or a bare ACL map (wire spec §11 item 12); the raw body object.
    case updateACL(fileName: String, JSONObject)
    /// `DELETE /files/{fileName}`.
    case delete(fileName: String)
    /// `GET /files` with query parameters → file metadata.
    case find(QueryParameters)
}
