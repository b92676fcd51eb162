# Table Companion: the two README commands (make demo, make test) and the rest.
# Each target makes the virtual environment first, installing the Debian packages
# it needs with apt-get when they are missing (as root, or through sudo).

PYTHON  ?= python3
# Python caches each module it compiles (__pycache__, ignored by git). An environment
# that says PYTHONDONTWRITEBYTECODE (this machine's does) makes every process compile every
# module again: each test worker's collection (13 s instead of 4 here) and each
# `companion` the tests start (0.7 s instead of 0.45 s to import the live stack).
unexport PYTHONDONTWRITEBYTECODE
VENV    ?= .venv
PY      := $(VENV)/bin/python
PIP     := $(PY) -m pip
STAMP   := $(VENV)/.installed
SUDO    := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
IS_PI   := $(shell grep -qs "Raspberry Pi" /proc/device-tree/model && echo yes)

# Debian packages: zbar for pyzbar, poppler for the print kit's round-trip test,
# Chromium for the browser tests, systemd for `systemd-analyze verify` of the unit,
# python3-venv for the virtual environment, openssl for the HTTPS certificate a
# phone camera needs (companion/service/tls.py), Mosquitto (the MQTT broker and its
# mosquitto_passwd) for event mode: its demo and its tests run a real broker;
# espeak-ng and alsa-utils (aplay) for the referee's voice, and sox, with which
# its tests measure what it said (tests/voice).
APT_BASE := python3-venv libzbar0 poppler-utils openssl espeak-ng alsa-utils
APT_EVENT := mosquitto
APT_VOICE_TEST := sox
APT_TEST := chromium fonts-dejavu-core systemd $(APT_EVENT) $(APT_VOICE_TEST)
ifeq ($(IS_PI),yes)
# On a Pi, picamera2, OpenCV and numpy come from apt (pip's opencv pulls a numpy 2
# that breaks picamera2's compiled parts), so the venv sees the system packages.
# python3-picamera2 and python3-lgpio come from the Raspberry Pi archive: on a Pi
# running plain Debian they are missing, and the companion goes on without them.
APT_BASE += python3-opencv python3-numpy
APT_PI := python3-picamera2 python3-lgpio
VENV_FLAGS := --system-site-packages
EXTRAS := test
else
EXTRAS := test,opencv
endif

.PHONY: demo event-demo soak-event test test-example-games lint test-debian-opencv bench render-frames contract soak apt-base apt-test apt-event venv clean tags plans translations

# The page's port: make demo PORT=8080 when 8000 is taken (both demos).
PORT ?= 8000
demo: venv
	$(VENV)/bin/companion demo --port $(PORT)

# Event mode on one machine: a Mosquitto broker on free ports, six simulated tables
# playing different games, and the event page at http://127.0.0.1:8000 (docs/event.md).
TABLES ?= 6
event-demo: venv apt-event
	$(VENV)/bin/companion demo --tables $(TABLES) --port $(PORT)

# The suite runs on every core (pytest-xdist): each test owns its files, ports and browser context.
# --dist loadgroup keeps the tests marked xdist_group(...) in one worker: those reading a game's
# fast demo (tests/support/demo_run.py) then share one run of it. Then the example games' run
# (test-example-games below).
test: lint apt-test
	$(PY) -m pytest -q -n auto --dist loadgroup
	$(PY) -m pytest -q -n auto --dist loadgroup --with-example-games $(EXAMPLE_GAME_TESTS)

