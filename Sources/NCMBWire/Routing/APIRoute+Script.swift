/// A call of an NCMB script: `GET | POST | PUT | DELETE /2015-09-01/script/{name}` (wire spec §5.9).
///
/// The query travels for every method (a non-GET script call may carry an unsigned query, wire spec §11 item 3); the
/// body only for POST and PUT. Custom headers are not part of the route: the server passes them to the script apart.
package struct ScriptCall: Sendable, Hashable {
    /// The script name including its extension, e.g. `hello.js`.
    package var name: String
    /// The method of the call.
    package var method: RequestMethod
    /// The query items, decoded, in wire order.
    package var queryItems: [QueryItem]
    /// The JSON body object of a POST or PUT; empty for GET and DELETE, whose bodies are not sent.
    package var body: JSONObject

    /// Creates a call.
    package init(name: String, method: RequestMethod, queryItems: [QueryItem] = [], body: JSONObject = [:]) {
        self.name = name
        self.method = method
        self.queryItems = queryItems
        self.body = body
    }
}
