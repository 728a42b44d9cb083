"""scripts/bench, part 6: what linking the Swift runtime statically costs. The installed
binary (scripts/install, scripts/package: breeze-multicall, breezed and breezectl in one, either
by the name it is run as) is built with --static-swift-stdlib and stripped; this compares it, run
as breezed, with the dynamically linked release build on the same machine and run. Part
"binaries" (issue 29): the installed binary's size, the libraries it needs, and where its bytes
go; the package's Installed-Size and its layout (breezectl a link to breezed)."""

import os
import re
import shutil
import subprocess

import bench_daemon
from bench_support import ROOT, run_measured, summary, write_config


def file_size(path):
    return os.path.getsize(path) / (1024 * 1024)


def needed_from_toolchain(path):
    """How many of the libraries the binary loads come from the toolchain (/opt/swift)."""
    output = subprocess.run(["ldd", path], capture_output=True, text=True).stdout
    return sum(1 for line in output.splitlines() if "/opt/swift/" in line)


def section(server, dynamic, static, work, size, runs, log):
    # Named breezed: the multi-call binary is breezed by that name alone.
    os.makedirs(os.path.join(work, "static-stripped"), exist_ok=True)
    installed = os.path.join(work, "static-stripped", "breezed")
    shutil.copy(static, installed)
    subprocess.run(["strip", "--strip-unneeded", installed], check=True)
    state = os.path.join(work, "state-linking")
    config = os.path.join(work, "linking.conf")
    write_config(config, server.base, size, state, extra_breeze="PollInterval=1h\nJitter=0\n")
    rows = []
    for label, binary in (("dynamic (swift build -c release)", dynamic),
                          ("static, stripped (what is installed)", installed)):
        log(f"linking: {label}")
        once, ready = [], []
        run_measured([binary, "--once", "--log", "stderr", "--config", config])  # the state file
        for _ in range(runs):
            status, wall, cpu, rss = run_measured([binary, "--once", "--log", "stderr", "--config", config])
            if status != 0:
                raise RuntimeError(f"{binary} --once exited {status}")
            once.append((wall, cpu, rss))
            daemon = bench_daemon.Daemon(binary, config, work)
            try:
                _, ready_at = daemon.listener.wait(bench_daemon.is_ready)
            finally:
                daemon.stop()
            ready.append((ready_at - daemon.started) * 1000)
        rows.append(f"| {label} | {file_size(binary):.1f} | {needed_from_toolchain(binary)} | "
                    f"{summary([rss for _, _, rss in once], digits=1)} | "
                    f"{summary([wall for wall, _, _ in once])} | {summary(ready, digits=0)} |")
    return [
        f"## 6. Static vs dynamic Swift runtime: `breezed --once` at {size:,} cities, start-up to `READY=1`",
        "",
        "| build | file (MiB) | libraries from /opt/swift | `--once` peak RSS (MiB) | `--once` wall (s) "
        "| exec to READY=1 (ms) |",
        "|---|---:|---:|---:|---:|---:|",
    ] + rows + [
        "",
        "The static binary carries the Swift runtime and FoundationEssentials itself (most of its "
        "size) instead of mapping them from /opt/swift; peak RSS is GNU time's, READY=1 as in part 3.",
    ]


# Part "binaries" (issue 29): what the installed binary weighs and links. ---------------------

def needed_libraries(readelf_output):
    """The NEEDED entries of `readelf -d`, in order."""
    return re.findall(r"\(NEEDED\)\s+Shared library: \[([^\]]+)\]", readelf_output)


def largest_sections(size_output, count=5):
    """(name, bytes) of the `count` largest sections in `size -A` output, biggest first; debug
    sections (strip removes them) and .bss/.tbss (no room in the file) are left out."""
    sections = []
    for line in size_output.splitlines():
        fields = line.split()
        if len(fields) == 3 and fields[0].startswith(".") and fields[1].isdigit() \
                and not fields[0].startswith(".debug") and fields[0] not in (".bss", ".tbss"):
            sections.append((fields[0], int(fields[1])))
    return sorted(sections, key=lambda section: -section[1])[:count]


SWIFT_MODULE = re.compile(r"^_?\$s(\d+)")


