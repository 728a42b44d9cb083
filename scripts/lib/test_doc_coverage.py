"""scripts/lib/doc_coverage.py on a tiny tree written here: clean, it finds nothing; with one
thing taken from a page or from the code, it reports exactly that; with code it cannot read, it
says so instead of passing. And on this repository, every table is read.
python3 -m unittest scripts/lib/test_doc_coverage.py (scripts/lib/test-docs runs it)"""

import os
import pathlib
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from doc_coverage import check  # noqa: E402

TREE = {
    "Sources/BreezeCommandLine/ExitCode.swift": """
public enum ExitCode: Int32 {
    case success = 0
    case failure = 1
    case usage = 64
}
""",
    "Sources/BreezeCommandLine/ExitStatusTable.swift": """
public enum ExitStatusTable {
    public static let usage = ExitStatus(.usage, "bad arguments")
}
""",
    "Sources/BreezeCommandLine/Version.swift": """
public enum Version {
    public static let string = "9.9.9"
}
""",
    "Sources/BreezeCtl/Breezectl.swift": """
enum Breezectl {
    static let commands: [any BreezectlCommand.Type] = [NowCommand.self]
    static let exitStatuses = [
        ExitStatus(.success, "help or version shown"),
        ExitStatus(.usage, "no command, or an unknown one"),
    ]
    static func run(_ first: String) {
        if first == "--help" || first == "--version" { return }
    }
}
""",
    "Sources/BreezeCtl/NowCommand.swift": """
struct NowCommand: BreezectlCommand {
    static let name = "now"
    static let exitStatuses = [
        ExitStatus(.success, "shown"),
        ExitStatus(.failure, "a city failed"),
        ExitStatusTable.usage,
    ]

    func run(_ arguments: [String]) throws {
        let specification = ArgumentSpecification(flags: ["json"], options: ["config"])
        _ = specification
    }
}
""",
    "Sources/BreezeDaemonCommand/DaemonCommand.swift": """
enum DaemonCommand {
    static let exitStatuses = [ExitStatus(.success, "stopped")]
    static func parse(_ arguments: [String]) throws {
        let specification = ArgumentSpecification(flags: ["help", "once"], options: ["config"])
        _ = specification
    }
}
""",
    "Sources/BreezeConfig/Schema.swift": """
enum Schema {
    static let alertKeys = ["Threshold"]
    static let breeze = Section(kind: "Breeze", named: false, keys: ["PollInterval"])
    static let alert = Section(kind: "Alert", named: false, keys: alertKeys)
    static let city = Section(
        kind: "City", named: true, keys: ["Latitude", "Longitude"] + alertKeys, required: ["Latitude"])
    static let sections = [breeze, alert, city]
}
""",
    "Sources/BreezeModel/Pollutant.swift": """
public enum Pollutant: String, CaseIterable {
    case pm2_5
    case o3

    public var label: String {
        switch self {
        case .pm2_5: "PM2.5"
        case .o3: "O3"
        }
    }
}
""",
    "Sources/BreezeModel/PollenLevel.swift": """
public enum PollenType: String, CaseIterable {
    /// Birch (tree).
    case birch
}
""",
    "Sources/BreezeDaemon/DaemonEvent.swift": """
public enum DaemonEvent: String, CaseIterable {
    case reading
    case fetchFailed = "fetch-failed"

    public var messageID: String {
        switch self {
        case .reading: "00"
        case .fetchFailed: "01"
        }
    }
}
""",
    "Sources/BreezeDaemon/Records.swift": """
// "BREEZE_IN_A_COMMENT" is prose, not a field.
enum Records {
    private static let pollutantFieldNames = Pollutant.allCases.map { "BREEZE_" + $0.rawValue.uppercased() }
    static func reading(city: String) -> [(String, String)] {
        [("BREEZE_EVENT", DaemonEvent.reading.rawValue), ("BREEZE_CITY", city)]
    }
}
""",
    "Sources/BreezeWeb/MetricsPage.swift": """
public enum MetricsPage {
    public static let concentrationName = "breeze_concentration"
    static func render(into text: inout MetricsText) {
        text.family("breeze_aqi", .gauge, help: "The AQI.")
        let concentration = concentrationName
        text.family(concentration, .gauge, help: "Each concentration.")
    }
}
""",
    "Sources/BreezeWeb/CityAddress.swift": """
public enum CityAddress {
    public static let prefix = "/city/"
}
""",
    "Sources/BreezeWeb/WebRoutes.swift": """
public enum WebRoutes {
    public static func page(path: String) -> String {
        switch path {
        case "/metrics": return "metrics"
        case _ where path.hasPrefix(CityAddress.prefix): return "city"
        default: return "404"
        }
    }
}
""",
    "etc/completion/breezectl.bash": '    [now]="--json --config"\n_breezectl_flags=" --json --help --version "\n',
    "etc/completion/_breezectl": '    [now]="--json --config"\n',
    "etc/man/man1/breezectl.1": r""".TH BREEZECTL 1 2026-01-01 "Breeze 9.9.9" "User Commands"
.SH COMMANDS
.SS "now [\-\-json] [\-\-config \fIpath\fP]"
Show the air.
.TP
.B \-\-json
JSON.
.TP
.BI \-\-config " path"
The configuration.
.PP
Exit status:
.RS 4
.TP 4
.B 0
shown
.TP 4
.B 1
a city failed
.TP 4
.B 64
bad arguments
.RE
.SH OPTIONS
.TP
.BR \-\-help ", " \-h
Help.
.TP
.B \-\-version
Version.
.SH EXIT STATUS
.TP
.B 0
help or version shown
.TP
.B 1
a city failed
.TP
.B 64
no command, or an unknown one
""",
    "etc/man/man8/breezed.8": r""".TH BREEZED 8 2026-01-01 "Breeze 9.9.9" "System Administration"
.SH DESCRIPTION
Serves
.B /metrics
and
.BI /city/ name .
.SH OPTIONS
.TP
.BI \-\-config " path"
The configuration.
.TP
.B \-\-once
One cycle.
.TP
.BR \-\-help ", " \-h
Help.
.SH EXIT STATUS
.TP
.B 0
stopped
.SH JOURNAL
.TP
.B BREEZE_EVENT
What the record is about:
.RS
.TP
.B reading
a reading
.TP
.B fetch\-failed
a failed fetch
.RE
.TP
.B BREEZE_CITY
The city.
.TP
.B BREEZE_PM2_5
.TQ
.B BREEZE_O3
Concentrations.
.SH METRICS
.TP
.BR breeze_aqi { city }
The AQI.
.TP
.B breeze_concentration
Each concentration.
""",
    "etc/man/man5/breezed.conf.5": r""".TH BREEZED.CONF 5 2026-01-01 "Breeze 9.9.9" "File Formats"
.SH SECTIONS
.SS [Breeze]
.TP
.BI PollInterval= duration
How often.
.SS [Alert]
.TP
.BI Threshold= aqi
When to fire.
.SS "[City \(dq\fIname\fP\(dq]"
Takes the keys of [Alert] too.
.TP
.BI Latitude= degrees
North.
.TP
.BI Longitude= degrees
East.
""",
}


