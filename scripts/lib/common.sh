# Shared by the scripts: find the toolchain, install what is missing, build.
# Sourced, not run.

repository_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)

# The Swift toolchain of this kind of machine lives in /opt/swift; a login shell may not have it.
if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then
    PATH=/opt/swift/usr/bin:$PATH
fi

# Debian packages the build and the tests need. Quiet when all are there.
breeze_install_packages() {
    local missing=()
    local package
    for package in "$@"; do
        if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
            missing+=("$package")
        fi
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    echo "installing: ${missing[*]}" >&2
    local sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    $sudo apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
}

# What building needs.
# libmicrohttpd serves the status page, /metrics and /api/v1 ([Web] Listen=).
breeze_build_packages=(pkg-config libcurl4-openssl-dev libsystemd-dev libssl-dev libmicrohttpd-dev ca-certificates binutils)
# What the tests need beyond that: Python serves the fixture servers; curl and jq are the
# baselines some tests and benchmarks compare against; valgrind checks breezed for leaks;
# tzdata gives the zone abbreviations notifications show ("16:05 CEST"), which the tests check.
breeze_test_packages=(python3 curl jq prometheus-alertmanager valgrind tzdata)
# The web tests: headless Chromium renders the pages (and fonts-dejavu-core gives it glyphs);
# prometheus scrapes /metrics and promtool checks its text.
breeze_test_packages+=(chromium fonts-dejavu-core prometheus)
# The dashboard's screenshots: glyphs for city names in CJK (東京) and for the bands' emoji.
breeze_test_packages+=(fonts-droid-fallback fonts-noto-color-emoji)
# The outbox fault tests: unshare/nsenter/mount for a full tmpfs, setpriv to run breezectl as nobody, chattr for an immutable folder.
breeze_test_packages+=(util-linux mount e2fsprogs)
# scripts/lib/test-hours: libfaketime runs the integration tests with the clock at other hours.
breeze_test_packages+=(faketime)
# The SMTP submission tests: an aiosmtpd server (Tests/Fixtures/smtp_server.py, run by
# /usr/bin/python3) and openssl to make its throwaway certificate authority.
breeze_test_packages+=(python3-aiosmtpd openssl)
# What the tests under a real systemd need (scripts/lib/test-systemd installs them only when
# it can run: as root, beside ../shared/tools/systemd-sandbox): systemd's manager, journald,
# systemctl, journalctl and systemd-analyze; nsenter and unshare.
breeze_systemd_test_packages=(systemd util-linux)
# What scripts/lib/test-docs needs: man and groff render the pages (man --warnings, lexgrog);
# zsh runs the zsh completion.
breeze_docs_test_packages=(man-db groff-base zsh)
# What scripts/package needs: dpkg-deb and dpkg-shlibdeps build the .deb, lintian checks it.
breeze_package_packages=(dpkg-dev lintian)

breeze_require_swift() {
    if ! command -v swift >/dev/null 2>&1; then
        echo "error: the Swift toolchain is missing (expected 'swift' on PATH or in /opt/swift/usr/bin)" >&2
        exit 69
    fi
}

# breeze_help_requested "$0" "$@": when -h or --help comes before any "--", prints the
# script's leading comment (its help) and exits 0, before anything is installed or built.
breeze_help_requested() {
    local script=$1 argument
    shift
    for argument in "$@"; do
        case "$argument" in
            --) return 0 ;;
            -h|--help)
                sed -n '2,/^[^#]/p' "$script" | sed -n 's/^# \{0,1\}//p'
                exit 0 ;;
        esac
    done
}

# The binary that gets installed: breeze-multicall, breezed and breezectl in one (it is either by
# the name it is run as), a release build with the Swift runtime and FoundationEssentials
# linked in (--static-swift-stdlib), so it needs nothing from the toolchain at run time, and
# no $ORIGIN run path (--disable-local-rpath). Builds into .build/static when anything changed
# and prints the folder holding breeze-multicall. (Minutes on a small machine the first time.)
breeze_static_binaries() {
    breeze_require_swift
    local scratch=$repository_root/.build/static
    # -z now with the default relro: the whole GOT read-only after start (lintian's bindnow).
    local flags=(-c release --static-swift-stdlib --disable-local-rpath -Xlinker -z -Xlinker now
        --scratch-path "$scratch" --package-path "$repository_root")
    echo "==> building (release, Swift runtime linked statically, in .build/static)" >&2
    swift build "${flags[@]}" --product breeze-multicall >&2
    swift build "${flags[@]}" --show-bin-path
}

# breeze_strip BINARY [DEBUG_FILE]: strips BINARY in place; with DEBUG_FILE, its debug symbols
# are kept there first and BINARY names it (.gnu_debuglink) for gdb.
breeze_strip() {
    local binary=$1 debug=${2:-}
    if [ -n "$debug" ]; then
        objcopy --only-keep-debug "$binary" "$debug"
        chmod 0644 "$debug"
    fi
    strip --strip-unneeded --remove-section=.comment --remove-section=.note "$binary"
    if [ -n "$debug" ]; then
        objcopy --add-gnu-debuglink="$debug" "$binary"
    fi
}
