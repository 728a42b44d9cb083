import BreezeFiles
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The few file operations configuration needs, with the system's own error texts.
public enum FileSystem {
    /// A file's text and permission bits.
    public static func contents(_ path: String) -> Result<(text: String, permissions: UInt32), FileReadError> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(currentError()) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .failure(currentError()) }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            return .failure(FileReadError(reason: "not a regular file"))
        }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(currentError())
            }
            if count == 0 { break }
            bytes += buffer[0..<count]
            // A limit on what a user controls: no configuration file is this large.
            if bytes.count > 16 << 20 { return .failure(FileReadError(reason: "file too large")) }
        }
        return .success((String(decoding: bytes, as: UTF8.self), UInt32(status.st_mode) & 0o7777))
    }

    /// Whether anything exists at `path`.
    public static func exists(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }

    /// The names in `directory` ending in `suffix`, in lexical (byte) order; empty when the
    /// directory does not exist.
    public static func names(in directory: String, endingWith suffix: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasSuffix(suffix) && !$0.hasPrefix(".") }
            .sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }

    /// This machine's host name, or `localhost`.
    public static func hostname() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "localhost" }
        let name = String(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.isEmpty ? "localhost" : name
    }

    /// Writes `text` to the new file `path` atomically: a temporary file in the same directory,
    /// flushed to disk, then linked into place, which fails if `path` already exists (so nothing
    /// is ever overwritten); the directory is created (0755) when missing.
    public static func createAtomically(_ path: String, text: String, permissions: mode_t = 0o644)
        -> Result<Void, FileReadError>
    {
        let directory = AtomicFile.parentFolder(of: path)
        if mkdir(directory, 0o755) != 0, errno != EEXIST { return .failure(currentError()) }
        do {
            try AtomicFile.create(Array(text.utf8), at: path, mode: permissions)
            return .success(())
        } catch {
            return .failure(FileReadError(reason: error.reason))
        }
    }

    private static func currentError() -> FileReadError {
        FileReadError(reason: String(cString: strerror(errno)), code: errno)
    }
}