class FakeTree:
    """TREE written to a temporary folder, with changes: {path: (old, new)}."""

    def __init__(self, changes=None):
        self.folder = tempfile.TemporaryDirectory()
        root = pathlib.Path(self.folder.name)
        for path, text in TREE.items():
            for old, new in (changes or {}).get(path, []):
                if old not in text:
                    raise AssertionError(f"{path} has no {old!r} to change")
                text = text.replace(old, new, 1)
            (root / path).parent.mkdir(parents=True, exist_ok=True)
            (root / path).write_text(text, encoding="utf-8")
        self.root = root

    def problems(self):
        try:
            return check(self.root)[0]
        finally:
            self.folder.cleanup()


def problems(**changes):
    """The problems found in TREE changed by `changes` ({file's name: [(old, new)]})."""
    by_path = {path: changes.pop(path.rsplit("/", 1)[1].replace(".", "_"), []) for path in TREE}
    assert not changes, f"no file for {changes}"
    return FakeTree(by_path).problems()


class CleanTreeTests(unittest.TestCase):
    def test_the_tree_as_written_has_no_problem(self):
        self.assertEqual(problems(), [])

    def test_the_summary_counts_what_the_tree_has(self):
        tree = FakeTree()
        summary = check(tree.root)[1]
        tree.folder.cleanup()
        self.assertEqual(summary, "checked both ways 1 breezectl commands with 2 options, 3 breezed options, "
                                  "5 configuration keys in 3 sections, 2 metric families, 4 journal fields, "
                                  "2 events, 2 routes: 0 problems")


