# A clean Debian machine to install the package on, for scripts/lib/test-package and
# scripts/lib/test-quickstart (sourced after common.sh; the caller sets `work`, a folder of its own):
# a sandboxed systemd (../shared/tools/systemd-sandbox) whose mount namespace has /usr, /etc
# and /var as overlays (changes live in the sandbox's private /run, dpkg's database included),
# one unit folder of the caller's as /lib/systemd/system, /etc/systemd/system and
# /run/systemd/system (so deb-systemd-helper's enablement is "enabled-runtime" to the manager
# and deb-systemd-invoke starts units, as on a real machine), an empty journal, no toolchain (a
# tmpfs over /opt/swift) and no Docker policy-rc.d. Also the ok/FAIL tally and the fixture
# servers on loopback. `package_sandbox_cleanup` undoes all of it; call it from an EXIT trap.

sandbox_tool=${BREEZE_SYSTEMD_SANDBOX:-$repository_root/../shared/tools/systemd-sandbox}
sandbox=""
fixture_pids=()
failures=0

pass() { echo "ok - $*"; }
fail() { echo "FAIL - $*"; failures=$((failures + 1)); }
check() { # check DESCRIPTION CMD...
    local description=$1
    shift
    if "$@"; then pass "$description"; else fail "$description"; fi
}
wait_until() { # wait_until SECONDS DESCRIPTION CMD...: polls CMD until it succeeds or time is up (ok or FAIL)
    local limit=$1 description=$2
    shift 2
    local deadline=$((SECONDS + limit))
    while [ $SECONDS -lt $deadline ]; do
        if "$@" >/dev/null 2>&1; then pass "$description"; return 0; fi
        sleep 0.25
    done
    fail "$description (not within ${limit}s)"
}

# Tears the sandbox down (as in test-systemd): should `down` fail, what is left in its own
# cgroup is ours: end it by PID and remove the cgroup.
sandbox_down() {
    [ -n "$sandbox" ] || return 0
    local status=0 cgroup pid
    "$sandbox_tool" down "$sandbox" || status=1
    cgroup=$(cat "$sandbox/cgroup" 2>/dev/null || true)
    if [ -n "$cgroup" ] && [ -d "$cgroup" ]; then
        for pid in $(find "$cgroup" -name cgroup.procs -exec cat {} +); do kill -KILL "$pid" 2>/dev/null || true; done
        for _ in $(seq 50); do
            find "$cgroup" -depth -type d -exec rmdir {} + 2>/dev/null || true
            [ -d "$cgroup" ] || break
            sleep 0.1
        done
    fi
    sandbox=""
    return "$status"
}

# sandbox_up UNIT_DIR: the machine described above, its manager reading UNIT_DIR. One retry:
# `up` has been seen to time out once under load.
sandbox_up() {
    local units=$1 attempt
    for attempt in 1 2; do
        sandbox=$work/sandbox-$attempt
        mkdir -p "$sandbox"
        "$sandbox_tool" up "$sandbox" /run/systemd/system && break
        echo "warning: the sandbox did not come up (attempt $attempt)" >&2
        sandbox_down || true
    done
    [ -n "$sandbox" ] || { echo "error: no sandbox" >&2; exit 1; }
    sb sh -c "set -e
        for d in usr etc var; do
            mkdir -p /run/breeze-test/\$d /run/breeze-test/\$d.work
            mount -t overlay overlay -o lowerdir=/\$d,upperdir=/run/breeze-test/\$d,workdir=/run/breeze-test/\$d.work /\$d
        done
        mount --bind '$units' /usr/lib/systemd/system
        mount --bind '$units' /etc/systemd/system
        mount --bind '$units' /run/systemd/system
        mount -t tmpfs -o mode=2755 tmpfs /var/log/journal
        mount -t tmpfs -o mode=0755 tmpfs /opt/swift
        rm -f /usr/sbin/policy-rc.d"
    sb systemctl daemon-reload # the manager reads the unit folder it now sees
}

sb() { "$sandbox_tool" run "$sandbox" "$@"; }
# CMD... inside the sandbox as the unprivileged user nobody, with a clean environment.
as_nobody() { sb setpriv --reuid=nobody --regid=nogroup --clear-groups --reset-env "$@"; }

# fixture_start NAME PYTHON-SCRIPT ARGS...: starts a fixture server of Tests/Fixtures on a free
# loopback port (it prints "PORT <n>" first) and sets `fixture_port`; its output is
# $work/NAME.out and .err. Ended by package_sandbox_cleanup.
fixture_start() {
    local name=$1
    shift
    python3 "$@" < /dev/null > "$work/$name.out" 2> "$work/$name.err" &
    fixture_pids+=("$!")
    fixture_port=""
    for _ in $(seq 100); do
        fixture_port=$(sed -n 's/^PORT \([0-9]*\)$/\1/p' "$work/$name.out")
        [ -n "$fixture_port" ] && return 0
        sleep 0.05
    done
    cat "$work/$name.err" >&2
    echo "error: the fixture server $name did not start" >&2
    exit 1
}

package_sandbox_cleanup() {
    local status=0 pid
    sandbox_down || status=1
    for pid in "${fixture_pids[@]}"; do
        kill "$pid" 2>/dev/null || true
        wait "$pid" 2>/dev/null || true
    done
    fixture_pids=()
    rm -rf "$work"
    return "$status"
}

# What the host looks like (the package, its files, a unit folder): the same after the test.
host_snapshot() {
    dpkg-query -W -f='${Status}\n' breeze 2>/dev/null || true
    ls -d /etc/breeze /usr/sbin/breezed /usr/bin/breezectl /run/systemd/system 2>/dev/null || true
}
