/// The SNS providers a user can be linked to; the raw value is the `authData` key.
enum NCMBSNSType: String, CaseIterable {
    case facebook
    case twitter
    case google
    case apple
}
