import BreezeAlerts
import BreezeFiles
import BreezeJSON
import BreezeOutboxValues
import FoundationEssentials

#if canImport(Glibc)
import Glibc
import BreezeVocabulary
#endif

/// The durable outbox on disk: `<StateDirectory>/outbox/<receiver>/<sequence>-<event id>.json`,
/// one file per event and receiver, written atomically before any delivery attempt; given-up
/// entries move to `<StateDirectory>/dead/<receiver>/` with their reason written in.
///
/// Not synchronised: one owner (the delivery worker) at a time; readers such as
/// `breezectl status` use `scan()`, which changes nothing.
public struct Outbox: Sendable {
    /// `<StateDirectory>/outbox`.
    public let pendingFolder: String
    /// `<StateDirectory>/dead`.
    public let deadFolder: String

    /// The outbox of the state directory `stateDirectory`.
    public init(stateDirectory: String) {
        let base = stateDirectory.hasSuffix("/") ? String(stateDirectory.dropLast()) : stateDirectory
        pendingFolder = base + "/outbox"
        deadFolder = base + "/dead"
    }

    /// Writes `entry` (new or updated) atomically: temp file, fsync, rename, fsync the folder.
    public func write(_ entry: OutboxEntry) throws(FileError) {
        let folder = receiverFolder(entry.receiver, in: pendingFolder)
        try AtomicFile.createFolder(folder)
        try AtomicFile.write(try Self.encode(entry), to: folder + "/" + entry.fileName, mode: 0o644)
    }

    /// Deletes a delivered entry.
    public func remove(_ entry: OutboxEntry) throws(FileError) {
        let folder = receiverFolder(entry.receiver, in: pendingFolder)
        let path = folder + "/" + entry.fileName
        guard unlink(path) == 0 || errno == ENOENT else { throw FileError.last(path) }
        try AtomicFile.syncFolder(folder)
    }

    /// Moves `entry` to `dead/` with `reason` written into it. The dead copy is written
    /// first, so a crash in between leaves the entry pending, never lost.
    @discardableResult
    public func bury(_ entry: OutboxEntry, reason: String) throws(FileError) -> OutboxEntry {
        var dead = entry
        dead.deadReason = reason
        let folder = receiverFolder(entry.receiver, in: deadFolder)
        try AtomicFile.createFolder(folder)
        try AtomicFile.write(try Self.encode(dead), to: folder + "/" + entry.fileName, mode: 0o644)
        try remove(entry)
        return dead
    }

    /// What is on disk, changing nothing.
    public func scan() -> OutboxScan {
        var scan = OutboxScan()
        for receiverFolderName in Self.list(pendingFolder) {
            let folder = pendingFolder + "/" + receiverFolderName
            for name in Self.list(folder) {
                let path = folder + "/" + name
                if name.contains(".tmp-") {
                    scan.temporaryFiles.append(path)
                    continue
                }
                guard name.hasSuffix(".json") else { continue }
                do {
                    guard let bytes = try AtomicFile.read(path) else { continue }
                    let entry = try OutboxEntry.decoded(from: bytes)
                    scan.entries.append(entry)
                    let expected = receiverFolder(entry.receiver, in: pendingFolder) + "/" + entry.fileName
                    if expected != path { scan.misplaced.append((from: path, to: expected)) }
                } catch {
                    scan.corrupt.append((path: path, reason: String(describing: error)))
                }
            }
        }
        scan.entries.sort { ($0.receiver, $0.sequence) < ($1.receiver, $1.sequence) }
        scan.deadCount = Self.list(deadFolder).reduce(0) { count, folder in
            count + Self.list(deadFolder + "/" + folder).filter { !$0.contains(".tmp-") }.count
        }
        return scan
    }

    /// Loads every pending entry for the worker's start: temporary files left by a crash
    /// mid-write are deleted (their entry was never committed), corrupt files are moved to
    /// `dead/` as `<name>.corrupt`. Never throws: what cannot be moved is reported.
    public func load() -> OutboxScan {
        var scan = scan()
        for path in scan.temporaryFiles { unlink(path) }
        // Written by a version that named files differently: moved where `write` and
        // `remove` look, so a delivered entry is not sent again at every start.
        for move in scan.misplaced {
            do throws(FileError) {
                try AtomicFile.createFolder(AtomicFile.parentFolder(of: move.to))
                try AtomicFile.moveFile(move.from, to: move.to)
            } catch where error.path == move.from {
                // The rename itself failed: the entry stays where it is and is delivered
                // from there all the same.
            } catch {
                scan.corrupt.append((path: move.from, reason: "cannot move it to \(move.to): \(error)"))
            }
        }
        scan.corrupt = scan.corrupt.map { corrupt in
            let relative = corrupt.path.dropFirst(pendingFolder.count + 1)
            let target = deadFolder + "/" + relative + ".corrupt"
            var reason = corrupt.reason
            do throws(FileError) {
                try AtomicFile.createFolder(AtomicFile.parentFolder(of: target))
            } catch {
                return (path: corrupt.path, reason: reason + "; cannot move it: \(error)")
            }
            do throws(FileError) {
                try AtomicFile.moveFile(corrupt.path, to: target)
                reason += "; moved to \(target)"
            } catch {
                // The rename names the entry; a folder that would not sync names itself.
                reason += error.path == corrupt.path
                    ? "; cannot move it to \(target): \(error.reason)"
                    : "; moved to \(target), not yet durably: \(error)"
            }
            return (path: corrupt.path, reason: reason)
        }
        return scan
    }

    func receiverFolder(_ receiver: String, in base: String) -> String {
        base + "/" + OutboxEntry.safeComponent(receiver)
    }

    static func encode(_ entry: OutboxEntry) throws(FileError) -> [UInt8] {
        do {
            return try JSONValueEncoder.encode(entry).bytes(.indentedSpacedColon)
        } catch {
            throw FileError(path: entry.fileName, reason: "cannot encode the entry: \(error)")
        }
    }

    static func list(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    static func lastError() -> String { ErrorNumber.text(errno) }
}

/// What `Outbox.scan()` found.
public struct OutboxScan: Sendable {
    /// Every pending entry, by receiver, then in creation order.
    public var entries: [OutboxEntry] = []
    /// Files that would not decode, with the reason.
    public var corrupt: [(path: String, reason: String)] = []
    /// Entries whose file is not where this version would write it (an older naming).
    public var misplaced: [(from: String, to: String)] = []
    /// Temporary files of writes a crash interrupted.
    public var temporaryFiles: [String] = []
    /// Entries in `dead/`.
    public var deadCount = 0

    public init() {}
}
