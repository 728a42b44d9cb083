import BreezeFiles
import BreezeJSON
import BreezeOutboxValues
import FoundationEssentials

#if canImport(Glibc)
import Glibc
import BreezeVocabulary
#endif

/// The given-up entries in `<StateDirectory>/dead/<receiver>/`: listed for `breezectl outbox`,
/// and put back in the outbox by `breezectl outbox retry`.
extension Outbox {
    /// Every given-up entry, by receiver, then in creation order; and the files there that do
    /// not decode (corrupt entries the worker moved aside keep their `.corrupt` name).
    public func scanDead() -> (entries: [OutboxEntry], unreadable: [String]) {
        var entries: [OutboxEntry] = []
        var unreadable: [String] = []
        for receiverFolderName in Self.list(deadFolder) {
            let folder = deadFolder + "/" + receiverFolderName
            for name in Self.list(folder) where !name.contains(".tmp-") {
                let path = folder + "/" + name
                guard name.hasSuffix(".json"), let bytes = try? AtomicFile.read(path),
                    let entry = try? JSONValueDecoder.decode(OutboxEntry.self, from: bytes)
                else {
                    unreadable.append(path)
                    continue
                }
                entries.append(entry)
            }
        }
        entries.sort { ($0.receiver, $0.sequence) < ($1.receiver, $1.sequence) }
        return (entries, unreadable)
    }

    /// Puts the given-up entries of the receivers `accepts` names back in the outbox, due at
    /// `now`, their attempts and `MaxAge` counted afresh and their reason dropped. The pending
    /// copy is written before the dead one is removed, so a crash in between may send an
    /// entry twice but never loses one. Returns the entries requeued and the files that failed.
    public func requeue(now: Instant, accepts: (String) -> Bool) -> (requeued: [OutboxEntry], failures: [FileError]) {
        var requeued: [OutboxEntry] = []
        var failures: [FileError] = []
        for dead in scanDead().entries where accepts(dead.receiver) {
            var entry = dead
            entry.deadReason = nil
            entry.attempts = 0
            entry.createdAt = now
            entry.nextAttemptAt = now
            entry.heldUntil = nil
            do throws(FileError) {
                try write(entry)
                let folder = receiverFolder(entry.receiver, in: deadFolder)
                let path = folder + "/" + entry.fileName
                guard unlink(path) == 0 || errno == ENOENT else { throw FileError.last(path) }
                try AtomicFile.syncFolder(folder)
                requeued.append(entry)
            } catch {
                failures.append(error)
            }
        }
        return (requeued, failures)
    }
}