def symbol_group(name):
    """Which part of the build a symbol (mangled, as `nm` prints it) most likely comes from."""
    if name.startswith("icudt") and name.endswith("_dat"):
        return "ICU data (_FoundationICU)"
    if "icu_" in name or "UErrorCode" in name or re.match(r"_Z(L|N)?\d+u[a-z]+_", name):
        return "ICU code (_FoundationICU)"
    module = SWIFT_MODULE.match(name)
    if module:
        digits = module.group(1)
        rest = name[module.end():]
        # `$s10Foundation…`: the length prefix is the module name's; a long run of digits
        # is a length and more of the name, so read the shortest prefix that fits.
        for cut in range(1, len(digits) + 1):
            length = int(digits[:cut])
            text = digits[cut:] + rest
            if 0 < length <= len(text) and (text[:length].isidentifier()):
                module_name = text[:length]
                return "Swift: Breeze* (the project)" if module_name.startswith("Breeze") else "Swift: " + module_name
        return "Swift: other"
    if name.startswith(("$s", "_$s")):
        return "Swift: Swift (standard library)"
    if "swift" in name.lower() or "Demangle" in name:
        return "Swift runtime (C++)"
    if "dispatch" in name:
        return "libdispatch"
    if name.startswith("__CFUniChar"):
        return "Unicode bitmaps (FoundationEssentials' C shims)"
    if name.startswith(("_CF", "__CF", "CF", "__kCF", "kCF")):
        return "CoreFoundation"
    if name.startswith("curl_"):
        return "libcurl (calls)"
    return "other (C/C++)"


def symbol_groups(nm_output):
    """{group: bytes} from `nm -S --defined-only` output (symbols without a size are left out)."""
    groups = {}
    for line in nm_output.splitlines():
        fields = line.split()
        if len(fields) != 4:
            continue
        try:
            size = int(fields[1], 16)
        except ValueError:
            continue
        if fields[2].lower() in ("b",):  # .bss takes no room in the file
            continue
        group = symbol_group(fields[3])
        groups[group] = groups.get(group, 0) + size
    return groups


def installed_size(dpkg_info):
    """Installed-Size (KiB) from `dpkg-deb -I` output, or None."""
    match = re.search(r"^\s*Installed-Size:\s*(\d+)", dpkg_info, re.MULTILINE)
    return int(match.group(1)) if match else None


def output_of(command):
    return subprocess.run(command, capture_output=True, text=True, check=True).stdout


def mib(size):
    return f"{size / (1024 * 1024):.1f}"


def binaries_section(static_folder, package, work, log):
    lines = ["## 13. The installed binary: size, what it links, where the bytes go", ""]
    program = "breeze-multicall"
    built = os.path.join(static_folder, program)
    stripped = os.path.join(work, f"{program}-stripped")
    shutil.copy(built, stripped)
    subprocess.run(["strip", "--strip-unneeded", "--remove-section=.comment", "--remove-section=.note",
                    stripped], check=True)
    needed = needed_libraries(output_of(["readelf", "-d", stripped]))
    sections = largest_sections(output_of(["size", "-A", stripped]))
    groups = symbol_groups(output_of(["nm", "-S", "--defined-only", built]))
    top = sorted(groups.items(), key=lambda item: -item[1])[:8]
    lines += ["Built by `scripts/bench` as `scripts/package` builds it (release, `--static-swift-stdlib`, "
              "in .build/static), stripped as `scripts/package` strips it. One binary is breezed and "
              "breezectl, by the name it is run as.", "",
              "| binary | built (bytes) | stripped (bytes) | NEEDED (readelf -d) |", "|---|---:|---:|---|",
              f"| {program} | {os.path.getsize(built):,} | {os.path.getsize(stripped):,} "
              f"({mib(os.path.getsize(stripped))} MiB) | {', '.join(needed)} |",
              "", "Largest sections of the stripped binary (MiB, `size -A`): "
              + ", ".join(f"{name} {mib(size)}" for name, size in sections) + ".",
              "", "Symbol bytes by origin (MiB, `nm -S` of the unstripped build, .bss left out; grouped by "
              "the Swift module in the mangled name, ICU by its `icu_76` namespace and C API names): "
              + ", ".join(f"{name} {mib(size)}" for name, size in top) + "."]
    if package is None:
        log("binaries: scripts/package (no lintian)")
        folder = os.path.join(work, "package")
        subprocess.run([os.path.join(ROOT, "scripts/package"), "--binaries", static_folder, "--no-lintian",
                        "--output", folder], check=True, stdout=subprocess.DEVNULL)
        package = next(os.path.join(folder, name) for name in os.listdir(folder) if name.endswith(".deb"))
    unpacked = os.path.join(work, "unpacked")
    subprocess.run(["dpkg-deb", "-x", package, unpacked], check=True)
    kib = installed_size(output_of(["dpkg-deb", "-I", package]))
    daemon = os.path.join(unpacked, "usr/sbin/breezed")
    control = os.path.join(unpacked, "usr/bin/breezectl")
    layout = (f"breezectl a link to {os.readlink(control)}" if os.path.islink(control)
              else f"breezectl {os.path.getsize(control):,} bytes")
    lines += ["", f"The package (`{os.path.basename(package)}`): {os.path.getsize(package):,} bytes as a .deb; "
              f"**Installed-Size {kib:,} KiB ({kib / 1024:.1f} MiB, {kib * 1024:,} bytes)** (`dpkg-deb -I`); "
              f"inside it breezed {os.path.getsize(daemon):,} bytes, {layout}."]
    return lines
