// swift-tools-version:6.0
import PackageDescription

// The flow, by target name: the configuration (BreezeConfig) → the schedule and the poll cycle
// (BreezeDaemon) → the fetch (BreezeOpenMeteo over BreezeHTTP, bodies read by BreezeJSON) →
// the rating (BreezeModel) → the alert state (BreezeAlerts) → the state store (BreezeState) →
// the outbox and delivery (BreezeDelivery, its entries and summaries in BreezeOutboxValues) →
// the journal (BreezeSystem). Beside it: breezectl (BreezeCtl), the socket between the two
// (BreezeControlSocket), what every module shares (BreezeVocabulary, BreezeFiles,
// BreezeCommandLine). The page (BreezeWeb) and the socket read the outbox's values, never its
// transports: neither links libcurl or libcrypto.
// The executables are thin: breezed runs BreezeDaemonCommand's command, breezectl BreezeCtl's,
// and breeze-multicall, what the package installs, either by the name it is run as.

let package = Package(
    name: "breeze",
    products: [
        .executable(name: "breezed", targets: ["breezed"]),
        .executable(name: "breezectl", targets: ["breezectl"]),
        // What the package installs: breezed and breezectl in one binary, chosen by the name it
        // is run as (/usr/bin/breezectl links to /usr/sbin/breezed), so the Swift runtime and
        // the modules the two share are there once.
        .executable(name: "breeze-multicall", targets: ["breeze-multicall"]),
    ],
    targets: [
        // C libraries from Debian, reached through pkg-config.
        .systemLibrary(
            name: "CCurl", pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]),
        .systemLibrary(
            name: "CSystemd", pkgConfig: "libsystemd",
            providers: [.apt(["libsystemd-dev"])]),
        .systemLibrary(
            name: "CCrypto", pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"])]),
        .systemLibrary(
            name: "CMicroHTTPD", pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"])]),

        // Durable whole-file writes (temporary file, fsync, rename or link, fsync of the folder).
        .target(name: "BreezeFiles", dependencies: ["BreezeVocabulary"]),
        // The shared vocabulary: instants, the calendar (`CivilCalendar`), observation times, time and duration
        // text, slugs, the clock, sleep, backoff, wake-up timers, errno text, what an HTTP route answers (`WebResponse`),
        // which scalars are shown as escapes (`VisibleText`).
        .target(name: "BreezeVocabulary"),
        // Pure values: bands, pollutants, AQI maths, cities. No I/O.
        .target(name: "BreezeModel", dependencies: ["BreezeVocabulary"]),
        // Parse → validate → immutable configuration, errors with file:line.
        // Reads only: writing a drop-in is `breezectl add`'s (BreezeCtl).
        .target(name: "BreezeConfig", dependencies: ["BreezeModel", "BreezeVocabulary"]),
        // JSON read and written: a forward-only scanner and the one writer (state, outbox, payloads, --json).
        .target(name: "BreezeJSON"),
        // One small HTTP transport over libcurl.
        .target(name: "BreezeHTTP", dependencies: ["CCurl", "BreezeVocabulary"]),
        // Open-Meteo requests, batching, decoding, error mapping; the sources of readings
        // (`AirQualitySource`, `ExtrasSource`) and their Open-Meteo implementations.
        .target(name: "BreezeOpenMeteo", dependencies: ["BreezeModel", "BreezeConfig", "BreezeAlerts", "BreezeHTTP", "BreezeJSON", "BreezeVocabulary"]),
        // The user's own sensors and AirNow's monitors ([Sensor]): each kind's body read and
        // checked, EPA's corrections, the hourly means and their NowCast. No daemon state.
        .target(name: "BreezeSensors", dependencies: ["BreezeModel", "BreezeConfig", "BreezeHTTP", "BreezeJSON", "BreezeFiles", "BreezeVocabulary"]),
        // Alert rules (from [Alert]), the per-city alert and forecast state machines and event
        // identity. Pure, no I/O.
        .target(name: "BreezeAlerts", dependencies: ["BreezeModel", "BreezeVocabulary", "BreezeConfig"]),
        // breezectl backtest's engine: hourly history replayed through the real alert state machine. Pure.
        .target(name: "BreezeBacktest", dependencies: ["BreezeModel", "BreezeAlerts", "BreezeVocabulary"]),
        // The daemon's persisted state (state.json): its document, codec and durable store.
        .target(name: "BreezeState", dependencies: ["BreezeModel", "BreezeAlerts", "BreezeJSON", "BreezeFiles", "BreezeVocabulary"]),
        // What the outbox holds and reports, as others read it: an entry, the summary, a
        // delivery's result. Values only, no transport.
        .target(name: "BreezeOutboxValues", dependencies: ["BreezeAlerts", "BreezeModel", "BreezeVocabulary"]),
        // Alert delivery: the durable outbox, its queues and worker at the top, one folder per
        // integration (Webhook, Slack, Discord, Ntfy, Alertmanager, Email), Shared for the words
        // and payloads several of them use.
        .target(
            name: "BreezeDelivery",
            dependencies: ["BreezeModel", "BreezeConfig", "BreezeAlerts", "BreezeFiles", "BreezeHTTP", "CCrypto", "BreezeVocabulary", "BreezeJSON", "BreezeOutboxValues"]),
        // The daemon's ties to the system: journald records, sd_notify, signals.
        .target(name: "BreezeSystem", dependencies: ["CSystemd", "BreezeVocabulary"]),
        // The control socket: breezed answers breezectl (status, outbox, poll, reload, retry).
        .target(name: "BreezeControlSocket", dependencies: ["BreezeAlerts", "BreezeModel", "BreezeOutboxValues", "BreezeJSON", "BreezeState", "BreezeVocabulary"]),
        // The daemon: its lifecycle (DaemonPhase, PollLoopPhase), the schedule, the poll cycle,
        // the hand-off to the outbox, reload and the ordered stop.
        .target(
            name: "BreezeDaemon",
            dependencies: ["BreezeModel", "BreezeConfig", "BreezeAlerts", "BreezeSystem", "BreezeHTTP", "BreezeOpenMeteo", "BreezeDelivery", "BreezeOutboxValues", "BreezeFiles", "BreezeControlSocket", "BreezeState", "BreezeVocabulary", "BreezeWeb", "BreezeWebListener", "BreezeJSON", "BreezeSensors"]),
        // Argument parsing, exit codes and terminal output shared by both executables.
        .target(name: "BreezeCommandLine", dependencies: ["BreezeVocabulary"]),
        // What breezed serves over HTTP: the dashboard, /metrics and /api/v1, rendered from a
        // `WebSnapshot` the daemon publishes; and, in the same style, the page of
        // `breezectl backtest --report` (BreezeBacktest's replays). Pure: no sockets (the listener is elsewhere).
        .target(
            name: "BreezeWeb",
            dependencies: ["BreezeModel", "BreezeAlerts", "BreezeState", "BreezeOutboxValues", "BreezeJSON", "BreezeVocabulary", "BreezeBacktest"],
            // The README's picture of the page, kept beside the code that draws it.
            exclude: ["status-page.png"]),
        // An HTTP listener over libmicrohttpd: GET and HEAD on several addresses or on sockets
        // systemd hands over, bounded in connections, memory and time. Knows no pages: it sends the
        // `WebResponse` (BreezeVocabulary) its handler returns.
        .target(name: "BreezeWebListener", dependencies: ["CMicroHTTPD", "BreezeVocabulary"]),
        // The breezectl commands, as a library so they can be unit-tested.
        .target(
            name: "BreezeCtl",
            dependencies: ["BreezeModel", "BreezeConfig", "BreezeHTTP", "BreezeOpenMeteo", "BreezeCommandLine", "BreezeAlerts", "BreezeDelivery", "BreezeOutboxValues", "BreezeControlSocket", "BreezeState", "BreezeVocabulary", "BreezeFiles", "BreezeBacktest", "BreezeWeb", "BreezeJSON"]),

        // breezed's command line (check, once, run) and its wiring: the real sources, transports,
        // receivers and journal a `DaemonEnvironment` is built from. A library so that the
        // `breezed` executable and `breeze-multicall` run the same command.
        .target(
            name: "BreezeDaemonCommand",
            dependencies: [
                "BreezeModel", "BreezeConfig", "BreezeDaemon", "BreezeSystem", "BreezeCommandLine",
                "BreezeDelivery", "BreezeHTTP", "BreezeOpenMeteo", "BreezeSensors",
            ]),

        // Thin executables: each calls its command's `main`; breeze-multicall picks one by argv[0].
        .executableTarget(name: "breezed", dependencies: ["BreezeDaemonCommand"]),
        .executableTarget(name: "breezectl", dependencies: ["BreezeCtl"]),
        .executableTarget(name: "breeze-multicall", dependencies: ["BreezeDaemonCommand", "BreezeCtl", "BreezeCommandLine"]),

        // What the test targets share: Python fixture servers, process running, and the
        // recording stand-ins for the network (`RecordingTransport`) and the journal (`MemoryLogger`).
        .target(name: "BreezeTestSupport", dependencies: ["BreezeHTTP", "BreezeSystem", "BreezeVocabulary"], path: "Tests/Support"),

        .testTarget(name: "BreezeVocabularyTests", dependencies: ["BreezeVocabulary", "BreezeTestSupport"]),
        // The pages, /metrics and /api/v1 rendered from snapshots, without a listener.
        .testTarget(
            name: "BreezeWebTests",
            dependencies: ["BreezeWeb", "BreezeModel", "BreezeAlerts", "BreezeState", "BreezeDelivery", "BreezeOutboxValues", "BreezeVocabulary", "BreezeJSON", "BreezeTestSupport", "BreezeBacktest"]),
        // The listener on loopback against real clients: methods, paths, oversized and slow
        // requests, a thousand connections at once.
        .testTarget(name: "BreezeWebListenerTests", dependencies: ["BreezeWebListener", "BreezeHTTP", "BreezeTestSupport", "BreezeVocabulary"]),
        // AtomicFile on a real file system.
        .testTarget(name: "BreezeFilesTests", dependencies: ["BreezeFiles", "BreezeVocabulary"]),
        // CurlTransport against a real HTTP server on loopback.
        .testTarget(name: "BreezeHTTPTests", dependencies: ["BreezeHTTP", "BreezeTestSupport", "BreezeVocabulary"]),
        .testTarget(name: "BreezeModelTests", dependencies: ["BreezeModel"]),
        .testTarget(name: "BreezeJSONTests", dependencies: ["BreezeJSON"]),
        .testTarget(name: "BreezeConfigTests", dependencies: ["BreezeConfig", "BreezeModel", "BreezeVocabulary"]),
        .testTarget(
            name: "BreezeOpenMeteoTests",
            dependencies: ["BreezeOpenMeteo", "BreezeHTTP", "BreezeTestSupport", "BreezeModel", "BreezeConfig", "BreezeAlerts", "BreezeVocabulary"]),
        .testTarget(
            name: "BreezeSensorsTests",
            dependencies: ["BreezeSensors", "BreezeConfig", "BreezeHTTP", "BreezeJSON", "BreezeFiles", "BreezeModel", "BreezeVocabulary", "BreezeTestSupport"]),
        .testTarget(name: "BreezeAlertsTests", dependencies: ["BreezeAlerts", "BreezeVocabulary", "BreezeModel"]),
        .testTarget(name: "BreezeBacktestTests", dependencies: ["BreezeBacktest", "BreezeAlerts", "BreezeConfig", "BreezeModel", "BreezeVocabulary"]),
        .testTarget(name: "BreezeStateTests", dependencies: ["BreezeState", "BreezeAlerts", "BreezeFiles", "BreezeModel", "BreezeVocabulary"]),
        .testTarget(
            name: "BreezeDaemonTests",
            dependencies: ["BreezeDaemon", "BreezeAlerts", "BreezeModel", "BreezeSystem", "BreezeDelivery", "BreezeOutboxValues", "BreezeConfig", "BreezeState", "BreezeVocabulary", "BreezeWeb", "BreezeHTTP", "BreezeTestSupport", "BreezeOpenMeteo", "BreezeSensors"]),
        .testTarget(
            name: "BreezeDeliveryTests",
            dependencies: ["BreezeDelivery", "BreezeOutboxValues", "BreezeAlerts", "BreezeModel", "BreezeConfig", "BreezeHTTP", "BreezeTestSupport", "BreezeVocabulary", "BreezeJSON"]),
        .testTarget(name: "BreezeSystemTests", dependencies: ["BreezeSystem", "BreezeTestSupport", "BreezeVocabulary"]),
        .testTarget(name: "BreezeCommandLineTests", dependencies: ["BreezeCommandLine", "BreezeVocabulary", "BreezeTestSupport"]),
        // The breezectl commands' pure parts and the drop-in writer, without the binaries.
        .testTarget(
            name: "BreezeCtlTests",
            dependencies: ["BreezeCtl", "BreezeControlSocket", "BreezeTestSupport", "BreezeModel", "BreezeCommandLine", "BreezeConfig", "BreezeOpenMeteo", "BreezeVocabulary", "BreezeBacktest", "BreezeHTTP", "BreezeAlerts", "BreezeState", "BreezeDelivery", "BreezeOutboxValues"]),
        .testTarget(
            name: "BreezeControlSocketTests",
            dependencies: ["BreezeControlSocket", "BreezeAlerts", "BreezeModel", "BreezeState", "BreezeVocabulary", "BreezeTestSupport"]),
        // Runs the real breezed and breezectl binaries against servers on loopback.
        .testTarget(name: "IntegrationTests", dependencies: ["BreezeTestSupport", "BreezeVocabulary"]),
    ]
)
