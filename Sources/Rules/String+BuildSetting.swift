extension String {
    /// Whether the text holds an unexpanded build setting (`$(`), as an Info.plist value
    /// copied from a project file does: rules that judge such a value stay silent. One pass
    /// over the bytes (asked of every bundle's values; the standard library's search of a
    /// collection in a collection looked its generic types up at run time on each call).
    var holdsBuildSetting: Bool {
        var dollar = false
        for byte in utf8 {
            if dollar, byte == UInt8(ascii: "(") { return true }
            dollar = byte == UInt8(ascii: "$")
        }
        return false
    }
}
