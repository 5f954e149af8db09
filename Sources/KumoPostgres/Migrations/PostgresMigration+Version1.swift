extension PostgresMigration {
    /// Applications, classes, objects with their ACL rows, relations, and the functions the dialect calls
    /// (docs/architecture.md#tables, docs/architecture.md#indexes). Every text column that is compared or sorted uses
    /// `COLLATE "C"` (code-point order, as SQLite); user fields and ACLs are `json`, which keeps the text as written.
    static let version1 = PostgresMigration(
        version: 1,
        statements: [
            """
            CREATE TABLE applications (
                application_id text COLLATE "C" PRIMARY KEY,
                name text COLLATE "C" NOT NULL UNIQUE,
                application_key text COLLATE "C" NOT NULL UNIQUE,
                client_key text NOT NULL,
                settings json NOT NULL,
                settings_version integer NOT NULL DEFAULT 1,
                create_date bigint NOT NULL,
                position bigserial NOT NULL
            )
            """,
            """
            CREATE TABLE classes (
                class_id bigserial PRIMARY KEY,
                application_id text COLLATE "C" NOT NULL,
                class_name text COLLATE "C" NOT NULL,
                permissions json NOT NULL DEFAULT '{}',
                UNIQUE (application_id, class_name)
            )
            """,
            """
            CREATE TABLE objects (
                row_id bigserial PRIMARY KEY,
                class_id bigint NOT NULL REFERENCES classes (class_id),
                object_id text COLLATE "C" NOT NULL,
                create_date bigint NOT NULL,
                update_date bigint NOT NULL,
                public_read boolean NOT NULL,
                public_write boolean NOT NULL,
                acl json NOT NULL,
                fields json NOT NULL,
                UNIQUE (class_id, object_id)
            )
            """,
            "CREATE INDEX objects_by_create_date ON objects (class_id, create_date DESC, row_id DESC)",
            "CREATE INDEX objects_by_update_date ON objects (class_id, update_date DESC)",
            """
            CREATE TABLE object_access (
                row_id bigint NOT NULL REFERENCES objects (row_id) ON DELETE CASCADE,
                principal text COLLATE "C" NOT NULL,
                can_read boolean NOT NULL,
                can_write boolean NOT NULL,
                PRIMARY KEY (row_id, principal)
            )
            """,
            "CREATE INDEX object_access_by_principal ON object_access (principal, row_id) WHERE can_read",
            """
            CREATE TABLE relations (
                owner_row_id bigint NOT NULL REFERENCES objects (row_id) ON DELETE CASCADE,
                field_name text COLLATE "C" NOT NULL,
                target_row_id bigint NOT NULL REFERENCES objects (row_id) ON DELETE CASCADE,
                PRIMARY KEY (owner_row_id, field_name, target_row_id)
            )
            """,
            "CREATE INDEX relations_by_target ON relations (target_row_id, field_name)",
            // `$regex`: an invalid pattern matches nothing, as on SQLite, instead of failing the statement.
            """
            CREATE FUNCTION kumo_regex_match(subject text, pattern text) RETURNS boolean
            LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
            BEGIN
                RETURN subject ~ pattern;
            EXCEPTION WHEN invalid_regular_expression THEN
                RETURN false;
            END
            $$
            """,
            // `$nearSphere`: the haversine distance in radians, with the operations of SQLiteFunctions in the same order.
            """
            CREATE FUNCTION kumo_distance(
                latitude double precision, longitude double precision, to_latitude double precision, to_longitude double precision
            ) RETURNS double precision
            LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
            SELECT 2 * asin(least(1::double precision, sqrt(greatest(0::double precision,
                sin((to_latitude - latitude) * (pi() / 180) / 2) * sin((to_latitude - latitude) * (pi() / 180) / 2)
                + cos(latitude * (pi() / 180)) * cos(to_latitude * (pi() / 180))
                * sin((to_longitude - longitude) * (pi() / 180) / 2) * sin((to_longitude - longitude) * (pi() / 180) / 2)))))
            $$
            """,
        ]
    )
}
