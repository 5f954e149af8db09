internal import NCMBWire

extension NCMBCollection {
    /// The route of a query over this collection: `GET /files` for files, the object endpoint's find otherwise.
    ///
    /// - Throws: ``NCMBInvalidRequestError/invalidClassName`` for an invalid custom class name.
    func findRoute(className: String, _ parameters: QueryParameters) throws(NCMBInvalidRequestError) -> APIRoute {
        switch self {
        case .files: .files(.find(parameters))
        default: .objects(try classReference(className: className), .find(parameters))
        }
    }
}
