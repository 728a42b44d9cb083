/// Where the control socket is when `ControlSocket=` does not say: one rule for `breezed`,
/// which listens there, and `breezectl`, which connects.
public enum ControlSocketPath {
    /// Without systemd's `RuntimeDirectory=`.
    public static let fallback = "/run/breeze/control"

    /// `$RUNTIME_DIRECTORY/control` (its first path when it lists several), else `fallback`.
    public static func `default`(environment: [String: String]) -> String {
        let runtime = environment["RUNTIME_DIRECTORY"]?.split(separator: ":").first.map(String.init)
        if let runtime, runtime.hasPrefix("/") {
            return (runtime.hasSuffix("/") ? String(runtime.dropLast()) : runtime) + "/control"
        }
        return fallback
    }
}
