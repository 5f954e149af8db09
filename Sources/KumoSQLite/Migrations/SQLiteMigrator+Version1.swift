extension SQLiteMigrator {
    /// Applications, classes, objects with their ACL rows, and relations (docs/architecture.md#tables,
    /// docs/architecture.md#indexes).
    package static let version1 = """
        CREATE TABLE applications (
            application_id TEXT PRIMARY KEY NOT NULL,
            name TEXT NOT NULL UNIQUE,
            application_key TEXT NOT NULL UNIQUE,
            client_key TEXT NOT NULL,
            settings TEXT NOT NULL,
            settings_version INTEGER NOT NULL DEFAULT 1,
            create_date INTEGER NOT NULL
        );
        CREATE TABLE classes (
            class_id INTEGER PRIMARY KEY,
            application_id TEXT NOT NULL,
            class_name TEXT NOT NULL,
            permissions TEXT NOT NULL DEFAULT '{}',
            UNIQUE (application_id, class_name)
        );
        CREATE TABLE objects (
            row_id INTEGER PRIMARY KEY,
            class_id INTEGER NOT NULL REFERENCES classes (class_id),
            object_id TEXT NOT NULL,
            create_date INTEGER NOT NULL,
            update_date INTEGER NOT NULL,
            public_read INTEGER NOT NULL,
            public_write INTEGER NOT NULL,
            acl TEXT NOT NULL,
            fields TEXT NOT NULL,
            UNIQUE (class_id, object_id)
        );
        CREATE INDEX objects_by_create_date ON objects (class_id, create_date DESC, row_id DESC);
        CREATE INDEX objects_by_update_date ON objects (class_id, update_date DESC);
        CREATE TABLE object_access (
            row_id INTEGER NOT NULL REFERENCES objects (row_id) ON DELETE CASCADE,
            principal TEXT NOT NULL,
            can_read INTEGER NOT NULL,
            can_write INTEGER NOT NULL,
            PRIMARY KEY (row_id, principal)
        ) WITHOUT ROWID;
        CREATE INDEX object_access_by_principal ON object_access (principal, row_id) WHERE can_read;
        CREATE TABLE relations (
            owner_row_id INTEGER NOT NULL REFERENCES objects (row_id) ON DELETE CASCADE,
            field_name TEXT NOT NULL,
            target_row_id INTEGER NOT NULL REFERENCES objects (row_id) ON DELETE CASCADE,
            PRIMARY KEY (owner_row_id, field_name, target_row_id)
        ) WITHOUT ROWID;
        CREATE INDEX relations_by_target ON relations (target_row_id, field_name);
        """
}
