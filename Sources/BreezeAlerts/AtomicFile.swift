#if canImport(Glibc)
import Glibc
#endif

/// A file-system failure, naming the path and the system's reason.
public struct FileError: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: String
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// The error of the last failed system call on `path`.
    static func last(_ path: String) -> FileError {
        FileError(path: path, reason: String(cString: strerror(errno)))
    }

    public var description: String { "\(path): \(reason)" }
}

/// Whole-file writes that a crash can never leave half done.
public enum AtomicFile {
    /// Writes `bytes` to `path`: a temporary file in the same folder, fsync, rename over the
    /// target, fsync of the folder so the rename itself survives a power cut.
    public static func write(_ bytes: [UInt8], to path: String, mode: mode_t = 0o644) throws(FileError) {
        let folder = parentFolder(of: path)
        var template = Array("\(path).tmp-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw FileError.last(path) }
        let temporaryPath = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var succeeded = false
        defer {
            if !succeeded { unlink(temporaryPath) }
        }
        do {
            defer { close(descriptor) }
            guard fchmod(descriptor, mode) == 0 else { throw FileError.last(temporaryPath) }
            var offset = 0
            while offset < bytes.count {
                let written = bytes.withUnsafeBytes { buffer in
                    Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                }
                if written < 0 {
                    if errno == EINTR { continue }
                    throw FileError.last(temporaryPath)
                }
                offset += written
            }
            guard fsync(descriptor) == 0 else { throw FileError.last(temporaryPath) }
        }
        guard rename(temporaryPath, path) == 0 else { throw FileError.last(path) }
        succeeded = true
        try syncFolder(folder)
    }

    /// The whole content of `path`, or nil when it does not exist.
    public static func read(_ path: String) throws(FileError) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw FileError.last(path)
        }
        defer { close(descriptor) }
        var content: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress!, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileError.last(path)
            }
            if count == 0 { return content }
            content += chunk[0..<count]
        }
    }

    /// Creates `path` and its parents when missing.
    public static func createFolder(_ path: String, mode: mode_t = 0o755) throws(FileError) {
        var current = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            current += "/" + component
            if mkdir(current, mode) != 0 && errno != EEXIST { throw FileError.last(current) }
        }
    }

    /// Flushes `folder`'s entries (a rename, an unlink) to disk.
    public static func syncFolder(_ folder: String) throws(FileError) {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileError.last(folder) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw FileError.last(folder) }
    }

    /// The folder holding `path`: `/a/b` → `/a`, `b` → `.`.
    public static func parentFolder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
