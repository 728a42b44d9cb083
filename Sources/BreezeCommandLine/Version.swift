/// The version both executables report and send in `User-Agent`.
public enum BreezeVersion {
    public static let string = "0.1.0"
}
