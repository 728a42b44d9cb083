#if canImport(Glibc)
import Glibc
import BreezeVocabulary
#endif

/// Whole-file writes that a crash can never leave half done: the bytes go to a temporary file
/// beside the target, are fsynced, then take the target's name, and the folder is fsynced so
/// the new name itself survives a power cut. Moves of a whole file (`moveFile`) fsync their
/// folders the same way.
public enum AtomicFile {
    /// Writes `bytes` to `path`, replacing any file there (rename).
    public static func write(_ bytes: [UInt8], to path: String, mode: mode_t = 0o644) throws(FileError) {
        let temporaryPath = try writeTemporary(bytes, besides: path, mode: mode)
        guard rename(temporaryPath, path) == 0 else {
            let error = FileError.last(path)
            unlink(temporaryPath)
            throw error
        }
        try syncFolder(parentFolder(of: path))
    }

    /// Writes `bytes` to `path`, which must not exist yet: the temporary file is linked into
    /// place, which fails rather than overwrite.
    public static func create(_ bytes: [UInt8], at path: String, mode: mode_t = 0o644) throws(FileError) {
        let temporaryPath = try writeTemporary(bytes, besides: path, mode: mode)
        defer { unlink(temporaryPath) }
        guard link(temporaryPath, path) == 0 else { throw FileError.last(path) }
        try syncFolder(parentFolder(of: path))
    }

    /// Writes `bytes` to the new file `temporaryPath` (a Maildir's `tmp/NAME`), then renames
    /// it to `path` (its `new/NAME`): for layouts that name the temporary file themselves.
    public static func move(
        _ bytes: [UInt8], through temporaryPath: String, to path: String, mode: mode_t = 0o600
    ) throws(FileError) {
        let descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard descriptor >= 0 else { throw FileError.last(temporaryPath) }
        try finish(descriptor, bytes, temporaryPath)
        guard rename(temporaryPath, path) == 0 else {
            let error = FileError.last(path)
            unlink(temporaryPath)
            throw error
        }
        try syncFolder(parentFolder(of: path))
    }

    /// Gives the file at `source` the name `destination` (replacing any file there; both on
    /// one file system), then fsyncs the folder of each name, so neither the new name nor the
    /// old one's removal is lost to a power cut. Every rename outside this file goes through
    /// here. A failed rename names `source`.
    public static func moveFile(_ source: String, to destination: String) throws(FileError) {
        guard rename(source, destination) == 0 else { throw FileError.last(source) }
        let sourceFolder = parentFolder(of: source)
        let destinationFolder = parentFolder(of: destination)
        try syncFolder(destinationFolder)
        if sourceFolder != destinationFolder { try syncFolder(sourceFolder) }
    }

    /// A new temporary file beside `path` holding `bytes`, durably; its path.
    private static func writeTemporary(_ bytes: [UInt8], besides path: String, mode: mode_t) throws(FileError)
        -> String
    {
        var template = Array("\(path).tmp-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw FileError.last(path) }
        let temporaryPath = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard fchmod(descriptor, mode) == 0 else {
            let error = FileError.last(temporaryPath)
            close(descriptor)
            unlink(temporaryPath)
            throw error
        }
        try finish(descriptor, bytes, temporaryPath)
        return temporaryPath
    }

    /// Writes all of `bytes` to `descriptor`, fsyncs and closes it; on failure the file at
    /// `path` is removed.
    private static func finish(_ descriptor: Int32, _ bytes: [UInt8], _ path: String) throws(FileError) {
        var failure: FileError?
        var offset = 0
        while offset < bytes.count, failure == nil {
            let written = bytes.withUnsafeBytes { buffer in
                Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0 {
                if errno != EINTR { failure = FileError.last(path) }
            } else {
                offset += written
            }
        }
        if failure == nil, fsync(descriptor) != 0 { failure = FileError.last(path) }
        if close(descriptor) != 0, failure == nil { failure = FileError.last(path) }
        if let failure {
            unlink(path)
            throw failure
        }
    }

    /// The whole content of `path`, or nil when it does not exist.
    public static func read(_ path: String) throws(FileError) -> [UInt8]? {
        try read(path, atMost: nil)
    }

    /// The content of `path` up to `limit` bytes and one more, or nil when it does not exist:
    /// for a reader that caps a file's size, a count above `limit` says the file is larger,
    /// and the rest is never read.
    public static func read(_ path: String, limit: Int) throws(FileError) -> [UInt8]? {
        try read(path, atMost: max(0, limit) + 1)
    }

    private static func read(_ path: String, atMost cap: Int?) throws(FileError) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw FileError.last(path)
        }
        defer { close(descriptor) }
        var content: [UInt8] = []
        // Sized once: grown chunk by chunk, an 81 MB state was copied and faulted in again
        // at every doubling.
        var status = stat()
        if fstat(descriptor, &status) == 0, status.st_size > 0 {
            content.reserveCapacity(min(Int(status.st_size), cap ?? Int.max) + 1)
        }
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let wanted = min(chunk.count, cap.map { $0 - content.count } ?? chunk.count)
            if wanted <= 0 { return content }
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress!, wanted) }
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
