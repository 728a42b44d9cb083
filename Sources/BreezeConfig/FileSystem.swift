import FoundationEssentials

#if canImport(Glibc)
import Glibc
import BreezeVocabulary
#endif

/// The few file operations configuration needs, all of them reads, with the system's own
/// error texts. (The one writer of configuration, `breezectl add`, writes through BreezeFiles.)
public enum FileSystem {
    /// A file's text and permission bits; anything but a regular file is refused.
    ///
    /// Opened with `O_NONBLOCK`, so a FIFO (or a device) named as configuration cannot block
    /// the caller (`check-config`, a reload in the daemon) waiting for a writer: it is refused
    /// after `fstat`, before any read.
    public static func contents(_ path: String) -> Result<(text: String, permissions: UInt32), FileError> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard descriptor >= 0 else { return .failure(.last(path)) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .failure(.last(path)) }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            return .failure(FileError(path: path, reason: "not a regular file (\(kind(of: status.st_mode)))"))
        }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(.last(path))
            }
            if count == 0 { break }
            bytes += buffer[0..<count]
            // A limit on what a user controls: no configuration file is this large.
            if bytes.count > 16 << 20 { return .failure(FileError(path: path, reason: "file too large")) }
        }
        return .success((String(decoding: bytes, as: UTF8.self), UInt32(status.st_mode) & 0o7777))
    }

    /// Whether anything exists at `path`.
    public static func exists(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }

    /// The names in `directory` ending in `suffix`, in lexical (byte) order; empty when the
    /// directory does not exist. A directory that exists but cannot be listed (no permission,
    /// not a directory) is an error, never an empty list.
    public static func names(in directory: String, endingWith suffix: String) -> Result<[String], FileError> {
        guard let stream = opendir(directory) else {
            return errno == ENOENT ? .success([]) : .failure(.last(directory))
        }
        defer { closedir(stream) }
        var names: [String] = []
        while true {
            errno = 0
            guard let entry = readdir(stream) else {
                if errno != 0 { return .failure(.last(directory)) }
                break
            }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name.hasSuffix(suffix), !name.hasPrefix(".") { names.append(name) }
        }
        return .success(names.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })
    }

    /// `a FIFO`, `a directory`…: what a non-regular file is, for an error.
    static func kind(of mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: "a FIFO"
        case S_IFDIR: "a directory"
        case S_IFSOCK: "a socket"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        default: "not a file"
        }
    }

    /// This machine's host name, or `localhost`.
    public static func hostname() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "localhost" }
        let name = String(decoding: buffer.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.isEmpty ? "localhost" : name
    }
}
