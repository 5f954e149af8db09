import KumoPostgres
import KumoSQLite
import Testing

/// The SQL text every shipped migration of both engines runs, pinned by its hash: a released migration is never
/// edited (docs/decisions/0160-storage-by-feature.md, 0173), so any change to how one is written, including declaring
/// its tables engine-neutrally in `KumoStorage/SQL`, must produce the same bytes. A migration gets its line here when
/// it ships; a version missing from these tables is not pinned yet.
@Suite struct ShippedMigrationsTests {
    /// FNV-1a (64 bits) of each SQLite migration's script, by version.
    static let sqliteScripts: [Int: UInt64] = [
        1: 0x837e_726c_36af_7378, 2: 0xd415_f887_ed80_8118, 3: 0x90fd_fc87_eee6_f0db, 4: 0x9b21_30b5_f278_5385,
        5: 0x45b5_7c35_117d_f48c, 6: 0xb5ec_64a5_5f60_67de, 7: 0x0e37_785e_b043_dc26, 8: 0x81e4_5b91_8bf0_5e70,
        9: 0x0fd1_3f39_3b72_8fd9, 10: 0x341f_731e_ce2a_284f, 11: 0x56e3_2a28_c06f_97be, 12: 0x3a97_d194_317c_c010,
    ]

    /// FNV-1a (64 bits) of each PostgreSQL migration's statements joined by a NUL byte, by version.
    static let postgresStatements: [Int: UInt64] = [
        1: 0x16af_33e3_271a_f083, 2: 0x4bca_2232_4459_fb91, 3: 0x1fa0_e331_9586_ce8d, 4: 0x1cc5_de9e_5930_4188,
        5: 0x0ac3_f242_a097_e430, 6: 0xc8b5_dd51_8db0_11bd, 7: 0x4267_e0c7_bd9c_2ba9, 8: 0x440c_dda2_e736_c1d2,
        9: 0x6f5c_04c0_d075_db09, 10: 0xe795_5aaa_cc1e_2086, 11: 0xa6bd_70d6_73bb_1771, 12: 0xe1d2_9dea_6a86_0587,
        13: 0x9a5e_f2b5_06f5_cc82,
    ]

    @Test func everyShippedSQLiteMigrationRunsItsShippedText() {
        let scripts = Dictionary(uniqueKeysWithValues: SQLiteMigrator.migrations.map { ($0.version, Self.hash($0.script)) })
        for (version, expected) in Self.sqliteScripts.sorted(by: { $0.key < $1.key }) {
            #expect(scripts[version] == expected, "SQLite migration \(version)")
        }
        #expect(!Self.sqliteScripts.isEmpty)
    }

    @Test func everyShippedPostgreSQLMigrationRunsItsShippedText() {
        let statements = Dictionary(
            uniqueKeysWithValues: PostgresMigration.all.map { ($0.version, Self.hash($0.statements.joined(separator: "\0"))) })
        for (version, expected) in Self.postgresStatements.sorted(by: { $0.key < $1.key }) {
            #expect(statements[version] == expected, "PostgreSQL migration \(version)")
        }
        #expect(!Self.postgresStatements.isEmpty)
    }

    /// A stable 64-bit FNV-1a hash of the UTF-8 bytes of `text`: enough to notice any edit, not a security measure.
    static func hash(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0100_0000_01b3
        }
        return hash
    }
}
