/// A builder of the routes of one group of endpoints, which it hands to the executor of its context.
protocol NCMBService: Sendable {
    /// The keys, URL, transport and session the requests are sent with.
    var context: NCMBContext { get }
}

extension NCMBService {
    /// Sends the requests.
    var executor: NCMBRequestExecutor { NCMBRequestExecutor(context: context) }
}
