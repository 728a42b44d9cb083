#if canImport(Glibc)
import Glibc
#endif

/// The one way Breeze words a system error for people: the C library's text of an `errno`.
public enum ErrorNumber {
    /// `No such file or directory` for `ENOENT`; pass `errno` right after the failed call,
    /// before anything else can change it.
    public static func text(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
