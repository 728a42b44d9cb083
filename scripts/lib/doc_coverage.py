#!/usr/bin/env python3
"""Checks that the man pages and the bash completion name every option and key the code has.

The lists come from the code itself, so a page cannot drift from it:
  - configuration keys: the Section(kind:, keys:) tables of Sources/BreezeConfig/Schema.swift;
  - breezectl commands and their options: each `static let name = "…"` of a BreezectlCommand in
    Sources/BreezeCtl and the ArgumentSpecification(flags:, options:) of its declaration
    (or of a helper function outside any command, for each command that calls it); the
    top-level options are the "--…" literals of Breezectl.swift;
  - breezed's options: the ArgumentSpecification of Sources/breezed;
  - exit statuses: each command's `exitStatuses` table (what its --help prints) is its
    "Exit status:" list in breezectl.1, with the same codes and each meaning's words; every
    code of any command is in breezectl.1's EXIT STATUS; breezed's table is breezed.8's.
Prints one line per problem and exits 1 if there is any.

usage: doc_coverage.py REPOSITORY_ROOT
"""
import pathlib
import re
import sys

root = pathlib.Path(sys.argv[1])
problems = []


def balanced(text, start, brackets="()"):
    """The text from `start` (just after an opening parenthesis) to its closing one."""
    depth = 1
    index = start
    while depth and index < len(text):
        depth += {brackets[0]: 1, brackets[1]: -1}.get(text[index], 0)
        index += 1
    return text[start:index - 1]


def literals(text):
    return re.findall(r'"((?:[^"\\]|\\.)*)"', text)


def string_list(arguments, label):
    match = re.search(label + r":\s*\[([^\]]*)\]", arguments)
    return literals(match.group(1)) if match else []


def specifications(text):
    """Every ArgumentSpecification(flags: […], options: […]) of a Swift file: (flags, options)."""
    found = []
    for match in re.finditer(r"ArgumentSpecification\(", text):
        arguments = balanced(text, match.end())
        found.append((string_list(arguments, "flags"), string_list(arguments, "options")))
    return found


def unroff(text):
    """A man page's source with its escapes and font changes removed."""
    text = re.sub(r"\\f[BIRP]", "", text)
    return text.replace("\\-", "-").replace("\\(dq", '"').replace("\\&", "")


def subsections(page):
    """A page's .SS blocks: [(title, body)] (titles unquoted, escapes removed)."""
    blocks = []
    for part in re.split(r"^\.SS ", unroff(page), flags=re.M)[1:]:
        title, _, body = part.partition("\n")
        blocks.append((title.strip().strip('"'), body.split("\n.SH ")[0]))
    return blocks


def section(page, name):
    match = re.search(r"^\.SH " + re.escape(name) + r"\n(.*?)(?=^\.SH |\Z)", unroff(page), re.M | re.S)
    return match.group(1) if match else ""


def tagged(body, word):
    """Whether `word` starts a .B/.BI/.BR line (a .TP tag, say) in body."""
    return re.search(r"^\.B[IR]? " + re.escape(word) + r"(\s|$)", body, re.M) is not None


def read(path):
    return (root / path).read_text(encoding="utf-8")


# ---- breezectl -------------------------------------------------------------------------------
def declarations(text):
    """A Swift file's top-level declarations: [(header line, block text)], each block running
    to the next declaration at the start of a line (the sources are formatted so)."""
    starts = [m.start() for m in re.finditer(r"^(?:public |final |private |fileprivate )*"
                                             r"(?:enum|struct|class|extension|func|protocol) ", text, re.M)]
    return [(text[a:text.index("\n", a)], text[a:b]) for a, b in zip(starts, starts[1:] + [len(text)])]


sources = {path: path.read_text(encoding="utf-8") for path in sorted((root / "Sources/BreezeCtl").glob("*.swift"))}
commands = {}  # name -> set of option names (with "--")
command_blocks = {}  # name -> its declaration's text
helpers = []  # (path, function name, specification) outside any command: shared by the commands that call it
for path, text in sources.items():
    for header, block in declarations(text):
        name = re.search(r'^\s*static let name = "([^"]+)"', block, re.M)
        if re.search(r":\s*BreezectlCommand\b", header) and name:
            commands.setdefault(name.group(1), set())
            command_blocks[name.group(1)] = block
            for flags, options in specifications(block):
                commands[name.group(1)].update("--" + o for o in flags + options)
            continue
        for match in re.finditer(r"ArgumentSpecification\(", block):
            function = re.findall(r"\bfunc (\w+)", block[:match.start()])
            arguments = balanced(block, match.end())
            helpers.append((path, function[-1] if function else None,
                            string_list(arguments, "flags") + string_list(arguments, "options")))
for path, function, names in helpers:
    callers = [c for c, block in command_blocks.items() if function and re.search(r"\b" + function + r"\(", block)]
    if not callers:
        problems.append(f"{path.relative_to(root)}: an ArgumentSpecification outside a command with a name")
    for command in callers:
        commands[command].update("--" + o for o in names)
