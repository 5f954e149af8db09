extension SQLiteMigrator {
    /// Pushes from clients (issue 13, docs/decisions/0061-push-from-clients-off-by-default.md): applications created
    /// before this version keep accepting `POST /push` and `PUT /push/{objectId}` from clients, as they did, by storing
    /// `"clientPushEnabled": true` in their settings; applications created afterwards start with the setting off.
    static let version6 = """
        UPDATE applications SET settings = json_set(settings, '$.clientPushEnabled', json('true'));
        """
}
