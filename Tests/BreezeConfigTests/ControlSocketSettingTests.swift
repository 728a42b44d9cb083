import Foundation
import Testing

@testable import BreezeConfig

/// `ControlSocketSetting` finds the socket `breezectl` asks without building the cities; on
/// every configuration that loads it must name the socket the full load does.
struct ControlSocketSettingTests {
    static let city = "[City \"Paris\"]\nLatitude=48.8566\nLongitude=2.3522\n"
    static let runtime = ["RUNTIME_DIRECTORY": "/run/breeze-test"]

    /// The socket of the full load, as `breezectl` found it before: the default when it fails.
    static func loaded(_ sources: [ConfigurationSource], environment: [String: String]) -> (socket: String, loads: Bool) {
        do {
            let configuration = try ConfigurationLoader.load(sources: sources, context: LoadContext(environment: environment))
            return (configuration.configuration.breeze.controlSocket, true)
        } catch {
            return (ControlSocketPath.default(environment: environment), false)
        }
    }

    static func sources(_ texts: [String]) -> [ConfigurationSource] {
        texts.enumerated().map { index, text in
            ConfigurationSource(path: index == 0 ? "breezed.conf" : "breezed.conf.d/\(index).conf", text: text)
        }
    }

    static let agreeing: [(String, [String])] = [
        ("no ControlSocket=", ["[Breeze]\nPollInterval=1h\n" + city]),
        ("no [Breeze] at all", [city]),
        ("set in the main file", ["[Breeze]\nControlSocket=/run/a/control\n" + city]),
        ("a drop-in overrides it", ["[Breeze]\nControlSocket=/run/a\n" + city, "[Breeze]\nControlSocket=/run/b\n"]),
        ("a drop-in resets it", ["[Breeze]\nControlSocket=/run/a\n" + city, "[Breeze]\nControlSocket=\n"]),
        ("a later [Breeze] of the same file", ["[Breeze]\nControlSocket=/run/a\n" + city + "[Breeze]\nControlSocket=/run/c\n"]),
        ("quoted, wide and spaced", ["[Breeze]\nControlSocket=\"/run/東京 socket\"\n" + city]),
        ("spaces around the key and header", ["[ Breeze ]\n  ControlSocket  =  /run/spaced  \n" + city]),
        ("continued over two lines", ["[Breeze]\nControlSocket=/run/a\\\n  b\n" + city]),
        ("a comment inside the continuation", ["[Breeze]\nControlSocket=/run/a\\\n# not this\nb\n" + city]),
        ("commented out", ["[Breeze]\n# ControlSocket=/run/no\n;ControlSocket=/run/no\n" + city]),
        ("CRLF and a byte order mark", ["\u{FEFF}[Breeze]\r\nControlSocket=/run/crlf\r\n" + city]),
        ("a relative path is refused", ["[Breeze]\nControlSocket=run/relative\n" + city]),
        ("refused, then set by a drop-in", ["[Breeze]\nControlSocket=relative\n" + city, "[Breeze]\nControlSocket=/run/ok\n"]),
        ("the key's name in another key's value", ["[Breeze]\nStateDirectory=/var/ControlSocket\n" + city]),
        (
            "cities named 東京, 200 characters, Breeze and ControlSocket",
            [
                "[Breeze]\nControlSocket=/run/x\n" + city
                    + "[City \"東京\"]\nLatitude=35.68\nLongitude=139.69\n"
                    + "[City \"\(String(repeating: "長", count: 200))\"]\nLatitude=1\nLongitude=2\n"
                    + "[City \"Breeze ControlSocket\"]\nLatitude=3\nLongitude=4\n",
                "[City \"[Breeze]\"]\nLatitude=5\nLongitude=6\n",
            ]
        ),
        ("a [Breeze] header in a drop-in of cities", ["[Breeze]\nControlSocket=/run/a\n" + city, "[City \"B\"]\nLatitude=1\nLongitude=2\n[Breeze]\nControlSocket=/run/d\n"]),
    ]

    @Test(arguments: agreeing)
    func namesTheSocketTheFullLoadDoes(_ what: String, _ texts: [String]) {
        for environment in [[:], Self.runtime] {
            let sources = Self.sources(texts)
            let full = Self.loaded(sources, environment: environment)
            #expect(
                ControlSocketSetting.socket(sources: sources, environment: environment) == full.socket,
                "\(what)")
        }
    }

    @Test func theCasesLoadOrAreRefusedAsTheirNamesSay() {
        for (what, texts) in Self.agreeing {
            #expect(Self.loaded(Self.sources(texts), environment: [:]).loads == !what.contains("refused"), "\(what)")
        }
    }

    /// A mistake elsewhere (a broken city line) no longer sends `breezectl` to the default
    /// socket: the daemon listens where the configuration it loaded said. A bad value of the
    /// key itself still does, as the full load refuses the file.
    @Test func anErrorElsewhereLeavesTheConfiguredSocket() {
        let broken = Self.sources([
            "[Breeze]\nControlSocket=/run/a\n" + Self.city + "Latitude=north\nnot a line\n[City \"\u{1B}[31mbad\"]\n"
        ])
        #expect(!Self.loaded(broken, environment: [:]).loads)
        #expect(ControlSocketSetting.socket(sources: broken, environment: [:]) == "/run/a")
        let named = Self.sources(["[Breeze \"x\"]\nControlSocket=/run/named\n[Breeze]\nControlSocket=/run/plain\n[City \"C\"]\nControlSocket=/run/city\n"])
        #expect(ControlSocketSetting.socket(sources: named, environment: [:]) == "/run/plain")
        let invalidHeader = Self.sources(["[Breeze]\nControlSocket=/run/plain\n[Breeze\nControlSocket=/run/invalid\n"])
        #expect(ControlSocketSetting.socket(sources: invalidHeader, environment: [:]) == "/run/plain")
    }

    @Test func readsTheMainFileAndItsDropInsFromDisk() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let main = try directory.write("breezed.conf", "[Breeze]\nControlSocket=/run/main\n" + Self.city)
        try directory.write("breezed.conf.d/10-socket.conf", "[Breeze]\nControlSocket=/run/drop-in\n")
        try directory.write("breezed.conf.d/20-cities.conf", "[City \"東京\"]\nLatitude=35.68\nLongitude=139.69\n")
        #expect(ControlSocketSetting.socket(configurationPath: main, environment: [:]) == "/run/drop-in")
        #expect(
            ControlSocketSetting.socket(configurationPath: directory.path + "/missing.conf", environment: Self.runtime)
                == "/run/breeze-test/control")
    }
}
