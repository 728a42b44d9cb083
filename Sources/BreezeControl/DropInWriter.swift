import BreezeFiles

#if canImport(Glibc)
import Glibc
#endif

/// A drop-in `breezectl add` could not write: the file it meant to create and the system's
/// reason.
struct DropInWriteError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The drop-in file's path.
    var path: String
    /// What the system said, e.g. `Permission denied` or `File exists`.
    var reason: String

    var description: String { "cannot write \(path): \(reason)" }
}

/// Writes a new drop-in into a configuration's drop-in folder, durably, never over a file.
enum DropInWriter {
    /// Creates `path` holding `text` through BreezeFiles' `AtomicFile.create` (a temporary file
    /// beside it, fsynced, linked into place, which fails rather than overwrite; then the folder
    /// fsynced). The folder is created (0755) when missing.
    static func create(_ path: String, text: String, permissions: mode_t = 0o644) throws(DropInWriteError) {
        do {
            try AtomicFile.createFolder(AtomicFile.parentFolder(of: path))
            try AtomicFile.create(Array(text.utf8), at: path, mode: permissions)
        } catch {
            throw DropInWriteError(path: path, reason: error.reason)
        }
    }
}