class MissingFromThePagesTests(unittest.TestCase):
    def test_a_key_missing_from_its_section(self):
        self.assertEqual(problems(breezed_conf_5=[(".TP\n.BI Latitude= degrees\nNorth.\n", "")]),
                         ["breezed.conf.5: [City] does not list Latitude="])

    def test_a_key_tagged_with_its_value_in_one_argument(self):
        self.assertEqual(problems(breezed_conf_5=[(".BI Latitude= degrees\n", '.B "Latitude=\\fIdegrees\\fP"\n')]), [])

    def test_an_option_missing_from_its_command(self):
        self.assertEqual(problems(breezectl_1=[(".TP\n.B \\-\\-json\nJSON.\n", "")]),
                         ["breezectl.1: 'now' does not list its option --json"])

    def test_an_option_only_in_prose_is_not_listed(self):
        self.assertEqual(problems(breezectl_1=[(".TP\n.B \\-\\-json\nJSON.\n", ".PP\n.B \\-\\-json\nJSON.\n")]),
                         ["breezectl.1: 'now' does not list its option --json"])

    def test_a_flag_the_completion_would_take_for_an_option_with_a_value(self):
        self.assertEqual(problems(breezectl_bash=[(' --json --help', ' --help')]),
                         ["etc/completion/breezectl.bash: the options without a value are ['--help', '--version'], "
                          "the code's are ['--help', '--json', '--version']"])

    def test_a_metric_family_missing(self):
        self.assertEqual(problems(breezed_8=[(".TP\n.B breeze_concentration\n", "")]),
                         ["breezed.8: METRICS does not list the family breeze_concentration"])

    def test_a_journal_field_built_from_an_enum_missing(self):
        self.assertEqual(problems(breezed_8=[(".TQ\n.B BREEZE_O3\n", "")]),
                         ["breezed.8: JOURNAL does not list the field BREEZE_O3"])

    def test_an_event_missing(self):
        self.assertEqual(problems(breezed_8=[(".TP\n.B fetch\\-failed\na failed fetch\n", "")]),
                         ["breezed.8: JOURNAL does not list the event BREEZE_EVENT=fetch-failed"])

    def test_an_event_may_be_tagged_as_its_field_and_value(self):
        self.assertEqual(problems(breezed_8=[(".B fetch\\-failed\n", ".B BREEZE_EVENT=fetch\\-failed\n")]), [])

    def test_an_event_outside_the_list_after_breeze_event_is_not_listed(self):
        self.assertEqual(problems(breezed_8=[(".TP\n.B fetch\\-failed\na failed fetch\n.RE\n",
                                              ".RE\n.TP\n.B fetch\\-failed\na failed fetch\n")]),
                         ["breezed.8: JOURNAL does not list the event BREEZE_EVENT=fetch-failed"])

    def test_another_fields_values_are_not_events(self):
        self.assertEqual(problems(breezed_8=[("The city.\n", "The city:\n.RS\n.TP\n.B paris\nan example\n.RE\n")]), [])

    def test_a_route_not_named(self):
        self.assertEqual(problems(breezed_8=[(".B /metrics\n", ".B metrics\n")]),
                         ["breezed.8: the web listener's route /metrics is not named"])

    def test_a_daemon_option_missing(self):
        self.assertEqual(problems(breezed_8=[(".TP\n.B \\-\\-once\nOne cycle.\n", "")]),
                         ["breezed.8: OPTIONS does not list --once"])


