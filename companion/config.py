"""The companion's settings: a TOML file, then environment overrides.

Every setting has a default, so an empty file (or none) is a valid config. The
file names sections and keys exactly as :data:`DEFAULTS` does; an environment
variable ``COMPANION_<SECTION>_<KEY>`` overrides one key (``COMPANION_WEB_PORT=8080``,
``COMPANION_REFEREE_PIN=4321``, ``COMPANION_SEAT_LEDS_RED=17``). A bad value or an
unknown key is a :class:`ConfigError` naming the file and the key::

    >>> cfg = load_config(None, env={"COMPANION_WEB_PORT": "8080"})
    >>> cfg.web.port, cfg.table_mm
    (8080, (900.0, 600.0))

See ``companion/config.example.toml`` for every key with its meaning.
"""
from __future__ import annotations

import copy
import os
import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from models import jsonio
from models.catalog import OVERRIDE_ENV
from models.text import LANGUAGES

ENV_PREFIX = "COMPANION_"
#: an event's or a table's name (companion.event.topics.NAME_RE: one level of an MQTT topic)
EVENT_NAME_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,31}")
#: The largest config file read (it is a few hundred bytes in practice).
MAX_CONFIG_BYTES = 1024 * 1024
# COMPANION_* variables that are not settings: the config file's path, and the
# catalog override folders read by models.catalog.
NOT_SETTINGS = frozenset({ENV_PREFIX + "CONFIG", OVERRIDE_ENV})


class ConfigError(ValueError):
    """A config file or override the companion cannot use; the message names the
    file (or environment variable) and the key."""


#: The one rule for a referee PIN, for --pin, the config file and the environment.
#: Whitespace is never part of a PIN: setting one with any is refused, and the
#: console and the API drop whitespace typed around one (web.auth).
PIN_RULE = "a PIN is 4-64 characters: letters, digits or punctuation, no spaces"
PIN_MIN, PIN_MAX = 4, 64


def validate_pin(pin: Any, where: str) -> str:
    """``pin`` if it is a valid referee PIN (:data:`PIN_RULE`), else a ConfigError
    naming ``where`` (``--pin``, the file and key, or the environment variable).
    "" is valid here: no PIN, so ``companion run`` makes up one."""
    if pin == "":
        return pin
    if not (isinstance(pin, str) and PIN_MIN <= len(pin) <= PIN_MAX and pin.isascii()
            and pin.isprintable() and not any(c.isspace() for c in pin)):
        shown = pin[:PIN_MAX] + "..." if isinstance(pin, str) and len(pin) > PIN_MAX else pin
        raise ConfigError(f"{where}: {PIN_RULE}, not {shown!r}")
    return pin


def default_journal_path() -> str:
    """Where the journal lives when the config does not say: systemd's
    StateDirectory when run as a service, else ~/.local/state/table-companion."""
    state_dir = os.environ.get("STATE_DIRECTORY")
    if state_dir:
        return str(Path(state_dir.split(":")[0]) / "journal.sqlite")
    base = Path(os.environ.get("XDG_STATE_HOME") or Path.home() / ".local" / "state")
    return str(base / "table-companion" / "journal.sqlite")


# section -> key -> default. The default's type is the key's type (a float key
# accepts whole numbers). ``seat_leds`` is open: seat colour -> GPIO pin.
DEFAULTS: dict[str, dict[str, Any]] = {
    "table": {"width_mm": 900.0, "height_mm": 600.0},
    "game": {"code": "", "players": [], "options": {}},
    "camera": {"source": "picamera2", "width": 4608, "height": 2592, "fps": 10.0, "stall_s": 2.0},
    "vision": {"decoder": "zxing", "appear_frames": 2, "vanish_s": 1.5, "settle_s": 0.6},
    "pins": {"factory": "auto", "status_red": 5, "status_green": 6, "status_blue": 13,
             "buzzer": 19, "confirm_button": 20, "undo_button": 21},
    "seat_leds": {"RED": 17, "BLUE": 27, "GREEN": 22, "YELLOW": 23, "PURPLE": 24, "ORANGE": 25},
    "web": {"bind": "0.0.0.0", "port": 8000, "threads": 16, "https_port": 0, "tls_cert": "", "tls_key": "",
            "language": "", "hosts": []},
    "referee": {"pin": ""},
    "journal": {"path": ""},
    "event": {"broker": "", "event": "", "table": "", "username": "", "password": "", "ca_file": "",
              "view_interval_s": 1.0},
    "voice": {"enabled": False, "volume": 100, "mute": False, "device": "", "voices": ""},
}


class Section:
    """One config section: its keys as attributes (``cfg.web.port``)."""

    def __init__(self, name: str, values: Mapping[str, Any]):
        self._name = name
        self._values = dict(values)
        for k, v in values.items():
            setattr(self, k, v)

    if TYPE_CHECKING:
        def __getattr__(self, key: str) -> Any: ...   # the keys, set in __init__
        def __setattr__(self, key: str, value: Any) -> None: ...

    def as_dict(self) -> dict[str, Any]:
        return copy.deepcopy(self._values)

    def __repr__(self) -> str:
        return f"Section({self._name!r}, {self._values!r})"


