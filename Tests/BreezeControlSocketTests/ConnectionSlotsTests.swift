import Testing

@testable import BreezeControlSocket

#if canImport(Glibc)
import Glibc
#endif

/// How the control socket's connections are shared out, decision by decision.
struct ConnectionSlotsTests {
    @Test func theDefaultsKeepFourOfSixteenForRootAndGiveEachOtherUserFour() {
        var slots = ConnectionSlots(limits: ControlServer.Limits())
        #expect(slots.sharedConnections == 12)
        for _ in 0..<4 { #expect(slots.take(user: 1000, privileged: false) == nil) }
        #expect(slots.take(user: 1000, privileged: false) == "uid 1000 holds 4 connections, as many as one user may")
        for user: uid_t in [1001, 1002] {
            for _ in 0..<4 { #expect(slots.take(user: user, privileged: false) == nil) }
        }
        #expect(
            slots.take(user: 1003, privileged: false)
                == "12 connections in use by ordinary users, as many as they may share (4 are kept for root and breezed's own user)")
        #expect(slots.take(user: nil, privileged: false) != nil)
        for _ in 0..<4 { #expect(slots.take(user: 0, privileged: true) == nil) }
        #expect(slots.take(user: 0, privileged: true) == "16 connections in use, as many as breezed serves at once")
        #expect(slots.total == 16 && slots.unprivileged == 12)
        // A connection given back is free again, for that user alone when it is one of theirs.
        slots.release(user: 1001, privileged: false)
        #expect(slots.take(user: 0, privileged: true) == nil)
        slots.release(user: 0, privileged: true)
        #expect(slots.take(user: 1000, privileged: false) != nil)
        #expect(slots.take(user: 1001, privileged: false) == nil)
    }

    @Test func anUnknownPeerIsOneMoreOrdinaryUser() {
        var slots = ConnectionSlots(limits: .init(connections: 4, reservedForPrivileged: 1, connectionsPerUser: 2))
        #expect(slots.take(user: nil, privileged: false) == nil)
        #expect(slots.take(user: nil, privileged: false) == nil)
        #expect(slots.take(user: nil, privileged: false) == "a user of unknown uid holds 2 connections, as many as one user may")
        #expect(slots.take(user: 7, privileged: false) == nil)
        #expect(slots.take(user: 8, privileged: false) != nil, "the fourth is kept")
        #expect(slots.take(user: 0, privileged: true) == nil)
    }

    @Test func moreKeptThanThereAreLeavesOrdinaryUsersNoneWithoutTrapping() {
        var slots = ConnectionSlots(limits: .init(connections: 2, reservedForPrivileged: 5))
        #expect(slots.sharedConnections == 0)
        #expect(slots.take(user: 1000, privileged: false) != nil)
        #expect(slots.take(user: 0, privileged: true) == nil)
        var negative = ConnectionSlots(limits: .init(connections: 3, reservedForPrivileged: -4, connectionsPerUser: 9))
        #expect(negative.sharedConnections == 3)
        for _ in 0..<3 { #expect(negative.take(user: 1000, privileged: false) == nil) }
        #expect(negative.take(user: 1000, privileged: false) == "3 connections in use, as many as breezed serves at once")
    }
}
