"""What the code has, read from its own tables for scripts/lib/doc_coverage.py: breezectl's
commands and options, breezed's options, the configuration's sections and keys, the exit
status tables, the /metrics families, the journal fields and events, the web routes and the
version. What cannot be read is a problem ("cannot read …"), never an empty list that passes."""
import re


class CodeTables:
    """Every table of the tree at `root` (a pathlib.Path); `problems` gets what cannot be read."""

    def __init__(self, root, problems):
        self.root = root
        self.problems = problems
        self.ctl_sources = self.swift("Sources/BreezeCtl")
        self.read_commands()
        self.daemon_options = self.read_daemon_options()
        self.alert_keys, self.kinds = self.read_schema()
        self.metrics = self.read_metrics()
        self.events = self.read_events()
        self.journal_fields = self.read_journal_fields()
        self.routes = self.read_routes()
        self.version = self.read_version()

    # ---- files -------------------------------------------------------------------------------
    def read(self, path):
        return (self.root / path).read_text(encoding="utf-8")

    def swift(self, folder):
        """{path: text} of the Swift files of a folder (and below)."""
        return {p: p.read_text(encoding="utf-8") for p in sorted((self.root / folder).rglob("*.swift"))}

    def cannot(self, what):
        self.problems.append("cannot read " + what)

    # ---- breezectl ---------------------------------------------------------------------------
    def read_commands(self):
        """`commands`: name -> options ("--…") of each BreezectlCommand (its `static let name`
        and the ArgumentSpecification of its declaration, or of a helper function outside any
        command for each command that calls it); `command_blocks`: name -> its declaration;
        `global_options`: the "--…" literals of Breezectl.swift."""
        self.commands, self.command_blocks = {}, {}
        self.flags = set()  # the options of any command that take no value ("--…")
        helpers = []
        for path, text in self.ctl_sources.items():
            for header, block in declarations(text):
                name = re.search(r'^\s*static let name = "([^"]+)"', block, re.M)
                if re.search(r":\s*BreezectlCommand\b", header) and name:
                    self.commands.setdefault(name.group(1), set())
                    self.command_blocks[name.group(1)] = block
                    for flags, options in specifications(block):
                        self.commands[name.group(1)].update("--" + o for o in flags + options)
                        self.flags.update("--" + o for o in flags)
                    continue
                for match in re.finditer(r"ArgumentSpecification\(", block):
                    function = re.findall(r"\bfunc (\w+)", block[:match.start()])
                    arguments = balanced(block, match.end())
                    helpers.append((path, function[-1] if function else None,
                                    string_list(arguments, "flags") + string_list(arguments, "options")))
        for path, function, names in helpers:
            callers = [c for c, block in self.command_blocks.items()
                       if function and re.search(r"\b" + function + r"\(", block)]
            if not callers:
                self.cannot(f"{path.relative_to(self.root)}: an ArgumentSpecification outside a command with a name")
            for command in callers:
                self.commands[command].update("--" + o for o in names)
        main = self.read("Sources/BreezeCtl/Breezectl.swift")
        registered = re.findall(r"(\w+Command)\.self", main)
        if len(self.commands) < len(registered) or not self.commands:
            self.cannot(f"the commands of Sources/BreezeCtl: found {len(self.commands)}, "
                        f"Breezectl.swift registers {len(registered)}")
        self.global_options = {o for o in literals(main) if re.fullmatch(r"--[a-z-]+", o)}

    # ---- breezed -----------------------------------------------------------------------------
    def read_daemon_options(self):
        options = set()
        for text in self.swift("Sources/BreezeDaemonCommand").values():
            for flags, names in specifications(text):
                options.update("--" + o for o in flags + names)
        if not options:
            self.cannot("breezed's options: no ArgumentSpecification in Sources/BreezeDaemonCommand")
        return options

    # ---- breezed.conf ------------------------------------------------------------------------
    def read_schema(self):
        """([Alert]'s keys, {kind: keys}) from Schema.sections and the Section(…) each names."""
        schema = self.read("Sources/BreezeConfig/Schema.swift")
        alert = re.search(r"static let alertKeys = \[([^\]]*)\]", schema)
        alert_keys = literals(alert.group(1)) if alert else []
        listed = re.search(r"static let sections = \[([^\]]*)\]", schema)
        kinds = {}
        for name in (listed.group(1).replace(",", " ").split() if listed else []):
            match = re.search(r"static let " + name + r"\s*=\s*Section\(", schema)
            if not match:
                self.cannot(f"Schema.swift: the section '{name}' that Schema.sections lists")
                continue
            arguments = balanced(schema, match.end())
            kind = re.search(r'kind:\s*"(\w+)"', arguments).group(1)
            expression = arguments.split("keys:", 1)[1].split("required:")[0]
            # Only a list literal, alertKeys or both joined by "+" can be read here.
            if re.sub(r"\[[^\]]*\]|alertKeys|[+\s,]", "", expression):
                self.cannot(f"Schema.swift: the keys of [{kind}] from '{' '.join(expression.split())}'")
            kinds[kind] = string_list(arguments, "keys") + (alert_keys if "alertKeys" in expression else [])
        if not kinds or not alert_keys:
            self.cannot(f"Schema.swift: found only the sections {sorted(kinds)} and {len(alert_keys)} [Alert] keys")
        return alert_keys, kinds

    # ---- /metrics ----------------------------------------------------------------------------
    def read_metrics(self):
        """Every family name passed to `….family(NAME, .kind, help:)` in Sources (a literal, or
        a `let` holding one, or a `let` naming a `static let` that does)."""
        families = set()
        for path, text in self.swift("Sources").items():
            for match in re.finditer(r"\.family\(\s*([^,]+),\s*\.\w+,\s*help:", code_only(text)):
                argument = match.group(1).strip()
                name = resolve(argument, code_only(text)[:match.start()], text)
                if name is None or not re.fullmatch(r"breeze_[a-z0-9_]+", name):
                    self.cannot(f"the metric family '{argument}' of {path.relative_to(self.root)}")
                    continue
                families.add(name)
        if not families:
            self.cannot("the metric families: no .family(\"breeze_…\", …) in Sources")
        return families

    # ---- the journal -------------------------------------------------------------------------
    def read_events(self):
        """The raw values of DaemonEvent: what BREEZE_EVENT says."""
        text = self.read("Sources/BreezeDaemon/DaemonEvent.swift")
        events = enum_values(text, "DaemonEvent")
        if not events:
            self.cannot("the events: no case of DaemonEvent in Sources/BreezeDaemon/DaemonEvent.swift")
        return events

    # A field name built from an enum's cases: its literal prefix and the enum whose raw values,
    # upper-cased, complete it. Any other built name is a problem, not a field left out.
    built_fields = {"BREEZE_": ("Sources/BreezeModel/Pollutant.swift", "Pollutant"),
                    "BREEZE_POLLEN_": ("Sources/BreezeModel/PollenLevel.swift", "PollenType")}

    def read_journal_fields(self):
        """Every BREEZE_… field name the daemon's records carry: the string literals of the Swift
        modules but breezectl's (whose BREEZE_CONTROL_SOCKET is an environment variable it
        reads) and the C shims' (not Swift), with the names built from an enum's cases."""
        fields = set()
        for path, text in self.swift("Sources").items():
            if path.parent.name in ("BreezeCtl", "breezectl"):
                continue
            text = code_only(text)
            for literal in re.findall(r'"(BREEZE_[A-Z0-9_]*)"', text):
                if literal.endswith("_") or literal == "BREEZE_":
                    after = re.search(r'"' + literal + r'"\s*\+\s*([^\n]*)', text)
                    if literal not in self.built_fields or not after or "rawValue.uppercased()" not in after.group(1):
                        self.cannot(f"the journal field built from \"{literal}\" in {path.relative_to(self.root)}")
                        continue
                    where, enum = self.built_fields[literal]
                    cases = enum_values(self.read(where), enum)
                    if not cases:
                        self.cannot(f"the cases of {enum} in {where}")
                    fields.update(literal + case.upper() for case in cases)
                else:
                    fields.add(literal)
            for interpolated in re.findall(r'"BREEZE_[A-Z0-9_]*\\\(', text):
                self.cannot(f"the journal field {interpolated}…) in {path.relative_to(self.root)}")
        if "BREEZE_EVENT" not in fields:
            self.cannot("the journal fields: no \"BREEZE_EVENT\" in Sources")
        return fields

    # ---- the web listener's routes -----------------------------------------------------------
    def read_routes(self):
        """The paths WebRoutes.page serves: each `case "/…"`, and each
        `case _ where path.hasPrefix(X.y)` with the `static let y = "/…"` it names."""
        text = self.read("Sources/BreezeWeb/WebRoutes.swift")
        routes = set(re.findall(r'case "(/[^"]*)":', text))
        for owner, name in re.findall(r"case _ where path\.hasPrefix\((\w+)\.(\w+)\)", text):
            found = [m for t in self.swift("Sources/BreezeWeb").values()
                     for m in re.findall(r"enum " + owner + r"\b.*?static let " + name + r' = "([^"]+)"', t, re.S)]
            if not found:
                self.cannot(f"the route {owner}.{name} of WebRoutes.swift")
            routes.update(found[:1])
        if "/metrics" not in routes:
            self.cannot(f"the routes of Sources/BreezeWeb/WebRoutes.swift: found {sorted(routes)}")
        return routes

    # ---- the version -------------------------------------------------------------------------
    def read_version(self):
        match = re.search(r'static let string = "([^"]+)"', self.read("Sources/BreezeCommandLine/Version.swift"))
        if not match:
            self.cannot("the version in Sources/BreezeCommandLine/Version.swift")
        return match.group(1) if match else "?"


