/// The daemon's version, set by the executable (the library does not know it).
public enum BreezeVersionText {
    nonisolated(unsafe) public static var value = "unknown"
}
