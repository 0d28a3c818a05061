/// Public access to the release-train version order (`1.10` after `1.9`) that the store
/// uses to pick the highest build, for filters such as `history --versions 1.2..1.5`.
public enum VersionComparison {
    /// Whether `a` orders before `b`.
    public static func less(_ a: String, _ b: String) -> Bool { VersionOrder.less(a, b) }
}
