import NCMBWire
import Testing

/// The standard schema: every declared name is a valid field name, declared once per class.
@Suite struct StandardFieldTests {
    @Test(arguments: StandardField.all)
    func everyStandardNameMatchesTheFieldNamePattern(field: FieldName) {
        #expect(FieldName.isValid(field.rawValue))
        #expect(FieldName(field.rawValue) == field)
    }

    @Test(arguments: [
        StandardField.User.all, StandardField.Role.all, StandardField.Installation.all, StandardField.Push.all, StandardField.File.all,
    ])
    func declaresEachNameOfAClassOnce(fields: [FieldName]) {
        #expect(Set(fields).count == fields.count)
    }

    @Test func spellsTheNamesAsNCMBDoes() {
        #expect(StandardField.User.mailAddress.rawValue == "mailAddress")
        #expect(StandardField.Role.belongRole.rawValue == "belongRole")
        #expect(StandardField.Installation.deviceToken.rawValue == "deviceToken")
        #expect(StandardField.Push.androidChannelId.rawValue == "android_channel_id")
        #expect(StandardField.File.fileName.rawValue == "fileName")
    }
}
