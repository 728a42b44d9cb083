import BreezeFiles
import BreezeVocabulary

#if canImport(Glibc)
import Glibc
#endif

/// Writes a new drop-in into a configuration's drop-in folder, durably, never over a file.
enum DropInWriter {
    /// Creates `path` holding `text` through BreezeFiles' `AtomicFile.create` (a temporary file
    /// beside it, fsynced, linked into place, which fails rather than overwrite; then the folder
    /// fsynced). The folder is created (0755) when missing. A failure names the drop-in's path
    /// (`cannot write PATH: File exists`).
    static func create(_ path: String, text: String, permissions: mode_t = 0o644) throws(FileError) {
        do {
            try AtomicFile.createFolder(AtomicFile.parentFolder(of: path))
            try AtomicFile.create(Array(text.utf8), at: path, mode: permissions)
        } catch {
            throw FileError(path: path, reason: error.reason, code: error.code, action: "cannot write")
        }
    }
}
