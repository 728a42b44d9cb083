import BreezeConfig
import BreezeState
import BreezeSystem
import Dispatch
import Foundation
import Testing

@testable import BreezeDaemon

/// The daemon's services in the order the group starts them; stopped in reverse, in the
/// stages `DaemonPhase` gives (`Daemon.perform`): the loop's side, the listener's, the worker's.
struct DaemonServicesTests {
    func services(controlSocket: Bool) throws -> DaemonServices {
        let rig = DaemonRig()
        try rig.write(rig.configuration())
        let loaded = try ConfigurationLoader.load(path: rig.path, environment: [:])
        var environment = DaemonEnvironment(
            logger: rig.logger, notifier: ServiceNotifier { _ in true }, makeSource: { _ in rig.source },
            variables: [:], clock: { rig.clock.now() })
        environment.servesControlSocket = controlSocket
        let plan = DaemonPlan(configuration: loaded.configuration, environment: environment)
        return DaemonServices(
            plan: plan, state: DaemonState(), store: StateStore(stateDirectory: rig.state),
            control: DispatchQueue(label: "test.control"), environment: environment)
    }

    @Test func theWorkerStartsFirstAndTheControlSocketLast() throws {
        #expect(
            try services(controlSocket: true).group.services.map(\.name) == [
                "delivery worker", "heartbeat", "web listener", "extras", "sensors", "poll loop", "digest schedule",
                "control socket",
            ])
        #expect(try services(controlSocket: false).group.services.map(\.name).last == "digest schedule")
    }
}
