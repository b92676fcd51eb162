#!/usr/bin/env bash
# Install Table Companion as a service on Raspberry Pi OS (Bookworm or later).
#
#   sudo systemd/install.sh            install or upgrade, then (re)start the service
#   systemd/install.sh --dry-run       print what it would do, change nothing
#
# What it does, each step only when needed (running it again is safe):
#   1. apt packages: python3-opencv, python3-numpy, libzbar0, python3-venv, espeak-ng
#      and alsa-utils (the referee's voice: speech and aplay), and from
#      the Raspberry Pi archive python3-picamera2 (the Pi camera) and python3-lgpio
#      (GPIO); on a system without that archive (plain Debian arm64) it says what
#      is missing and goes on without the Pi camera and GPIO;
#   2. a system user `companion` in the groups video, gpio and audio;
#   3. a virtual environment /opt/companion/venv made with --system-site-packages
#      (so it sees apt's picamera2, OpenCV and numpy) and this project installed in it;
#   4. /etc/companion/config.toml from companion/config.example.toml, only if absent,
#      and /etc/default/companion from systemd/companion.env.example, only if absent,
#      with a referee PIN of its own (COMPANION_PIN=1234 sudo -E ... chooses it), printed at the end;
#   5. the unit /etc/systemd/system/companion.service, enabled and (re)started.
set -euo pipefail

DRY_RUN=0
PREFIX=/opt/companion
ETC=/etc/companion
DEFAULTS=/etc/default/companion
UNIT_DIR=/etc/systemd/system
SERVICE_USER=companion
APT_PACKAGES=(python3-opencv python3-numpy libzbar0 python3-venv espeak-ng alsa-utils)
# only in the Raspberry Pi archive (archive.raspberrypi.com), which Raspberry Pi OS has
PI_PACKAGES=(python3-picamera2 python3-lgpio)
declare -A WITHOUT=(
    [python3-picamera2]="the Pi camera source (picamera2) will not work; an OpenCV camera (source opencv:0) still does"
    [python3-lgpio]="the LEDs, buzzer and buttons stay off (the page still shows what they would show)"
)

usage() {
    sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'
}

while [ $# -gt 0 ]; do
    case "$1" in
        --dry-run|-n) DRY_RUN=1 ;;
        --prefix) PREFIX="$2"; shift ;;
        -h|--help) usage; exit 0 ;;
        *) echo "install.sh: unknown option $1 (try --help)" >&2; exit 2 ;;
    esac
    shift
done

SRC="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$PREFIX/venv"

say()  { printf '==> %s\n' "$*"; }
# run a command, or only show it in a dry run
run()  { printf '    $ %s\n' "$*"; if [ "$DRY_RUN" = 0 ]; then "$@"; fi; }

if [ "$DRY_RUN" = 0 ] && [ "$(id -u)" != 0 ]; then
    echo "install.sh: run as root (sudo $0), or with --dry-run to see what it would do" >&2
    exit 1
fi
for f in "$SRC/pyproject.toml" "$SRC/companion/config.example.toml" "$SRC/systemd/companion.service" "$SRC/systemd/companion.env.example"; do
    [ -f "$f" ] || { echo "install.sh: $f is missing: run the script from a full checkout" >&2; exit 1; }
done
[ "$DRY_RUN" = 1 ] && say "dry run: nothing will be changed"

# 1. apt packages ------------------------------------------------------------
installed() { dpkg -s "$1" >/dev/null 2>&1; }
# whether apt can install a package (its sources have a candidate version)
available() { apt-cache policy "$1" 2>/dev/null | grep -q 'Candidate: [^(]'; }
missing=()
for p in "${APT_PACKAGES[@]}" "${PI_PACKAGES[@]}"; do
    installed "$p" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
    run apt-get update -q
    to_install=()
    for p in "${missing[@]}"; do
        if [ -n "${WITHOUT[$p]:-}" ] && ! available "$p"; then
            say "WARNING: $p is not in this system's apt sources: it comes from the Raspberry Pi archive"
            say "         (archive.raspberrypi.com, present on Raspberry Pi OS). Going on without it: ${WITHOUT[$p]}."
        else
            to_install+=("$p")
        fi
    done
    if [ ${#to_install[@]} -gt 0 ]; then
        say "installing Debian packages: ${to_install[*]}"
        run env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${to_install[@]}"
    fi
else
    say "Debian packages already installed: ${APT_PACKAGES[*]} ${PI_PACKAGES[*]}"
fi

# 2. the service user ----------------------------------------------------------
for g in video gpio audio; do
    if ! getent group "$g" >/dev/null; then
        say "creating group $g (not a Raspberry Pi OS image?)"
        run groupadd --system "$g"
    fi
done
if getent passwd "$SERVICE_USER" >/dev/null; then
    say "user $SERVICE_USER exists"
else
    say "creating system user $SERVICE_USER"
    run useradd --system --user-group --home-dir /var/lib/companion --no-create-home \
        --shell /usr/sbin/nologin --comment "Table Companion" "$SERVICE_USER"
fi
run usermod -a -G video,gpio,audio "$SERVICE_USER"

# 3. the virtual environment -----------------------------------------------------
if [ -x "$VENV/bin/python" ]; then
    say "virtual environment $VENV exists"
else
    say "creating virtual environment $VENV (with the system's site packages: picamera2, OpenCV, numpy)"
    run install -d -m 0755 "$PREFIX"
    run python3 -m venv --system-site-packages "$VENV"
fi
say "installing Table Companion from $SRC into $VENV"
run "$VENV/bin/pip" install -q --upgrade pip
run "$VENV/bin/pip" install -q --upgrade "$SRC"

# 4. configuration, never overwritten --------------------------------------------
run install -d -m 0755 "$ETC"
if [ -e "$ETC/config.toml" ]; then
    say "keeping $ETC/config.toml"
else
    say "writing $ETC/config.toml from companion/config.example.toml"
    run install -m 0640 -o root -g "$SERVICE_USER" "$SRC/companion/config.example.toml" "$ETC/config.toml"
fi
if [ -e "$DEFAULTS" ]; then
    say "keeping $DEFAULTS"
else
    # a referee PIN of its own, kept here (not a new random one at every start, seen only in journalctl)
    NEW_PIN=${COMPANION_PIN:-$(python3 -c 'import secrets; print(f"{secrets.randbelow(10**6):06d}")')}
    say "writing $DEFAULTS from systemd/companion.env.example, with the referee PIN $NEW_PIN"
    run install -m 0640 -o root -g "$SERVICE_USER" "$SRC/systemd/companion.env.example" "$DEFAULTS"
    run sed -i "s/^#COMPANION_REFEREE_PIN=.*/COMPANION_REFEREE_PIN=$NEW_PIN/" "$DEFAULTS"
fi

# 5. the unit ----------------------------------------------------------------------
say "installing $UNIT_DIR/companion.service"
run install -m 0644 "$SRC/systemd/companion.service" "$UNIT_DIR/companion.service"
run systemctl daemon-reload
run systemctl enable companion.service
if systemctl is-active --quiet companion.service 2>/dev/null; then
    say "restarting companion.service (new code or unit)"
    run systemctl restart companion.service
else
    say "starting companion.service"
    run systemctl start companion.service
fi
say "done: the page is at http://$(hostname).local:8000/ ; logs: journalctl -u companion -f"
if [ -n "${NEW_PIN:-}" ]; then
    say "the referee PIN is $NEW_PIN (change it in $DEFAULTS, then: sudo systemctl restart companion)"
else
    say "the referee PIN is in $DEFAULTS (COMPANION_REFEREE_PIN)"
fi
