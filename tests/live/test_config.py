"""Config: TOML file, environment overrides, and clear errors naming the file and key."""
from pathlib import Path

import pytest

from companion.config import ConfigError, load_config

EXAMPLE = Path(__file__).resolve().parents[2] / "companion" / "config.example.toml"


def write(tmp_path, text):
    p = tmp_path / "companion.toml"
    p.write_text(text)
    return p


def test_example_config_is_valid_and_matches_defaults():
    from companion.config import default_config
    cfg = load_config(EXAMPLE, env={})
    defaults = default_config()
    assert cfg.as_dict() == defaults.as_dict()
    assert cfg.table_mm == (900.0, 600.0)
    assert cfg.seat_leds.as_dict()["RED"] == 17


def test_file_values_are_read(tmp_path):
    p = write(tmp_path, """
[table]
width_mm = 1200
height_mm = 800
[web]
port = 9000
bind = "127.0.0.1"
[referee]
pin = "2468"
[seat_leds]
red = 4
blue = 12
[game]
code = "GLC"
players = ["red", "blue", "green"]
""")
    cfg = load_config(p, env={})
    assert cfg.table_mm == (1200.0, 800.0)
    assert (cfg.web.port, cfg.web.bind, cfg.referee.pin) == (9000, "127.0.0.1", "2468")
    assert cfg.seat_leds.as_dict() == {"RED": 4, "BLUE": 12}   # the file's seats replace the defaults
    assert cfg.game.players == ["RED", "BLUE", "GREEN"]


def test_environment_overrides_the_file(tmp_path):
    p = write(tmp_path, "[web]\nport = 9000\n")
    env = {"COMPANION_WEB_PORT": "8081", "COMPANION_REFEREE_PIN": "9999", "COMPANION_SEAT_LEDS_GREEN": "16",
           "COMPANION_GAME_PLAYERS": "red,blue", "COMPANION_VISION_SETTLE_S": "0.3", "COMPANION_CONFIG": "ignored",
           "COMPANION_CATALOGS": "/home/me/my-catalogs",
           "PATH": "/bin"}
    cfg = load_config(p, env=env)
    assert cfg.web.port == 8081
    assert cfg.referee.pin == "9999"
    assert cfg.seat_leds.GREEN == 16
    assert cfg.game.players == ["RED", "BLUE"]
    assert cfg.vision.settle_s == 0.3


def test_journal_path_follows_systemd_state_directory(monkeypatch, tmp_path):
    monkeypatch.setenv("STATE_DIRECTORY", str(tmp_path))
    assert load_config(None, env={}).journal.path == str(tmp_path / "journal.sqlite")


@pytest.mark.parametrize("text, words", [
    ("[web]\nport = 'eighty'\n", ["companion.toml", "[web] port", "whole number", "eighty"]),
    ("[web]\nprot = 80\n", ["companion.toml", "[web]", "'prot'", "known: bind, port, threads"]),
    ("[camra]\nsource = 'x'\n", ["unknown section [camra]"]),
    ("[web\nport = 80\n", ["companion.toml", "not valid TOML"]),
    ("[web]\nport = 70000\n", ["[web] port must be 1-65535"]),
    ("[pins]\nbuzzer = 17\n", ["[pins] buzzer", "[seat_leds] RED", "GPIO 17"]),
    ("[referee]\npin = '12'\n", ["[referee] pin", "4-64 characters"]),
    ("[vision]\ndecoder = 'magic'\n", ["[vision] decoder", "zxing or zbar"]),
    ("[table]\nwidth_mm = -5\n", ["[table] width_mm", "positive"]),
])
def test_bad_file_names_file_and_key(tmp_path, text, words):
    p = write(tmp_path, text)
    with pytest.raises(ConfigError) as err:
        load_config(p, env={})
    for w in words:
        assert w in str(err.value)


@pytest.mark.parametrize("env, words", [
    ({"COMPANION_WEB_PORT": "abc"}, ["COMPANION_WEB_PORT", "whole number", "'abc'"]),
    ({"COMPANION_WEB_PROT": "80"}, ["COMPANION_WEB_PROT", "'prot'"]),
    ({"COMPANION_NOPE_X": "1"}, ["COMPANION_NOPE_X", "no config section"]),
    ({"COMPANION_SEAT_LEDS_RED": "x"}, ["COMPANION_SEAT_LEDS_RED", "whole number"]),
])
def test_bad_environment_names_the_variable(env, words):
    with pytest.raises(ConfigError) as err:
        load_config(None, env=env)
    for w in words:
        assert w in str(err.value)


def test_missing_file(tmp_path):
    with pytest.raises(ConfigError, match="no such config file"):
        load_config(tmp_path / "absent.toml", env={})
