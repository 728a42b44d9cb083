import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Runs file operations as if by an ordinary user, even when the tests run as root.
///
/// Root writes into any folder, whatever its permission bits, so a read-only folder fails only
/// for someone else. `setfsuid` changes the user that file access is checked as for the calling
/// thread alone, and moving it off 0 takes root's file-permission override with it; so `body`
/// runs on a thread of its own, as `nobody`, and the rest of the process stays as it was.
enum AsAnotherUser {
    private typealias SetFileSystemUser = @convention(c) (UInt32) -> Int32

    /// `setfsuid(2)`, which glibc has but Swift's Glibc module does not show.
    private static let setFileSystemUser: SetFileSystemUser? = {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "setfsuid") else { return nil }
        return unsafeBitCast(symbol, to: SetFileSystemUser.self)
    }()

    /// The result of `body`, run with file access checked as `nobody` (65534).
    static func run<Value: Sendable>(_ body: @escaping @Sendable () -> Value) -> Value {
        guard let setFileSystemUser else { fatalError("setfsuid is missing from libc") }
        let done = DispatchSemaphore(value: 0)
        let result = ResultBox<Value>()
        let thread = Thread {
            let previous = setFileSystemUser(65534)
            result.value = body()
            _ = setFileSystemUser(UInt32(bitPattern: previous))
            done.signal()
        }
        thread.start()
        done.wait()
        return result.value!
    }

    /// Hands a value from the thread back; written before the semaphore is signalled, read after.
    private final class ResultBox<Value>: @unchecked Sendable {
        var value: Value?
    }
}
