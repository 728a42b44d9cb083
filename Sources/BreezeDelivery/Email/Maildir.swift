import BreezeFiles
import FoundationEssentials
import Synchronization

#if canImport(Glibc)
import Glibc
import BreezeVocabulary
#endif

/// A Maildir spool (`tmp/`, `new/`, `cur/`): a message is written under `tmp/`, fsynced, then
/// renamed into `new/` and the directory fsynced, so a reader never sees part of a message and
/// a crash loses nothing that was reported delivered.
///
/// File names are `<time>.<pid>_<counter>.<hostname>,E=<tag>`: the Maildir unique name, then a
/// tag of the event id (16 hex digits of its SHA-256) in the comma-separated field list that
/// Maildir++ readers skip. The tag makes writing idempotent per event: a message whose tag is
/// already in `new/` or `cur/` (where readers move it, keeping the name) is not written again.
struct Maildir: Sendable {
    let path: String
    let hostname: String

    /// Counts messages written by this process: part of the unique name.
    private static let counter = Atomic<Int>(0)

    /// The tag of `eventID` in file names.
    static func tag(_ eventID: String) -> String {
        String(LibCrypto.hex(LibCrypto.sha256(Array(eventID.utf8))).prefix(16))
    }

    /// Whether a message for `eventID` is already in the spool.
    func contains(eventID: String) -> Bool {
        let marker = ",E=" + Self.tag(eventID)
        for folder in ["new", "cur"] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: path + "/" + folder)) ?? []
            if names.contains(where: { $0.contains(marker) }) { return true }
        }
        return false
    }

    /// Writes `message` for `eventID` unless a copy is already there; returns the file's path
    /// in `new/` (or nil when it was there already).
    @discardableResult
    func deliver(_ message: [UInt8], eventID: String, now: Instant) throws(FileError) -> String? {
        try createFolders()
        guard !contains(eventID: eventID) else { return nil }
        let number = Self.counter.add(1, ordering: .relaxed).newValue
        let name = "\(Int64(now.unixSeconds)).\(getpid())_\(number).\(safeHostname),E=\(Self.tag(eventID))"
        let temporary = path + "/tmp/" + name
        let final = path + "/new/" + name
        do {
            try AtomicFile.move(message, through: temporary, to: final, mode: 0o600)
        } catch {
            throw error.during("cannot write")
        }
        return final
    }

    /// Creates the spool and its three folders (mode 0700) when missing.
    private func createFolders() throws(FileError) {
        for folder in [path, path + "/tmp", path + "/new", path + "/cur"] {
            if mkdir(folder, 0o700) != 0, errno != EEXIST {
                throw FileError.last(folder, action: "cannot create")
            }
        }
    }

    /// The host name with `/` and `:` written as `\057` and `\072`, as the Maildir spec asks.
    private var safeHostname: String {
        hostname.replacingAll("/", with: "\\057").replacingAll(":", with: "\\072").replacingAll(",", with: "\\054")
    }
}
