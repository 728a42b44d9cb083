#!/usr/bin/env python3
"""Checks, both ways, that the man pages and the completions agree with the code.

What the code has is read from its own tables (scripts/lib/doc_code.py):
  - configuration keys: Schema.sections of Sources/BreezeConfig/Schema.swift;
  - breezectl's commands and options: each BreezectlCommand of Sources/BreezeCtl and its
    ArgumentSpecification; the top-level options are the "--…" literals of Breezectl.swift;
  - breezed's options: the ArgumentSpecification of Sources/BreezeDaemonCommand;
  - exit statuses: each command's `exitStatuses` table (what its --help prints);
  - metrics: every family `….family("breeze_…", …)` writes in Sources;
  - journal fields: every "BREEZE_…" literal of the daemon's Swift modules (and the names
    built from an enum's cases), and BREEZE_EVENT's values, the raw values of DaemonEvent;
  - web routes: the paths WebRoutes.page serves.
What a page documents is what its `.TP`/`.TQ` tags name (scripts/lib/doc_roff.py):
  - breezectl.1: a `.SS` per command (its first word a command), its options as tags; the
    top-level options in OPTIONS; each command's "Exit status:" list is its exitStatuses
    table, with the same codes and each meaning's words; EXIT STATUS has every code;
  - breezed.8: OPTIONS, EXIT STATUS; METRICS tags each family (`.B breeze_aqi`); JOURNAL
    tags each field (`.B BREEZE_CITY`) and each event (`.B firing`, or `.B BREEZE_EVENT=firing`);
    every route is named somewhere in the page;
  - breezed.conf.5: a `.SS [Kind …]` per section, each key tagged as `Key=` (a city's [Alert]
    keys under [Alert]);
  - the completions offer exactly each command's options; each page's .TH names the version.
Each missing name is a problem, and so is each name a page documents that the code no longer
has ("documented but gone from the code: …"). Prints one line per problem, then one summary
line with the counts checked; exits 1 if there is any problem.

usage: doc_coverage.py REPOSITORY_ROOT
"""
import pathlib
import re
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

from doc_code import CodeTables, balanced, declarations  # noqa: E402
from doc_roff import (bolded, listed_statuses, normalized, section, section_subsections,  # noqa: E402
                      subsections, tags, unroff)

CTL, DAEMON, CONF = "etc/man/man1/breezectl.1", "etc/man/man8/breezed.8", "etc/man/man5/breezed.conf.5"


def check(root):
    """(problems, summary line) for the tree at `root`."""
    root = pathlib.Path(root)
    problems = []
    code = CodeTables(root, problems)
    pages = {path: (root / path).read_text(encoding="utf-8") for path in (CTL, DAEMON, CONF)}
    check_breezectl(code, pages[CTL], problems)
    check_completions(root, code, problems)
    check_breezed(code, pages[DAEMON], problems)
    check_configuration(code, pages[CONF], problems)
    check_exit_statuses(root, code, pages[CTL], pages[DAEMON], problems)
    for path, page in pages.items():
        if not re.search(r'^\.TH .*"Breeze ' + re.escape(code.version) + '"', page, re.M):
            problems.append(f"{path}: its .TH line does not name Breeze {code.version}")
    summary = (f"checked both ways {len(code.commands)} breezectl commands with "
               f"{sum(map(len, code.commands.values()))} options, {len(code.daemon_options)} breezed options, "
               f"{sum(map(len, code.kinds.values()))} configuration keys in {len(code.kinds)} sections, "
               f"{len(code.metrics)} metric families, {len(code.journal_fields)} journal fields, "
               f"{len(code.events)} events, {len(code.routes)} routes: {len(problems)} problems")
    return problems, summary


def gone(page, what):
    return f"{page}: documented but gone from the code: {what}"


def check_breezectl(code, page, problems):
    blocks = section_subsections(page, "COMMANDS")
    for title, body in blocks:
        if title.split()[0] not in code.commands:
            problems.append(gone("breezectl.1", f"the command '{title.split()[0]}' (.SS {title})"))
    for command, options in sorted(code.commands.items()):
        body = "\n".join(b for t, b in blocks if t.split()[0] == command)
        if not body:
            problems.append(f"breezectl.1: no .SS section for the command '{command}'")
            continue
        documented = [t.split("=")[0] for t in tags(body) if t.startswith("-")]
        for option in sorted(options - set(documented)):
            problems.append(f"breezectl.1: '{command}' does not list its option {option}")
        for option in sorted(set(documented) - options - {"--help", "-h"}):
            problems.append(gone("breezectl.1", f"'{command}' does not accept {option}"))
    documented = {t for t in tags(section(page, "OPTIONS")) if t.startswith("-")}
    for option in sorted(code.global_options - documented):
        problems.append(f"breezectl.1: OPTIONS does not list {option}")
    for option in sorted(documented - code.global_options - {"-h"}):
        problems.append(gone("breezectl.1", f"the option {option} (OPTIONS)"))