class GoneFromTheCodeTests(unittest.TestCase):
    def test_a_documented_option_the_command_does_not_accept(self):
        self.assertEqual(problems(NowCommand_swift=[('flags: ["json"]', 'flags: []')],
                                  breezectl_bash=[("--json ", "")],
                                  _breezectl=[("--json ", "")]),
                         ["breezectl.1: documented but gone from the code: 'now' does not accept --json"])

    def test_a_documented_key_the_section_does_not_take(self):
        self.assertEqual(problems(breezed_conf_5=[("How often.\n", "How often.\n.TP\n.BI Jitter= duration\nRandom.\n")]),
                         ["breezed.conf.5: documented but gone from the code: [Breeze] Jitter="])

    def test_a_documented_section_the_code_does_not_have(self):
        self.assertEqual(problems(breezed_conf_5=[(".SS [Alert]", ".SS [Old]\nGone.\n.SS [Alert]")]),
                         ["breezed.conf.5: documented but gone from the code: the section [Old] (SECTIONS)"])

    def test_a_documented_command_the_code_does_not_have(self):
        self.assertEqual(problems(breezectl_1=[(".SH OPTIONS", ".SS \"later [\\-\\-json]\"\nGone.\n.SH OPTIONS")]),
                         ["breezectl.1: documented but gone from the code: the command 'later' (.SS later [--json])"])

    def test_a_documented_daemon_option_gone(self):
        self.assertEqual(problems(DaemonCommand_swift=[('"help", "once"', '"help"')]),
                         ["breezed.8: documented but gone from the code: the option --once (OPTIONS)"])

    def test_a_documented_metric_family_gone(self):
        self.assertEqual(problems(MetricsPage_swift=[('text.family("breeze_aqi", .gauge, help: "The AQI.")\n', "")]),
                         ["breezed.8: documented but gone from the code: the metric family breeze_aqi (METRICS)"])

    def test_a_documented_journal_field_gone(self):
        self.assertEqual(problems(Records_swift=[(', ("BREEZE_CITY", city)', "")]),
                         ["breezed.8: documented but gone from the code: the journal field BREEZE_CITY (JOURNAL)"])

    def test_a_documented_event_gone(self):
        self.assertEqual(problems(DaemonEvent_swift=[('    case fetchFailed = "fetch-failed"\n', ""),
                                                     ('        case .fetchFailed: "01"\n', "")]),
                         ["breezed.8: documented but gone from the code: the event fetch-failed (JOURNAL)"])

    def test_a_documented_exit_status_never_returned(self):
        self.assertEqual(problems(NowCommand_swift=[('        ExitStatus(.failure, "a city failed"),\n', "")]),
                         ["breezectl.1: 'now': exit status 1 is listed but the code never exits with it",
                          "breezectl.1: EXIT STATUS: exit status 1 is listed but the code never exits with it"])


class UnreadableCodeTests(unittest.TestCase):
    def test_no_metric_family_is_a_problem_not_a_pass(self):
        found = problems(MetricsPage_swift=[("text.family(", "text.start("), ("text.family(", "text.start(")])
        self.assertIn("cannot read the metric families: no .family(\"breeze_…\", …) in Sources", found)

    def test_a_family_named_by_an_expression_it_cannot_follow(self):
        found = problems(MetricsPage_swift=[("text.family(concentration,", "text.family(prefix + name,")])
        self.assertIn("cannot read the metric family 'prefix + name' of Sources/BreezeWeb/MetricsPage.swift", found)

    def test_a_field_built_another_way(self):
        found = problems(Records_swift=[('[("BREEZE_EVENT"', '[("BREEZE_UV_" + level.name, "1"), ("BREEZE_EVENT"')])
        self.assertIn('cannot read the journal field built from "BREEZE_UV_" in Sources/BreezeDaemon/Records.swift', found)

    def test_no_events(self):
        found = problems(DaemonEvent_swift=[("enum DaemonEvent", "enum JournalEvent")])
        self.assertIn("cannot read the events: no case of DaemonEvent in Sources/BreezeDaemon/DaemonEvent.swift", found)

    def test_a_schema_section_it_cannot_find(self):
        found = problems(Schema_swift=[("[breeze, alert, city]", "[breeze, alert, city, web]")])
        self.assertIn("cannot read Schema.swift: the section 'web' that Schema.sections lists", found)

    def test_a_route_prefix_it_cannot_find(self):
        found = problems(CityAddress_swift=[("static let prefix", "static let start")])
        self.assertIn("cannot read the route CityAddress.prefix of WebRoutes.swift", found)


class ThisRepositoryTests(unittest.TestCase):
    def test_every_table_of_the_code_is_read(self):
        root = pathlib.Path(__file__).resolve().parents[2]
        found, summary = check(root)
        self.assertEqual([p for p in found if p.startswith("cannot read")], [])
        counts = [int(n) for n in summary.split(":")[0].split() if n.isdigit()]
        self.assertTrue(all(counts), summary)


if __name__ == "__main__":
    unittest.main()
