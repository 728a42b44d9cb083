/// How every count is written for people: "1 city", "2 cities", "0 candidates".
public enum Counted {
    /// `count` and its noun, singular for exactly one; the plural is `singular` + "s" unless
    /// given ("city", "cities").
    public static func text(_ count: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(count) \(count == 1 ? singular : plural ?? singular + "s")"
    }
}