registered = re.findall(r"(\w+Command)\.self", read("Sources/BreezeCtl/Breezectl.swift"))
if len(commands) < len(registered) or not commands:
    problems.append(f"Sources/BreezeCtl: found {len(commands)} commands, Breezectl.swift registers {len(registered)}")
global_options = {o for o in literals(read("Sources/BreezeCtl/Breezectl.swift")) if re.fullmatch(r"--[a-z-]+", o)}

page = read("etc/man/man1/breezectl.1")
blocks = subsections(page)
for command, options in sorted(commands.items()):
    body = "\n".join(b for t, b in blocks if t == command or t.startswith(command + " "))
    if not body:
        problems.append(f"breezectl.1: no .SS section for the command '{command}'")
        continue
    for option in sorted(options):
        if not tagged(body, option):
            problems.append(f"breezectl.1: '{command}' does not list its option {option}")
for option in sorted(global_options):
    if not tagged(section(page, "OPTIONS"), option):
        problems.append(f"breezectl.1: OPTIONS does not list {option}")

# The completions' own tables: every command with exactly the options the code accepts.
for completion_path in ("etc/completion/breezectl.bash", "etc/completion/_breezectl"):
    table = dict(re.findall(r"^\s*\[([a-z-]+)\]=\"([^\"]*)\"", read(completion_path), re.M))
    for command, options in sorted(commands.items()):
        if command not in table:
            problems.append(f"{completion_path}: no entry for the command '{command}'")
        elif set(table[command].split()) != options:
            problems.append(f"{completion_path}: '{command}' completes {sorted(table[command].split())}, "
                            f"the code accepts {sorted(options)}")
    for command in sorted(set(table) - set(commands)):
        problems.append(f"{completion_path}: '{command}' is not a command of the code")

# ---- breezed ---------------------------------------------------------------------------------
daemon_options = set()
for path in sorted((root / "Sources/breezed").glob("*.swift")):
    for flags, options in specifications(path.read_text(encoding="utf-8")):
        daemon_options.update("--" + o for o in flags + options)
if not daemon_options:
    problems.append("Sources/breezed: no ArgumentSpecification found")
page = read("etc/man/man8/breezed.8")
for option in sorted(daemon_options):
    if not tagged(section(page, "OPTIONS"), option):
        problems.append(f"breezed.8: OPTIONS does not list {option}")

# ---- breezed.conf ----------------------------------------------------------------------------
schema = read("Sources/BreezeConfig/Schema.swift")
alert_keys = literals(re.search(r"static let alertKeys = \[([^\]]*)\]", schema).group(1))
kinds = {}  # kind -> its keys, [Alert]'s included where the table adds alertKeys
for match in re.finditer(r"=\s*Section\(", schema):
    arguments = balanced(schema, match.end())
    kind = re.search(r'kind:\s*"(\w+)"', arguments).group(1)
    expression = arguments.split("keys:", 1)[1].split("required:")[0]
    # Only a list literal, alertKeys or both joined by "+" can be read here: say so otherwise.
    if re.sub(r"\[[^\]]*\]|alertKeys|[+\s,]", "", expression):
        problems.append(f"Schema.swift: cannot read the keys of [{kind}] from '{' '.join(expression.split())}'")
    kinds[kind] = string_list(arguments, "keys") + (alert_keys if "alertKeys" in expression else [])
if len(kinds) < 5 or not alert_keys:
    problems.append(f"Schema.swift: found only the sections {sorted(kinds)} and {len(alert_keys)} [Alert] keys")
page = read("etc/man/man5/breezed.conf.5")
blocks = subsections(page)


def section_body(kind):
    return "\n".join(b for t, b in blocks if re.fullmatch(r"\[" + kind + r'( "[^"]*")?\]', t))


for kind, keys in sorted(kinds.items()):
    body = section_body(kind)
    if not body:
        problems.append(f"breezed.conf.5: no .SS section for [{kind}]")
        continue
    for key in keys:
        # A city's [Alert] keys are described once, under [Alert], which the city's text names.
        if kind != "Alert" and key in alert_keys:
            if not tagged(section_body("Alert"), key + "=") or "[Alert]" not in body:
                problems.append(f"breezed.conf.5: [{kind}] takes {key}= but neither it nor [Alert] lists it")
        elif not tagged(body, key + "="):
            problems.append(f"breezed.conf.5: [{kind}] does not list {key}=")

# ---- exit statuses: each command's table (what its --help prints) is in its page -------------
exit_codes = dict((n, int(v)) for n, v in re.findall(r"^\s*case (\w+) = (\d+)", read("Sources/BreezeCommandLine/ExitCode.swift"), re.M))
shared_statuses = dict(re.findall(r'static let (\w+) = ExitStatus\(\.\w+,\s*"((?:[^"\\]|\\.)*)"\)',
                                  read("Sources/BreezeCommandLine/ExitStatusTable.swift")))
shared_codes = dict(re.findall(r"static let (\w+) = ExitStatus\(\.(\w+),", read("Sources/BreezeCommandLine/ExitStatusTable.swift")))
swift_texts = dict(sources)
swift_texts.update({path: path.read_text(encoding="utf-8") for path in sorted((root / "Sources/breezed").glob("*.swift"))})