@dataclass
class Config:
    """The whole configuration, one :class:`Section` per TOML table."""

    table: Section
    game: Section
    camera: Section
    vision: Section
    pins: Section
    seat_leds: Section
    web: Section
    referee: Section
    journal: Section
    event: Section
    voice: Section
    source: str = "<defaults>"

    @property
    def table_mm(self) -> tuple[float, float]:
        return (float(self.table.width_mm), float(self.table.height_mm))

    def as_dict(self) -> dict[str, dict[str, Any]]:
        return {name: getattr(self, name).as_dict() for name in DEFAULTS}


def _type_name(t: type) -> str:
    return {int: "a whole number", float: "a number", str: "text", bool: "true or false",
            list: "a list", dict: "a table"}.get(t, t.__name__)


def _check(value: Any, default: Any, where: str) -> Any:
    """Check one TOML value against its default's type; return it converted."""
    t = type(default)
    if t is bool:
        ok = isinstance(value, bool)
    elif t is int:
        ok = isinstance(value, int) and not isinstance(value, bool)
    elif t is float:
        ok = isinstance(value, (int, float)) and not isinstance(value, bool)
        value = float(value) if ok else value
    elif t is list:
        ok = isinstance(value, list) and all(isinstance(x, str) for x in value)
    else:
        ok = isinstance(value, t)
    if not ok:
        raise ConfigError(f"{where}: expected {_type_name(t)}, not {value!r}")
    return value


def _from_text(text: str, default: Any, where: str) -> Any:
    """Convert an environment variable's text to the key's type."""
    t = type(default)
    if t is bool:
        low = text.strip().lower()
        if low in ("1", "true", "yes", "on"):
            return True
        if low in ("0", "false", "no", "off"):
            return False
        raise ConfigError(f"{where}: expected true or false, not {text!r}")
    if t is int:
        try:
            return int(text)
        except ValueError:
            raise ConfigError(f"{where}: expected a whole number, not {text!r}") from None
    if t is float:
        try:
            return float(text)
        except ValueError:
            raise ConfigError(f"{where}: expected a number, not {text!r}") from None
    if t is list:
        return [x.strip() for x in text.split(",") if x.strip()]
    if t is dict:
        out = {}
        for part in filter(None, (p.strip() for p in text.split(","))):
            if "=" not in part:
                raise ConfigError(f"{where}: expected KEY=VALUE[,KEY=VALUE...], not {text!r}")
            k, v = part.split("=", 1)
            out[k.strip()] = v.strip()
        return out
    return text


def _validate(values: dict[str, dict[str, Any]], where: str) -> None:
    t = values["table"]
    if t["width_mm"] <= 0 or t["height_mm"] <= 0:
        raise ConfigError(f"{where}: [table] width_mm and height_mm must be positive")
    if not 1 <= values["web"]["port"] <= 65535:
        raise ConfigError(f"{where}: [web] port must be 1-65535, not {values['web']['port']}")
    if not 0 <= values["web"]["https_port"] <= 65535 or values["web"]["https_port"] == values["web"]["port"]:
        raise ConfigError(f"{where}: [web] https_port must be 0 (only for a phone camera) or a port 1-65535 "
                          f"other than port, not {values['web']['https_port']}")
    if bool(values["web"]["tls_cert"]) != bool(values["web"]["tls_key"]):
        raise ConfigError(f"{where}: [web] tls_cert and tls_key go together (or leave both empty)")
    if values["web"]["language"] not in ("", *LANGUAGES):
        raise ConfigError(f"{where}: [web] language must be empty (each browser's own) or one of "
                          f"{', '.join(LANGUAGES)}, not {values['web']['language']!r}")
    if values["web"]["threads"] < 1:
        raise ConfigError(f"{where}: [web] threads must be at least 1")
    if values["camera"]["fps"] <= 0:
        raise ConfigError(f"{where}: [camera] fps must be positive")
    if values["camera"]["stall_s"] <= 0:
        raise ConfigError(f"{where}: [camera] stall_s must be positive (seconds without a frame before "
                          "the camera counts as lost)")
    if values["vision"]["decoder"] not in ("zxing", "zbar", "pyzbar"):
        raise ConfigError(f"{where}: [vision] decoder must be zxing or zbar, not {values['vision']['decoder']!r}")
    validate_pin(values["referee"]["pin"], f"{where}: [referee] pin")
    used: dict[int, str] = {}
    pins = [(f"[pins] {k}", v) for k, v in values["pins"].items() if k != "factory"]
    pins += [(f"[seat_leds] {k}", v) for k, v in values["seat_leds"].items()]
    for name, n in pins:
        if not 0 <= n <= 40:
            raise ConfigError(f"{where}: {name} = {n} is not a GPIO number (0-40)")
        if n in used:
            raise ConfigError(f"{where}: {name} and {used[n]} both use GPIO {n}")
        used[n] = name
    ev = values["event"]
    if ev["view_interval_s"] <= 0:
        raise ConfigError(f"{where}: [event] view_interval_s must be positive")
    for key in ("event", "table"):
        if ev[key] and not EVENT_NAME_RE.fullmatch(ev[key]):
            raise ConfigError(f"{where}: [event] {key} is 1-32 letters, digits, '-' or '_', not {ev[key]!r}")
    voice = values["voice"]
    if not 0 <= voice["volume"] <= 100:
        raise ConfigError(f"{where}: [voice] volume is 0-100 (per cent), not {voice['volume']}")
    if voice["device"] and not re.fullmatch(r"[A-Za-z0-9_:,=.-]{1,100}", voice["device"]):
        raise ConfigError(f"{where}: [voice] device must be an ALSA device name as `aplay -L` lists it "
                          f"(default, plughw:CARD=Headphones,DEV=0, hw:1,0), not {voice['device']!r}")
    if values["pins"]["factory"] not in ("auto", "mock", "lgpio", "rpigpio", "pigpio", "native"):
        raise ConfigError(f"{where}: [pins] factory must be auto, mock, lgpio, rpigpio, pigpio or native")


