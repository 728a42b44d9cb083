/// Process exit statuses, from sysexits.h where one fits.
public enum ExitCode: Int32, Sendable {
    case success = 0
    /// A command found nothing (no geocoding match, say).
    case failure = 1
    /// `breezectl status`: the daemon's last cycle is too old.
    case daemonStale = 3
    /// EX_USAGE: bad command-line arguments.
    case usage = 64
    /// EX_DATAERR: input data was malformed.
    case dataError = 65
    /// EX_UNAVAILABLE: a service the command needs could not be reached.
    case unavailable = 69
    /// EX_SOFTWARE: an internal error.
    case software = 70
    /// EX_CANTCREAT: an output file could not be written.
    case cannotCreate = 73
    /// EX_NOPERM: the daemon refused a request only root may make.
    case noPermission = 77
    /// EX_TEMPFAIL: partly done; trying again later may help.
    case temporaryFailure = 75
    /// EX_CONFIG: the configuration is invalid.
    case configuration = 78
}