# The two example games of docs/adding-a-game.md (tests/example_game/<name>/, each with
# its page in docs/games/) registered beside the five (--with-example-games, tests/conftest.py):
# the tests parametrized over the registry run their cases (the five's are the suite's),
# which proves that adding a game touches its folder and its page only, and
# tests/example_game/test_registered.py fails if an example drops out of a file's cases.
EXAMPLE_GAME_TESTS := tests/example_game/test_registered.py tests/models/test_registry.py \
  tests/models/test_game_template.py tests/models/test_legal_moves.py tests/models/test_whereabouts.py \
  tests/models/test_action_form.py tests/models/test_action_words.py tests/models/test_action_descriptions.py \
  tests/models/test_alerts_declared.py tests/models/test_game_from_tags.py tests/models/test_jump_search.py \
  tests/contract/test_every_game.py tests/printkit/test_plan.py tests/printkit/test_layout.py \
  tests/printkit/test_markers.py tests/printkit/test_roundtrip.py tests/printkit/test_docs_tag_sizes.py \
  tests/printkit/test_cli.py::test_all_games_one_pdf_each \
  tests/printkit/test_cli.py::test_all_games_to_a_pdf_name_write_one_pdf_each_beside_it_readable_by_others \
  tests/reliability/test_secrets.py::test_no_public_output_names_a_secret \
  tests/reliability/test_rules_holes.py::test_every_game_refuses_a_name_that_is_not_one_of_its_seats \
  tests/reliability/test_rules_holes.py::test_nobody_wins_a_game_that_has_only_just_started \
  tests/voice/test_sentences.py::test_each_games_demo_ends_with_its_winner \
  tests/voice/test_demo_voice.py::test_no_spoken_sentence_names_a_hidden_card \
  tests/live/test_demo.py::test_the_demo_of_every_game_reaches_its_examples_last_state \
  tests/event/test_hidden_over_mqtt.py::test_no_published_message_names_a_secret_card \
  tests/web/test_story_page.py::test_every_games_story_is_one_entry_a_move \
  tests/live/test_take_over.py::test_a_take_over_is_never_wrong \
  tests/live/test_take_over.py::test_every_game_is_read_from_its_table_at_any_point_and_refereed_to_its_end \
  tests/live/test_take_over.py::test_a_restart_with_the_journal_deleted_takes_the_game_over_again \
  tests/live/test_table_offer.py tests/live/test_camera_gaps.py::test_every_game_catches_up_a_gap_truly_or_asks \
  tests/models/test_reflection.py::test_the_card_and_its_place_in_the_games_words \
  tests/vision/test_glare.py::test_a_reflection_holds_the_tag_where_it_was_and_the_table_settles \
  tests/live/test_reflection_told.py::test_the_page_and_the_leds_say_where_a_reflection_hides_a_card \
  tests/web/test_console_words.py tests/i18n/test_sentences.py
test-example-games: venv apt-test
	$(PY) -m pytest -q -n auto --dist loadgroup --with-example-games $(EXAMPLE_GAME_TESTS)

# Static checks, run first by `make test`: ruff (pyflakes, pycodestyle, isort, bugbear,
# pyupgrade, simplify) and mypy (strict on models/); settings in pyproject.toml.
lint: venv
	@$(PY) -m ruff check . || { echo "make lint: ruff found the problems above ('$(PY) -m ruff check --fix .' fixes the simple ones)"; exit 1; }
	@$(PY) -m mypy || { echo "make lint: mypy found the type errors above"; exit 1; }

