import BreezeVocabulary
import Dispatch
import Synchronization

/// The status line of one command's long work (`backtest` over 1,000 cities, a look-up on a
/// slow API): what is done of the total, the requests made and the time elapsed, redrawn in
/// place on standard error as the work tells it what happened (`requestSent`, `done`), at most
/// five times a second, and while nothing happens as often as its terminal's `refresh`.
/// `finish` erases it before the command writes its result.
///
/// Without a terminal (standard error is not one, `TERM=dumb`, `--quiet`) every call does
/// nothing: the work is the same, only unseen.
public final class ProgressReporter: Sendable {
    /// The shortest time between two drawings: five a second at most.
    static let minimumInterval = 0.2

    /// Shows nothing.
    public static let silent = ProgressReporter(.cities("", total: 0), terminal: nil, clock: ClockReading.system)

    private struct State {
        var counts = ProgressText.Counts()
        /// When the line was last drawn (the clock's monotonic seconds).
        var drawn: Double?
        var finished = false
        /// The redrawing of a terminal with a `refresh`, from `start` until `finish`.
        var ticker: (any DispatchSourceTimer)?
    }

    private let task: ProgressTask
    private let terminal: ProgressTerminal?
    private let clock: @Sendable () -> ClockReading
    private let started: Double
    private let state = Mutex(State())

    private init(_ task: ProgressTask, terminal: ProgressTerminal?, clock: @escaping @Sendable () -> ClockReading) {
        self.task = task
        self.terminal = terminal
        self.clock = clock
        started = clock().monotonic
    }

    /// Starts the line of `task` on `terminal` (nothing when nil): drawn at once, elapsed time
    /// read from `clock`.
    public static func start(
        _ task: ProgressTask, on terminal: ProgressTerminal?, clock: @escaping @Sendable () -> ClockReading
    ) -> ProgressReporter {
        let reporter = ProgressReporter(task, terminal: terminal, clock: clock)
        guard let terminal else { return reporter }
        reporter.update { _ in }
        if let refresh = terminal.refresh {
            reporter.state.withLock { state in
                let ticker = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "breeze.progress"))
                ticker.schedule(deadline: .now() + refresh.dispatchInterval, repeating: refresh.dispatchInterval)
                ticker.setEventHandler { [weak reporter] in reporter?.tick() }
                ticker.resume()
                state.ticker = ticker
            }
        }
        return reporter
    }

    /// A request is on its way (a retry too).
    public func requestSent() { update { $0.requests += 1 } }

    /// One more item of the task is done (a city's answer read); `name` is shown as the latest.
    public func done(_ name: String) {
        update { counts in
            counts.done += 1
            counts.latest = name
        }
    }

    /// Redraws the line if it is due: what the terminal's `refresh` calls, so the elapsed time
    /// moves while a request is in flight (tests call it after moving their clock).
    public func tick() { update { _ in } }

    /// Erases the line for good: later calls draw nothing. Called before the command writes
    /// its result (or its error).
    public func finish() {
        guard let terminal else { return }
        state.withLock { state in
            state.finished = true
            state.ticker?.cancel()
            state.ticker = nil
            terminal.clear()
        }
    }

    deinit {
        state.withLock { $0.ticker?.cancel() }
    }

    private func update(_ change: (inout ProgressText.Counts) -> Void) {
        guard let terminal else { return }
        state.withLock { state in
            guard !state.finished else { return }
            change(&state.counts)
            let now = clock().monotonic
            // A clock that went back draws at once rather than never.
            if let drawn = state.drawn, now >= drawn, now - drawn < Self.minimumInterval { return }
            state.drawn = now
            terminal.draw(ProgressText.line(task, state.counts, elapsed: now - started, columns: terminal.columns))
        }
    }
}

extension Duration {
    fileprivate var dispatchInterval: DispatchTimeInterval {
        let (seconds, attoseconds) = components
        return .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
    }
}