def _read_toml(path: str | os.PathLike, where: str) -> dict[str, Any]:
    """The config file parsed: at most :data:`MAX_CONFIG_BYTES` of UTF-8 TOML nested
    at most ``jsonio.MAX_DEPTH`` levels; anything else is a ConfigError naming the file."""
    try:
        raw = jsonio.read_file(path, MAX_CONFIG_BYTES, where)
        text = jsonio.decode(raw, where)
        try:
            data = tomllib.loads(text)
        except RecursionError:
            raise jsonio.InputError(f"{where}: nested more than {jsonio.MAX_DEPTH} levels deep "
                                    "(arrays and tables)") from None
        jsonio.check_depth(data, where)
    except FileNotFoundError:
        raise ConfigError(f"{where}: no such config file") from None
    except IsADirectoryError:
        raise ConfigError(f"{where}: is a folder, not a config file") from None
    except OSError as e:
        raise ConfigError(f"{where}: cannot read: {e.strerror or e}") from None
    except jsonio.InputError as e:
        raise ConfigError(str(e)) from None
    except tomllib.TOMLDecodeError as e:
        raise ConfigError(f"{where}: not valid TOML: {e}") from None
    return data


def load_config(path: str | os.PathLike | None = None, env: Mapping[str, str] | None = None) -> Config:
    """Read ``path`` (None: defaults only), apply ``COMPANION_<SECTION>_<KEY>``
    overrides from ``env`` (default ``os.environ``) and check every value."""
    env = os.environ if env is None else env
    values = copy.deepcopy(DEFAULTS)
    where = "<defaults>"
    if path is not None:
        where = str(path)
        data = _read_toml(path, where)
        for section, body in data.items():
            if section not in DEFAULTS:
                raise ConfigError(f"{where}: unknown section [{section}] (known: {', '.join(DEFAULTS)})")
            if not isinstance(body, dict):
                raise ConfigError(f"{where}: {section} must be a [{section}] table")
            if section == "seat_leds":
                values["seat_leds"] = {}
            for key, value in body.items():
                if section == "seat_leds":
                    colour = key.upper()
                    values[section][colour] = _check(value, 0, f"{where}: [seat_leds] {key}")
                    continue
                if key not in DEFAULTS[section]:
                    known = ", ".join(DEFAULTS[section])
                    raise ConfigError(f"{where}: [{section}] has no key {key!r} (known: {known})")
                values[section][key] = _check(value, DEFAULTS[section][key], f"{where}: [{section}] {key}")
    # environment overrides, longest section name first (seat_leds before seat...)
    sections = sorted(DEFAULTS, key=len, reverse=True)
    for name, text in env.items():
        if not name.startswith(ENV_PREFIX) or name in NOT_SETTINGS:
            continue
        rest = name[len(ENV_PREFIX):].lower()
        found = next((s for s in sections if rest.startswith(s + "_")), None)
        if found is None:
            raise ConfigError(f"environment {name}: no config section matches (sections: {', '.join(DEFAULTS)})")
        section = found
        key = rest[len(section) + 1:]
        if section == "seat_leds":
            values[section][key.upper()] = _from_text(text, 0, f"environment {name}")
            continue
        if key not in DEFAULTS[section]:
            raise ConfigError(f"environment {name}: [{section}] has no key {key!r} "
                              f"(known: {', '.join(DEFAULTS[section])})")
        values[section][key] = _from_text(text, DEFAULTS[section][key], f"environment {name}")
        if (section, key) == ("referee", "pin"):
            validate_pin(text, f"environment {name}")
        where = where if where != "<defaults>" else "<environment>"
    values["game"]["players"] = [p.upper() for p in values["game"]["players"]]
    if not values["journal"]["path"]:
        values["journal"]["path"] = default_journal_path()
    _validate(values, where)
    return Config(**{name: Section(name, values[name]) for name in DEFAULTS}, source=where)


def default_config() -> Config:
    """Defaults only (no file, no environment): for tests and the demo."""
    return load_config(None, env={})