# ---- Swift text ----------------------------------------------------------------------------------
def balanced(text, start, brackets="()"):
    """The text from `start` (just after an opening bracket) to its closing one."""
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


def declarations(text):
    """A Swift file's top-level declarations: [(header line, block text)], each block running
    to the next declaration at the start of a line (the sources are formatted so)."""
    starts = [m.start() for m in re.finditer(r"^(?:public |final |private |fileprivate )*"
                                             r"(?:enum|struct|class|extension|func|protocol) ", text, re.M)]
    return [(text[a:text.index("\n", a)], text[a:b]) for a, b in zip(starts, starts[1:] + [len(text)])]


def code_only(text):
    """Swift text without its comment lines (`//`, `///`): names in prose are not the code's."""
    return re.sub(r"^\s*//[^\n]*", "", text, flags=re.M)


def resolve(argument, before, text):
    """A String argument's value: a literal, or the last `let` before it (`before`) that it
    names, else that of the whole file (`text`), followed to a `static let` when that is what
    the `let` holds; None when it is something else."""
    for _ in range(3):
        literal = re.fullmatch(r'"([^"\\]*)"', argument)
        if literal:
            return literal.group(1)
        name = re.fullmatch(r"(?:Self\.|\w+\.)?(\w+)", argument)
        if not name:
            return None
        pattern = r"\blet " + name.group(1) + r"\s*(?::\s*String\s*)?=\s*([^\n]+)"
        found = (re.findall(pattern, before) or re.findall(pattern, text))
        if not found:
            return None
        argument, before = found[-1].strip(), text
    return None


def enum_values(text, enum):
    """The raw values of a String enum's cases (`case a`, `case b = "b-c"`, `case x, y`)."""
    match = re.search(r"enum " + enum + r"\b[^{]*\{", text)
    if not match:
        return []
    body = balanced(text, match.end(), "{}")
    # Only the enum's own level: nested bodies (computed properties, switches) are left out.
    depth, level = 0, []
    for character in body:
        depth += {"{": 1, "}": -1}.get(character, 0)
        level.append(character if depth == 0 and character not in "{}" else ("\n" if character == "\n" else " "))
    values = []
    for line in "".join(level).split("\n"):
        case = re.match(r"\s*case\s+(.+)$", line)
        if not case:
            continue
        for item in case.group(1).split(","):
            named = re.fullmatch(r'\s*(\w+)\s*(?:=\s*"([^"]*)")?\s*', item)
            if named:
                values.append(named.group(2) or named.group(1))
    return values
