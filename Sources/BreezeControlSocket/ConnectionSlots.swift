import BreezeModel

#if canImport(Glibc)
import Glibc
#endif

/// Who may take one of the control socket's connections, so that no ordinary user can lock
/// root out of `poll`, `reload` and `retry`: of `ControlServer.Limits.connections`,
/// `reservedForPrivileged` are kept for root and breezed's own user (the users who may ask
/// everything); the others share the rest, at most `connectionsPerUser` each (by uid, from
/// `SO_PEERCRED`; a peer whose uid is unknown counts as one more unprivileged user). With the
/// defaults: 16 connections, 4 kept, the 12 others at most 4 per user; a user filling every
/// connection it may take leaves the 4 kept ones free for root.
///
/// Touched on the server's queue alone.
struct ConnectionSlots {
    let limits: ControlServer.Limits
    /// Connections open now, of every user.
    private(set) var total = 0
    /// Of them, those of users who are not privileged.
    private(set) var unprivileged = 0
    /// Open connections by unprivileged user.
    private var byUser: [uid_t?: Int] = [:]

    init(limits: ControlServer.Limits) {
        self.limits = limits
    }

    /// The connections every user may share: all but the kept ones.
    var sharedConnections: Int { max(0, limits.connections - max(0, limits.reservedForPrivileged)) }

    /// Takes a connection for `user` and returns nil, or returns why there is none (the text
    /// after "busy: ") and takes nothing.
    mutating func take(user: uid_t?, privileged: Bool) -> String? {
        guard total < limits.connections else {
            return "\(Counted.text(total, "connection")) in use, as many as breezed serves at once"
        }
        if !privileged {
            let held = byUser[user, default: 0]
            guard held < limits.connectionsPerUser else {
                return "\(user.map { "uid \($0)" } ?? "a user of unknown uid") holds \(Counted.text(held, "connection")), "
                    + "as many as one user may"
            }
            guard unprivileged < sharedConnections else {
                return "\(Counted.text(unprivileged, "connection")) in use by ordinary users, as many as they may share "
                    + "(\(limits.connections - sharedConnections) are kept for root and breezed's own user)"
            }
            byUser[user] = held + 1
            unprivileged += 1
        }
        total += 1
        return nil
    }

    /// Gives back a connection `take` gave `user`.
    mutating func release(user: uid_t?, privileged: Bool) {
        total -= 1
        guard !privileged else { return }
        unprivileged -= 1
        let held = byUser[user, default: 1] - 1
        byUser[user] = held > 0 ? held : nil
    }
}
