import BreezeTestSupport
import Foundation

extension Binaries {
    /// `executable ARGUMENTS` as nobody:nogroup without supplementary groups (setpriv; needs
    /// root), as an ordinary user runs it.
    static func runAsNobody(_ executable: URL, _ arguments: [String]) throws -> ProcessResult {
        try Processes.run(
            URL(fileURLWithPath: "/usr/bin/setpriv"),
            ["--reuid=nobody", "--regid=nogroup", "--clear-groups", executable.path] + arguments)
    }
}