def check_completions(root, code, problems):
    """The completions' own tables: every command with exactly the options the code accepts."""
    for path in ("etc/completion/breezectl.bash", "etc/completion/_breezectl"):
        text = (root / path).read_text(encoding="utf-8")
        table = dict(re.findall(r"^\s*\[([a-z-]+)\]=\"([^\"]*)\"", text, re.M))
        for command, options in sorted(code.commands.items()):
            if command not in table:
                problems.append(f"{path}: no entry for the command '{command}'")
            elif set(table[command].split()) != options:
                problems.append(f"{path}: '{command}' completes {sorted(table[command].split())}, "
                                f"the code accepts {sorted(options)}")
        for command in sorted(set(table) - set(code.commands)):
            problems.append(f"{path}: '{command}' is not a command of the code")
        # Which words take no value: a flag missing here swallows the word after it.
        listed = re.search(r'^_breezectl_flags="([^"]*)"', text, re.M) or \
            re.search(r"^\s*(--[a-z-]+(?:\|--[a-z-]+)*)\) ;;", text, re.M)
        if listed and code.flags:
            words = set(listed.group(1).replace("|", " ").split())
            expected = code.flags | {"--help", "--version"}
            if words != expected:
                problems.append(f"{path}: the options without a value are {sorted(words)}, "
                                f"the code's are {sorted(expected)}")


def check_breezed(code, page, problems):
    documented = {t for t in tags(section(page, "OPTIONS")) if t.startswith("-")}
    for option in sorted(code.daemon_options - documented):
        problems.append(f"breezed.8: OPTIONS does not list {option}")
    for option in sorted(documented - code.daemon_options - {"-h"}):
        problems.append(gone("breezed.8", f"the option {option} (OPTIONS)"))

    documented = {t for t in tags(section(page, "METRICS")) if t.startswith("breeze_")}
    for family in sorted(code.metrics - documented):
        problems.append(f"breezed.8: METRICS does not list the family {family}")
    for family in sorted(documented - code.metrics):
        problems.append(gone("breezed.8", f"the metric family {family} (METRICS)"))

    journal_text = section(page, "JOURNAL")
    journal = tags(journal_text)
    fields = {t.split("=")[0] for t in journal if re.fullmatch(r"BREEZE_[A-Z0-9_]+(=.*)?", t)}
    events = {t.split("=", 1)[1] for t in journal if t.startswith("BREEZE_EVENT=")}
    # Or each event a tag of the indented list (.RS … .RE) that follows the BREEZE_EVENT tag.
    listed = re.search(r"^\.T[PQ][^\n]*\n\.B[IR]? BREEZE_EVENT\s[^\n]*\n((?:(?!\.T[PQ]|\.RS)[^\n]*\n)*)"
                       r"\.RS[^\n]*\n(.*?)^\.RE", journal_text + "\n", re.M | re.S)
    if listed:
        events |= {t for t in tags(listed.group(2)) if re.fullmatch(r"[a-z][a-z0-9-]*", t)}
    for field in sorted(code.journal_fields - fields):
        problems.append(f"breezed.8: JOURNAL does not list the field {field}")
    for field in sorted(fields - code.journal_fields):
        problems.append(gone("breezed.8", f"the journal field {field} (JOURNAL)"))
    for event in code.events:
        if event not in events:
            problems.append(f"breezed.8: JOURNAL does not list the event BREEZE_EVENT={event}")
    for event in sorted(events - set(code.events)):
        problems.append(gone("breezed.8", f"the event {event} (JOURNAL)"))

    # A route is named as a path: "/metrics" not followed by more of a path; a prefix such as
    # "/city/" followed by anything.
    text = normalized(unroff(page))
    for route in sorted(code.routes):
        after = "" if route.endswith("/") else r"(?![\w/.-])"
        if not re.search(r"(?<![\w/.-])" + re.escape(route.lower()) + after, text):
            problems.append(f"breezed.8: the web listener's route {route} is not named")


def check_configuration(code, page, problems):
    blocks = section_subsections(page, "SECTIONS")

    def body_of(kind):
        return "\n".join(b for t, b in blocks if re.fullmatch(r"\[" + kind + r'( "[^"]*")?\]', t))

    for title, _ in blocks:
        kind = re.match(r"\[(\w+)", title)
        if not kind or kind.group(1) not in code.kinds:
            problems.append(gone("breezed.conf.5", f"the section {title} (SECTIONS)"))
    for kind, keys in sorted(code.kinds.items()):
        body = body_of(kind)
        if not body:
            problems.append(f"breezed.conf.5: no .SS section for [{kind}]")
            continue
        documented = {m.group(1) for m in (re.match(r"([A-Z][A-Za-z0-9]*)=", t) for t in tags(body)) if m}
        for key in keys:
            # A city's [Alert] keys are described once, under [Alert], which the city's text names.
            if kind != "Alert" and key in code.alert_keys and key not in documented:
                if not bolded(body_of("Alert"), key + "=") or "[Alert]" not in body:
                    problems.append(f"breezed.conf.5: [{kind}] takes {key}= but neither it nor [Alert] lists it")
            elif key not in documented:
                problems.append(f"breezed.conf.5: [{kind}] does not list {key}=")
        for key in sorted(documented - set(keys)):
            problems.append(gone("breezed.conf.5", f"[{kind}] {key}="))


