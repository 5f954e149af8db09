internal import NCMBWire

/// Builds the push routes that are not plain object routes (docs/wire/endpoints/push.md) and hands them to the
/// executor.
///
/// Sending, fetching, deleting and querying pushes go through ``NCMBObjectService`` on `/push`.
struct NCMBPushService: NCMBService {
    let context: NCMBContext

    /// `POST /push/{pushId}/openNumber` `{"deviceType","deviceToken"}` → `{"updateDate"}`: the app was opened from
    /// the push. Waits the file request timeout, as ncmb_swift does.
    func recordOpen(pushId: String, body: JSONObject) async throws -> NCMBResponse {
        try await executor.execute(.pushOpened(objectId: pushId, body), timeout: context.fileRequestTimeout)
    }
}
