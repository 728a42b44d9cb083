"""Reading the man pages' roff for scripts/lib/doc_coverage.py: sections, subsections, the
`.TP` tags that name what a page documents, and the text man shows."""
import re


def unroff(text):
    """A man page's source with its escapes and font changes removed."""
    text = re.sub(r"\\f[BIRP]", "", text)
    return text.replace("\\-", "-").replace("\\(dq", '"').replace("\\&", "").replace("\\ ", " ")


def subsections(page):
    """A page's .SS blocks: [(title, body)] (titles unquoted, escapes removed)."""
    blocks = []
    for part in re.split(r"^\.SS ", unroff(page), flags=re.M)[1:]:
        title, _, body = part.partition("\n")
        blocks.append((title.strip().strip('"'), body.split("\n.SH ")[0]))
    return blocks


def section(page, name):
    """The text of the `.SH name` section (escapes removed), "" when the page has none."""
    match = re.search(r"^\.SH " + re.escape(name) + r"\n(.*?)(?=^\.SH |\Z)", unroff(page), re.M | re.S)
    return match.group(1) if match else ""


def section_subsections(page, name):
    """The .SS blocks of the `.SH name` section alone: [(title, body)]."""
    return subsections(".SH X\n" + section(page, name)) if section(page, name) else []


def bolded(body, word):
    """Whether `word` starts a .B/.BI/.BR line (a .TP tag, say) in body."""
    return re.search(r"^\.B[IR]? " + re.escape(word) + r"(\s|$)", body, re.M) is not None


def tags(body):
    """The first word of each `.TP`/`.TQ` tag of a roff fragment (escapes already removed): the
    names a page documents one by one (`.TP` / `.BI \\-\\-config " path"` gives `--config`)."""
    found = []
    for line in re.findall(r"^\.T[PQ][^\n]*\n(\.[BI][IR]? [^\n]*)", body, re.M):
        argument = line.split(" ", 1)[1].strip()
        argument = argument[1:].split('"', 1)[0] if argument.startswith('"') else argument
        if argument.split():
            found.append(argument.split()[0])
    return found


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
