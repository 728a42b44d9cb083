#!/usr/bin/env python3
"""Checks that the man pages and the bash completion name every option and key the code has.

The lists come from the code itself, so a page cannot drift from it:
  - configuration keys: the Section(kind:, keys:) tables of Sources/BreezeConfig/Schema.swift;
  - breezectl commands and their options: each `static let name = "…"` of a ControlCommand in
    Sources/BreezeControl and the ArgumentSpecification(flags:, options:) of the same file;
    the top-level options are the "--…" literals of Control.swift;
  - breezed's options: the ArgumentSpecification of Sources/breezed.
Prints one line per problem and exits 1 if there is any.

usage: doc_coverage.py REPOSITORY_ROOT
"""
import pathlib
import re
import sys

root = pathlib.Path(sys.argv[1])
problems = []


def balanced(text, start):
    """The text from `start` (just after an opening parenthesis) to its closing one."""
    depth = 1
    index = start
    while depth and index < len(text):
        depth += {"(": 1, ")": -1}.get(text[index], 0)
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
commands = {}  # name -> set of option names (with "--")
for path in sorted((root / "Sources/BreezeControl").glob("*.swift")):
    text = path.read_text(encoding="utf-8")
    specs = specifications(text)
    name = re.search(r'^\s*static let name = "([^"]+)"', text, re.M)
    if re.search(r":\s*ControlCommand\b", text) and name:
        commands.setdefault(name.group(1), set())
    if specs:
        if not name:
            problems.append(f"{path.relative_to(root)}: an ArgumentSpecification outside a command with a name")
            continue
        for flags, options in specs:
            commands.setdefault(name.group(1), set()).update("--" + o for o in flags + options)
registered = re.findall(r"(\w+Command)\.self", read("Sources/BreezeControl/Control.swift"))
if len(commands) < len(registered) or not commands:
    problems.append(f"Sources/BreezeControl: found {len(commands)} commands, Control.swift registers {len(registered)}")
global_options = {o for o in literals(read("Sources/BreezeControl/Control.swift")) if re.fullmatch(r"--[a-z-]+", o)}

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