# The Pi's stack on any Debian: apt's OpenCV 4.6 and numpy 1.24 seen through a venv
# made from Debian's own python3 with --system-site-packages (no pip OpenCV or numpy),
# so a Pi-only break shows here.
DEBIAN_VENV := .venv-debian
test-debian-opencv: apt-base apt-event
	@for p in python3-opencv python3-numpy $(APT_VOICE_TEST); do dpkg -s $$p >/dev/null 2>&1 || \
	  { $(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$p; }; done
	[ -x $(DEBIAN_VENV)/bin/python ] || /usr/bin/python3 -m venv --system-site-packages $(DEBIAN_VENV)
	$(DEBIAN_VENV)/bin/python -m pip install -q -e '.[test]'
	$(DEBIAN_VENV)/bin/python -c "import cv2, numpy; print('Debian stack: OpenCV', cv2.__version__, 'numpy', numpy.__version__)"
	$(DEBIAN_VENV)/bin/python -m pytest -q -n auto --dist loadgroup -m "not browser" -p no:cacheprovider --ignore=tests/contract

# Every game's contract over 1,000 random legal games per game and table size
# (make test plays 40 of each); a failure names the seed that replays it.
contract: venv
	COMPANION_CONTRACT_GAMES=$(or $(GAMES),1000) $(PY) -m pytest -q tests/contract

bench: venv
	$(PY) -m companion.bench

# The path-traced table (companion/pathtraced, the bench's `pathtraced` section): Blender's
# bpy (the `render` extra, ~400 MB, Python 3.11 only) goes into its own venv, never into
# the one `make demo` and `make test` use; renders the frames missing from
# tests/data/pathtraced/ (40-60 s a frame on 2 busy cores; RENDER_ARGS=--again redoes them).
RENDER_VENV := .venv-render
render-frames: apt-base
	[ -x $(RENDER_VENV)/bin/python ] || $(PYTHON) -m venv $(RENDER_VENV)
	$(RENDER_VENV)/bin/python -m pip install -q -e '.[render,opencv]'
	$(RENDER_VENV)/bin/python -m companion.pathtraced $(RENDER_ARGS)

# The demo under waves of viewers, the camera view and the referee for MINUTES
# (make soak MINUTES=60); fails when memory, threads or open files keep growing.
# The plot and figures go to out/soak/ (SOAK_OUT=docs/img to refresh the README's);
# CAMERA=4608x2592 runs the simulated camera at the Pi camera's default mode.
MINUTES  ?= 5
SOAK_OUT ?= out/soak
CAMERA   ?= 1600x900
soak: venv
	$(PY) -m companion.soak.demo --minutes $(MINUTES) --camera $(CAMERA) --out $(SOAK_OUT)

# The event hub (companion event) for MINUTES with 50 tables publishing, a game
# ending at each every 20 minutes, and 200 spectators; fails when its memory keeps growing.
soak-event: venv apt-event
	$(PY) -m companion.soak.event --minutes $(MINUTES)

tags: venv
	$(VENV)/bin/companion tags GLC --out tags-GLC.pdf

# Each game's table plan, drawn from its arrange() of a table in mid-game, as the
# picture on its page (docs/img/plan-<slug>.png); tests/printkit/test_plan.py fails
# when a picture is older than the code that draws it. pdftoppm draws the PNGs.
# The translation catalogs (web/locale, companion/locale, models/locale,
# models/<game>/locale) brought in step with the code: new sentences come in
# untranslated and are listed, gone ones leave; tests/i18n fails until each has
# its German and Spanish.
translations: venv
	$(PY) -m web.i18n_update

plans: venv
	$(PY) -m companion.printkit docs/img
	$(PY) -m tests.support.example_games docs/img

venv: $(STAMP)

$(STAMP): pyproject.toml | apt-base
	$(PYTHON) -m venv $(VENV_FLAGS) $(VENV)
	$(PIP) install -q --upgrade pip
	$(PIP) install -q -e '.[$(EXTRAS)]'
	touch $(STAMP)

apt-base:
	@missing=""; for p in $(APT_BASE); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then echo "installing Debian packages:$$missing"; \
	  $(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; fi
	@for p in $(APT_PI); do dpkg -s $$p >/dev/null 2>&1 && continue; \
	  if apt-cache policy $$p 2>/dev/null | grep -q 'Candidate: [^(]'; then \
	    $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$p; \
	  else echo "WARNING: $$p is not in this system's apt sources (it comes from the Raspberry Pi archive," \
	    "archive.raspberrypi.com): going on without it"; fi; done

apt-event:
	@missing=""; for p in $(APT_EVENT); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then echo "installing Debian packages:$$missing"; \
	  $(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; fi

apt-test:
	@missing=""; for p in $(APT_TEST); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then echo "installing Debian packages:$$missing"; \
	  $(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; fi

clean:
	rm -rf $(VENV) $(DEBIAN_VENV) $(RENDER_VENV) .pytest_cache .mypy_cache .ruff_cache build *.egg-info