def check_exit_statuses(root, code, ctl_page, daemon_page, problems):
    """Each command's table (what its --help prints) is in its page."""
    read = lambda path: (root / path).read_text(encoding="utf-8")  # noqa: E731
    exit_codes = {n: int(v) for n, v in re.findall(r"^\s*case (\w+) = (\d+)",
                                                   read("Sources/BreezeCommandLine/ExitCode.swift"), re.M)}
    shared_text = read("Sources/BreezeCommandLine/ExitStatusTable.swift")
    shared_statuses = dict(re.findall(r'static let (\w+) = ExitStatus\(\.\w+,\s*"((?:[^"\\]|\\.)*)"\)', shared_text))
    shared_codes = dict(re.findall(r"static let (\w+) = ExitStatus\(\.(\w+),", shared_text))
    swift_texts = dict(code.ctl_sources)
    swift_texts.update(code.swift("Sources/BreezeDaemonCommand"))

    def exit_table(block, where):
        """{code: meaning} of the `exitStatuses` a declaration's block defines (or forwards to)."""
        match = re.search(r"static (?:let|var) exitStatuses(?:\s*:\s*\[ExitStatus\])?\s*"
                          r"(=\s*\[|\{\s*(\w+)\.exitStatuses\s*\})", block)
        if not match:
            problems.append(f"cannot read {where}: no exitStatuses table found")
            return {}
        if match.group(2):  # forwarded: `{ Other.exitStatuses }`
            for text in swift_texts.values():
                for header, other in declarations(text):
                    if re.search(r"\b(?:enum|struct|class) " + match.group(2) + r"\b", header):
                        return exit_table(other, match.group(2))
            problems.append(f"cannot read {where}: cannot find {match.group(2)}.exitStatuses")
            return {}
        body = balanced(block, match.end(), "[]")
        table = {}
        for name, meaning, shared in re.findall(r'ExitStatus\(\.(\w+),\s*"((?:[^"\\]|\\.)*)"\)|ExitStatusTable\.(\w+)', body):
            if shared:
                name, meaning = shared_codes.get(shared), shared_statuses.get(shared)
            if name not in exit_codes or meaning is None or "\\(" in meaning:
                problems.append(f"cannot read {where}: an entry of its exitStatuses ({name or shared})")
                continue
            table[exit_codes[name]] = meaning.replace('\\"', '"').replace("\\\\", "\\")
        return table

    def compare(where, table, listed, exact=True):
        for status, meaning in sorted(table.items()):
            if status not in listed:
                problems.append(f"{where}: exit status {status} ({meaning}) is not listed")
            elif exact and " ".join(meaning.split()).lower() not in listed[status]:
                problems.append(f"{where}: exit status {status} says '{listed[status]}', the --help '{meaning}'")
        for status in sorted(set(listed) - set(table)):
            problems.append(f"{where}: exit status {status} is listed but the code never exits with it")

    everything = {}
    blocks = subsections(ctl_page)
    for command, block in sorted(code.command_blocks.items()):
        table = exit_table(block, f"breezectl {command}")
        everything.update({status: None for status in table})
        body = "\n".join(b for t, b in blocks if t.split()[0] == command)
        status_list = body.split("\nExit status:\n", 1)
        if len(status_list) < 2:
            problems.append(f"breezectl.1: '{command}' has no 'Exit status:' list")
            continue
        compare(f"breezectl.1: '{command}'", table, listed_statuses(status_list[1]))
    control = exit_table(code.ctl_sources[root / "Sources/BreezeCtl/Breezectl.swift"], "breezectl")
    everything.update(control)
    compare("breezectl.1: EXIT STATUS", {status: control.get(status, "") for status in everything},
            listed_statuses(section(ctl_page, "EXIT STATUS")))
    daemon_block = "\n".join(b for text in swift_texts.values() for h, b in declarations(text) if "enum DaemonCommand" in h)
    compare("breezed.8: EXIT STATUS", exit_table(daemon_block, "breezed"),
            listed_statuses(section(daemon_page, "EXIT STATUS")))


def main(arguments):
    if len(arguments) != 1:
        print(__doc__.rsplit("usage:", 1)[1].strip(), file=sys.stderr)
        return 64
    problems, summary = check(arguments[0])
    for problem in problems:
        print(problem)
    print(summary)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