def exit_table(block, where):
    """{code: meaning} of the `exitStatuses` a declaration's block defines (or forwards to)."""
    match = re.search(r"static (?:let|var) exitStatuses(?:\s*:\s*\[ExitStatus\])?\s*(=\s*\[|\{\s*(\w+)\.exitStatuses\s*\})", block)
    if not match:
        problems.append(f"{where}: no exitStatuses table found")
        return {}
    if match.group(2):  # forwarded: `{ Other.exitStatuses }`
        for text in swift_texts.values():
            for header, other in declarations(text):
                if re.search(r"\b(?:enum|struct|class) " + match.group(2) + r"\b", header):
                    return exit_table(other, match.group(2))
        problems.append(f"{where}: cannot find {match.group(2)}.exitStatuses")
        return {}
    body = balanced(block, match.end(), "[]")
    table = {}
    for code, meaning, shared in re.findall(r'ExitStatus\(\.(\w+),\s*"((?:[^"\\]|\\.)*)"\)|ExitStatusTable\.(\w+)', body):
        if shared:
            code, meaning = shared_codes.get(shared), shared_statuses.get(shared)
        if code not in exit_codes or meaning is None or "\\(" in meaning:
            problems.append(f"{where}: cannot read an entry of its exitStatuses ({code or shared})")
            continue
        table[exit_codes[code]] = meaning.replace('\\"', '"').replace("\\\\", "\\")
    return table


def normalized(text):
    """Roff text (escapes already removed) as man shows it, roughly: font macros applied (.B's
    words joined by spaces, .BR's alternating ones without), other requests dropped, words
    joined by single spaces, lower case."""
    words = []
    for line in text.split("\n"):
        macro = re.match(r"^\.(B|I|BR|RB|BI|IB|IR|RI)(?:\s+(.*))?$", line)
        if macro:
            # roff's arguments: "quoted" ones keep their spaces; an apostrophe is a letter.
            arguments = [a or b for a, b in re.findall(r'"([^"]*)"|(\S+)', macro.group(2) or "")]
            words.append((" " if len(macro.group(1)) == 1 else "").join(arguments))
        elif not line.startswith("."):
            words.append(line)
    return " ".join(" ".join(words).split()).lower()


def listed_statuses(body):
    """{code: text} of the `.TP` / `.B code` entries of a roff fragment."""
    found = {}
    for code, text in re.findall(r"^\.TP[^\n]*\n\.B (\d+)\n(.*?)(?=^\.TP|^\.RE|^\.SH|^\.SS|\Z)", body, re.M | re.S):
        found[int(code)] = normalized(text)
    return found


def compare(where, table, listed, exact=True):
    for code, meaning in sorted(table.items()):
        if code not in listed:
            problems.append(f"{where}: exit status {code} ({meaning}) is not listed")
        elif exact and " ".join(meaning.split()).lower() not in listed[code]:
            problems.append(f"{where}: exit status {code} says '{listed[code]}', the --help '{meaning}'")
    for code in sorted(set(listed) - set(table)):
        problems.append(f"{where}: exit status {code} is listed but the code never exits with it")


page = read("etc/man/man1/breezectl.1")
everything = {}
for command, block in sorted(command_blocks.items()):
    table = exit_table(block, f"breezectl {command}")
    everything.update({code: None for code in table})
    body = "\n".join(b for t, b in subsections(page) if t == command or t.startswith(command + " "))
    status_list = body.split("\nExit status:\n", 1)
    if len(status_list) < 2:
        problems.append(f"breezectl.1: '{command}' has no 'Exit status:' list")
        continue
    compare(f"breezectl.1: '{command}'", table, listed_statuses(status_list[1]))
control = exit_table(sources[root / "Sources/BreezeCtl/Breezectl.swift"], "breezectl")
everything.update(control)
overall = listed_statuses(section(page, "EXIT STATUS"))
compare("breezectl.1: EXIT STATUS", {code: control.get(code, "") for code in everything}, overall)
daemon_block = "\n".join(b for text in swift_texts.values() for h, b in declarations(text) if "enum DaemonCommand" in h)
compare("breezed.8: EXIT STATUS", exit_table(daemon_block, "breezed"), listed_statuses(section(read("etc/man/man8/breezed.8"), "EXIT STATUS")))

# ---- every page names the version the code reports ------------------------------------------
version = re.search(r'static let string = "([^"]+)"', read("Sources/BreezeCommandLine/Version.swift")).group(1)
for path in ("etc/man/man1/breezectl.1", "etc/man/man5/breezed.conf.5", "etc/man/man8/breezed.8"):
    if not re.search(r'^\.TH .*"Breeze ' + re.escape(version) + '"', read(path), re.M):
        problems.append(f"{path}: its .TH line does not name Breeze {version}")

counted = len(commands), sum(map(len, commands.values())), len(daemon_options), sum(map(len, kinds.values()))
for problem in problems:
    print(problem)
print(f"checked {counted[0]} breezectl commands with {counted[1]} options, {counted[2]} breezed options, "
      f"{counted[3]} configuration keys in {len(kinds)} sections: {len(problems)} problems")
sys.exit(1 if problems else 0)
