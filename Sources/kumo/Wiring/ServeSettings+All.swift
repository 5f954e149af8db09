extension ServeSettings {
    /// The settings of `kumo serve`, in the order of docs/configuration.md: each row is the whole of a setting, its flag
    /// (declared by `@Option(setting:)`), its variable, what it takes, its default and its `--help` line.
    static let all: [ServeSetting] = [
        .init(
            key: "host", environment: "KUMO_HTTP_HOST", kind: .text, defaultText: "127.0.0.1",
            help: "Address to listen on; 0.0.0.0 accepts other machines."),
        .init(
            key: "port", environment: "KUMO_HTTP_PORT", kind: .integer(0...65_535), defaultText: "8080",
            help: "TCP port; 0 picks a free one."),
        .init(
            key: "api-host", environment: "KUMO_API_HOSTS", kind: .list, defaultText: "(none)",
            help: "Extra FQDN accepted in request signatures (repeatable)."),
        .init(
            key: "body-size-limit", environment: "KUMO_BODY_SIZE_LIMIT", kind: .integer(1...Int(Int32.max)), defaultText: "16777216",
            help: "Largest request body in bytes."),
        .init(
            key: "public-url", environment: "KUMO_PUBLIC_URL", kind: .text, defaultText: "http://<host>:<port>",
            help: "URL at which browsers reach this server, used in mail links (default: http://<host>:<port>)."),
        .init(
            key: "log-level", environment: "KUMO_LOG_LEVEL",
            kind: .choice(["trace", "debug", "info", "notice", "warning", "error", "critical"]), defaultText: "info",
            help: "trace, debug, info, notice, warning, error or critical."),
        .init(
            key: "log-format", environment: "KUMO_LOG_FORMAT", kind: .choice(["logfmt", "json"]), defaultText: "logfmt",
            help: "logfmt or json: how every log line is written (default: logfmt).", valueName: "format"),
        .init(
            key: "access-log", environment: "KUMO_ACCESS_LOG", kind: .choice(["on", "off"]), defaultText: "on",
            help: "on or off: one line per request at info (default: on).", valueName: "on|off"),
        .init(
            key: "trusted-proxy", environment: "KUMO_TRUSTED_PROXIES", kind: .list, defaultText: "(none)",
            help: "An address or CIDR range whose X-Forwarded-For names the client (repeatable; KUMO_TRUSTED_PROXIES is comma-separated).",
            valueName: "address"),
        .init(
            key: "metrics-port", environment: "KUMO_METRICS_PORT", kind: .integer(0...65_535), defaultText: "(off)",
            help: "Serve Prometheus metrics at http://<metrics-host>:<port>/metrics; 0 picks a free port (default: off).", valueName: "port"
        ),
        .init(
            key: "metrics-host", environment: "KUMO_METRICS_HOST", kind: .text, defaultText: "127.0.0.1",
            help: "Address of the metrics listener (default: 127.0.0.1, which keeps it off the public network).", valueName: "address"),
        .init(
            key: "stall-threshold-ms", environment: "KUMO_STALL_THRESHOLD_MS", kind: .number(0...60_000), defaultText: "100",
            help:
                "Log and count event-loop ticks at least this long (warning, kumo_event_loop_stalls_total); 0 turns it off (default: 100).",
            valueName: "milliseconds"),
        .init(
            key: "max-clock-skew", environment: "KUMO_MAX_CLOCK_SKEW", kind: .integer(1...31_536_000), defaultText: "(off)",
            help: "Refuse requests whose X-NCMB-Timestamp is further than this from the server clock (401 E401001) (default: off).",
            valueName: "seconds"),
        .init(
            key: "idle-timeout", environment: "KUMO_IDLE_TIMEOUT", kind: .number(0.001...86_400), defaultText: "60",
            help: "Close a connection waiting this long for a request (default: 60).", valueName: "seconds"),
        .init(
            key: "header-timeout", environment: "KUMO_HEADER_TIMEOUT", kind: .number(0.001...86_400), defaultText: "10",
            help: "Close a connection whose request head takes longer than this (default: 10).", valueName: "seconds"),
        .init(
            key: "body-timeout", environment: "KUMO_BODY_TIMEOUT", kind: .number(0.001...86_400), defaultText: "30",
            help: "Answer 400 and close when a request body receives nothing for this long (default: 30).", valueName: "seconds"),
        .init(
            key: "max-connections", environment: "KUMO_MAX_CONNECTIONS", kind: .integer(1...1_000_000), defaultText: "4096",
            help: "Most connections served at once (default: 4096, lowered to fit the descriptor limit).", valueName: "n"),
        .init(
            key: "query-time-limit", environment: "KUMO_QUERY_TIME_LIMIT", kind: .number(0...3600), defaultText: "5",
            help: "Stop a read running longer than this with 429 E429001 (default: 5; 0 for no limit).", valueName: "seconds"),
        .init(
            key: "slow-query-ms", environment: "KUMO_SLOW_QUERY_MS", kind: .number(0...600_000), defaultText: "100",
            help: "Record finds slower than this for `kumo classes index suggest`; 0 records none (default: 100).",
            valueName: "milliseconds"),
        .init(
            key: "auto-index", environment: "KUMO_AUTO_INDEX", kind: .choice(["on", "off"]), defaultText: "off",
            help: "on or off: create the indexes the slowest query shapes call for, at most 3 per class (default: off).",
            valueName: "on|off"),
        .init(
            key: "max-body-bytes-in-flight", environment: "KUMO_MAX_BODY_BYTES_IN_FLIGHT", kind: .integer(1...Int(Int32.max)),
            defaultText: "67108864",
            help:
                "Request-body bytes held at once, all requests together; a body that does not fit answers 503 E503001 with Retry-After (default: 67108864).",
            valueName: "bytes"),
        .init(
            key: "max-fields-per-object", environment: "KUMO_MAX_FIELDS_PER_OBJECT", kind: .integer(1...10_000_000), defaultText: "10000",
            help: "Most fields an object may hold; a write past it answers 413 E413002 (10000).", valueName: "n"),
        .init(
            key: "rate-limit-per-address", environment: "KUMO_RATE_LIMIT_PER_ADDRESS", kind: .number(0...1_000_000), defaultText: "300",
            help:
                "Requests a second one client address may send, bursts of twice that; more answer 429 E429002 (default: 300; 0 for no limit).",
            valueName: "n"),
        .init(
            key: "rate-limit-per-application", environment: "KUMO_RATE_LIMIT_PER_APPLICATION", kind: .number(0...1_000_000),
            defaultText: "5000",
            help: "Requests a second one application may receive, bursts of twice that (default: 5000; 0 for no limit).", valueName: "n"),
        .init(
            key: "password-hash-cost", environment: "KUMO_PASSWORD_HASH_COST", kind: .integer(4...31), defaultText: "10",
            help: "bcrypt cost of password hashes, 4…31."),
        .init(
            key: "sign-in-limit", environment: "KUMO_SIGN_IN_LIMIT", kind: .integer(0...1_000_000), defaultText: "5",
            help:
                "Failed sign-ins one client address may make against one account in the window (NCMB login and the dashboard) (5; 0 for no limit).",
            valueName: "n"),
        .init(
            key: "sign-in-limit-per-account", environment: "KUMO_SIGN_IN_LIMIT_PER_ACCOUNT", kind: .integer(0...1_000_000),
            defaultText: "20",
            help:
                "Failed sign-ins against one account from all addresses in the window; addresses that signed in to it lately are exempt (20; 0 for no limit).",
            valueName: "n"),
        .init(
            key: "sign-in-limit-per-address", environment: "KUMO_SIGN_IN_LIMIT_PER_ADDRESS", kind: .integer(0...1_000_000),
            defaultText: "100",
            help: "Failed sign-ins one client address may make against all accounts in the window (100; 0 for no limit).", valueName: "n"),
        .init(
            key: "sign-in-window", environment: "KUMO_SIGN_IN_WINDOW", kind: .integer(1...604_800), defaultText: "900",
            help: "The window the sign-in limits count failures in (900).", valueName: "seconds"),
        .init(
            key: "mail-request-limit", environment: "KUMO_MAIL_REQUEST_LIMIT", kind: .integer(0...1_000_000), defaultText: "5",
            help: "Account mails (password reset, sign-up link, address confirmation) to one address in the window (5; 0 for no limit).",
            valueName: "n"),
        .init(
            key: "mail-request-limit-per-address", environment: "KUMO_MAIL_REQUEST_LIMIT_PER_ADDRESS", kind: .integer(0...1_000_000),
            defaultText: "20",
            help:
                "Mail requests (requestPasswordReset, requestMailAddressUserEntry) one client address may make in the window (20; 0 for no limit).",
            valueName: "n"),
        .init(
            key: "mail-request-window", environment: "KUMO_MAIL_REQUEST_WINDOW", kind: .integer(1...604_800), defaultText: "3600",
            help: "The window the mail limits count in (3600).", valueName: "seconds"),
        .init(
            key: "dashboard", environment: "KUMO_DASHBOARD", kind: .choice(["on", "off"]), defaultText: "on",
            help: "on or off: serve the web dashboard at /dashboard/ (default: on).", valueName: "on|off"),
        .init(
            key: "dashboard-host", environment: "KUMO_DASHBOARD_HOST", kind: .text, defaultText: "<host>",
            help: "Address of the dashboard's own listener (with --dashboard-port; default: --host).", valueName: "address"),
        .init(
            key: "dashboard-port", environment: "KUMO_DASHBOARD_PORT", kind: .integer(0...65_535), defaultText: "(the API port)",
            help: "Serve the dashboard on this port only (0 picks a free one); the API port then answers /dashboard with 404.",
            valueName: "port"),
        .init(
            key: "dashboard-password-hash-cost", environment: "KUMO_DASHBOARD_PASSWORD_HASH_COST", kind: .integer(4...31),
            defaultText: "12", help: "bcrypt cost of administrators' password hashes, 4…31 (default: 12).", valueName: "cost"),
        .init(
            key: "realtime", environment: "KUMO_REALTIME", kind: .choice(["on", "off"]), defaultText: "on",
            help: "on or off: upgrade GET /2013-09-01/realtime to a WebSocket for subscriptions (default: on).", valueName: "on|off"),
        .init(
            key: "realtime-max-subscriptions", environment: "KUMO_REALTIME_MAX_SUBSCRIPTIONS", kind: .integer(1...100_000),
            defaultText: "100", help: "Subscriptions one realtime connection may hold (default: 100).", valueName: "count"),
        .init(
            key: "realtime-max-connections", environment: "KUMO_REALTIME_MAX_CONNECTIONS", kind: .integer(1...1_000_000),
            defaultText: "10000", help: "Realtime connections one application may have on this instance (default: 10000).",
            valueName: "count"),
        .init(
            key: "realtime-max-message-bytes", environment: "KUMO_REALTIME_MAX_MESSAGE_BYTES", kind: .integer(1024...16_777_216),
            defaultText: "65536", help: "Largest message a realtime client may send (default: 65536).", valueName: "bytes"),
        .init(
            key: "realtime-ping-interval", environment: "KUMO_REALTIME_PING_INTERVAL", kind: .number(1...3600), defaultText: "30",
            help: "Seconds between the server's pings; an unanswered ping closes the connection (default: 30).", valueName: "seconds"),
        .init(
            key: "realtime-queue-limit", environment: "KUMO_REALTIME_QUEUE_LIMIT", kind: .integer(10...1_000_000), defaultText: "1000",
            help: "Messages and events waiting for one connection before it is closed as too slow (default: 1000).", valueName: "count"),
        .init(
            key: "realtime-max-regex-subscriptions", environment: "KUMO_REALTIME_MAX_REGEX_SUBSCRIPTIONS", kind: .integer(0...100_000),
            defaultText: "10", help: "Subscriptions with a $regex one realtime connection may hold (10).", valueName: "count"),
        .init(
            key: "realtime-max-where-bytes", environment: "KUMO_REALTIME_MAX_WHERE_BYTES", kind: .integer(1024...16_777_216),
            defaultText: "65536", help: "Bytes the wheres of one connection's subscriptions may hold together (65536).", valueName: "bytes"),
        .init(
            key: "realtime-subscription-budget", environment: "KUMO_REALTIME_SUBSCRIPTION_BUDGET", kind: .integer(1...10_000),
            defaultText: "10", help: "Milliseconds one subscription's where may work on one change; past it the subscription ends (10).",
            valueName: "milliseconds"),
        .init(
            key: "realtime-change-budget", environment: "KUMO_REALTIME_CHANGE_BUDGET", kind: .integer(1...60_000), defaultText: "100",
            help: "Milliseconds the matching of one change may work in all; subscriptions left unevaluated end (100).",
            valueName: "milliseconds"),
        .init(
            key: "data-dir", environment: "KUMO_DATA_DIR", kind: .text, defaultText: "./kumo-data",
            help: "Directory holding the SQLite database (created when missing; also KUMO_DATA_DIR)."),
        .init(
            key: "database", environment: "KUMO_DATABASE", kind: .text, defaultText: "sqlite",
            help: "sqlite (embedded, inside --data-dir) or postgres://user:password@host:5432/database[?schema=NAME].", isSecret: true),
        .init(
            key: "database-timeout", environment: "KUMO_DATABASE_TIMEOUT", kind: .number(0.001...3600), defaultText: "5",
            help: "PostgreSQL: seconds a storage call may take before it fails with E503001."),
        .init(
            key: "database-maximum-connections", environment: "KUMO_DATABASE_MAXIMUM_CONNECTIONS", kind: .integer(1...10_000),
            defaultText: "20", help: "PostgreSQL: the most connections this instance opens."),
        .init(
            key: "sqlite-synchronous", environment: "KUMO_STORAGE_SQLITE_SYNCHRONOUS", kind: .choice(["full", "normal"]),
            defaultText: "full", help: "SQLite durability: full (an answered write is on disk) or normal."),
        .init(
            key: "file-storage", environment: "KUMO_FILE_STORAGE", kind: .text, defaultText: "default",
            help:
                "Where file bytes live: s3://BUCKET[/PREFIX], or 'default' when omitted (files under --data-dir with SQLite, the database with PostgreSQL).",
            valueName: "location"),
        .init(
            key: "s3-endpoint", environment: "KUMO_S3_ENDPOINT", kind: .text, defaultText: "(AWS's endpoint of the region)",
            help: "The S3-compatible endpoint, e.g. http://127.0.0.1:8333 (default: AWS's endpoint of --s3-region).", valueName: "url"),
        .init(
            key: "s3-region", environment: "AWS_REGION", kind: .text, defaultText: "us-east-1",
            help: "The region requests are signed for (else AWS_REGION).", valueName: "region"),
        .init(
            key: "s3-addressing", environment: "KUMO_S3_ADDRESSING", kind: .choice(["path", "virtual"]),
            defaultText: "(path with --s3-endpoint)",
            help: "path (https://endpoint/bucket/key: the default with --s3-endpoint) or virtual (https://bucket.endpoint/key: AWS's).",
            valueName: "style"),
        .init(key: "s3-access-key-id", environment: "AWS_ACCESS_KEY_ID", kind: .text, defaultText: "(none)", hidesValue: true),
        .init(key: "s3-secret-access-key", environment: "AWS_SECRET_ACCESS_KEY", kind: .text, defaultText: "(none)", hidesValue: true),
        .init(key: "s3-session-token", environment: "AWS_SESSION_TOKEN", kind: .text, defaultText: "(none)", hidesValue: true),
        .init(
            key: "backup-every", environment: "KUMO_BACKUP_EVERY", kind: .text, defaultText: "(off)",
            help: "SQLite: take a verified backup this often, e.g. 30m, 6h or 1d (default: off)."),
        .init(
            key: "backup-keep", environment: "KUMO_BACKUP_KEEP", kind: .integer(1...100_000), defaultText: "14",
            help: "SQLite: how many scheduled backups to keep."),
        .init(
            key: "backup-dir", environment: "KUMO_BACKUP_DIR", kind: .text, defaultText: "<data-dir>/backups",
            help: "SQLite: where scheduled backups go (default: <data-dir>/backups)."),
        .init(
            key: "mail-transport", environment: "KUMO_MAIL_TRANSPORT", kind: .choice(["file", "sendmail"]), defaultText: "file",
            help: "file (write .eml files into --mail-directory) or sendmail (pipe to --sendmail-command)."),
        .init(
            key: "mail-directory", environment: "KUMO_MAIL_DIRECTORY", kind: .text, defaultText: "<data-dir>/mail",
            help: "file transport: where .eml files go (default: <data-dir>/mail)."),
        .init(
            key: "sendmail-command", environment: "KUMO_SENDMAIL_COMMAND", kind: .text, defaultText: "/usr/sbin/sendmail",
            help: "sendmail transport: the sendmail-compatible executable."),
        .init(
            key: "sendmail-argument", environment: "KUMO_SENDMAIL_ARGUMENTS", kind: .list, defaultText: "-t, -i",
            help: "sendmail transport: an argument of the command (repeatable; default: -t -i)."),
        .init(
            key: "node", environment: "KUMO_NODE", kind: .text, defaultText: "node on PATH",
            help: "The Node.js executable for scripts (default: node on PATH)."),
        .init(
            key: "scripts-modules", environment: "KUMO_SCRIPTS_MODULES", kind: .text, defaultText: "(none)",
            help: "A folder whose node_modules scripts require from (npm install ncmb there)."),
        .init(
            key: "scripts-workers", environment: "KUMO_SCRIPTS_WORKERS", kind: .integer(1...256), defaultText: "8",
            help: "The most Node.js worker processes at once, over all applications."),
        .init(
            key: "scripts-heap-mb", environment: "KUMO_SCRIPTS_HEAP_MB", kind: .integer(16...16_384), defaultText: "128",
            help: "Each worker's JavaScript heap limit in MiB."),
        .init(
            key: "scripts-memory-mb", environment: "KUMO_SCRIPTS_MEMORY_MB", kind: .integer(144...65_536),
            defaultText: "the heap + 256 (384)",
            help:
                "Each worker's memory limit in MiB: the heap, Buffers and all other data (RLIMIT_DATA); at least the heap + 128, default the heap + 256."
        ),
        .init(
            key: "scripts-isolation", environment: "KUMO_SCRIPTS_ISOLATION", kind: .choice(["auto", "process"]), defaultText: "auto",
            help: "auto: the strongest confinement the host offers (namespaces, a user per application); process: neither."),
        .init(
            key: "scripts-allow-network", environment: "KUMO_SCRIPTS_ALLOW_NETWORK", kind: .list, defaultText: "(none)",
            help: "Address ranges scripts may connect to besides public addresses, comma-separated (10.0.0.0/8,192.168.1.20)."),
        .init(
            key: "scripts-log-days", environment: "KUMO_SCRIPTS_LOG_DAYS", kind: .integer(1...3650), defaultText: "7",
            help: "How many days the script execution log keeps entries."),
        .init(
            key: "tls-certificate-chain", environment: "KUMO_TLS_CERTIFICATE_CHAIN", kind: .text, defaultText: "(plain HTTP)",
            help: "Serve HTTPS (HTTP/2 and HTTP/1.1) with this PEM certificate chain, leaf first; SIGHUP reloads it.", valueName: "file"),
        .init(
            key: "tls-private-key", environment: "KUMO_TLS_PRIVATE_KEY", kind: .text, defaultText: "(plain HTTP)",
            help: "The PEM private key of --tls-certificate-chain.", valueName: "file"),
        .init(
            key: "apns-url", environment: "KUMO_APNS_URL", kind: .text, defaultText: "https://api.push.apple.com",
            help: "APNs production base URL (default: https://api.push.apple.com)."),
        .init(
            key: "apns-sandbox-url", environment: "KUMO_APNS_SANDBOX_URL", kind: .text, defaultText: "https://api.sandbox.push.apple.com",
            help: "APNs sandbox base URL (default: https://api.sandbox.push.apple.com)."),
        .init(
            key: "fcm-url", environment: "KUMO_FCM_URL", kind: .text, defaultText: "https://fcm.googleapis.com",
            help: "FCM HTTP v1 base URL (default: https://fcm.googleapis.com)."),
        .init(
            key: "fcm-token-url", environment: "KUMO_FCM_TOKEN_URL", kind: .text, defaultText: "(each service account's token_uri)",
            help: "OAuth2 token URL replacing every service account's token_uri."),
        .init(
            key: "push-trust-roots", environment: "KUMO_PUSH_TRUST_ROOTS", kind: .text, defaultText: "(system roots only)",
            help: "A PEM file of CA certificates trusted for push connections besides the system's (a TLS-inspecting proxy)."),
        .init(
            key: "push-outcome-days", environment: "KUMO_PUSH_OUTCOME_DAYS", kind: .integer(1...3650), defaultText: "30",
            help: "How many days each push's per-device outcomes are kept, 1…3650."),
        .init(
            key: "dashboard-audit-days", environment: "KUMO_DASHBOARD_AUDIT_DAYS", kind: .integer(0...3650), defaultText: "365",
            help: "How many days the dashboard's audit log keeps entries, 0 (forever)…3650 (default: 365).", valueName: "days"),
        .init(
            key: "dashboard-import-lease-seconds", environment: "KUMO_DASHBOARD_IMPORT_LEASE_SECONDS", kind: .integer(1...3600),
            defaultText: "60", help: "How long an instance's claim on a running import job holds without renewal, 1…3600 (default: 60).",
            valueName: "seconds"),
    ]
}
