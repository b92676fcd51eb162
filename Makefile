# Table Companion: the two README commands (make demo, make test) and the rest.
# Each target makes the virtual environment first, installing the Debian packages
# it needs with apt-get when they are missing (as root, or through sudo).

PYTHON  ?= python3
VENV    ?= .venv
PY      := $(VENV)/bin/python
PIP     := $(PY) -m pip
STAMP   := $(VENV)/.installed
SUDO    := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
IS_PI   := $(shell grep -qs "Raspberry Pi" /proc/device-tree/model && echo yes)

# Debian packages: zbar for pyzbar, poppler for the print kit's round-trip test,
# Chromium for the browser tests, systemd for `systemd-analyze verify` of the unit,
# python3-venv for the virtual environment.
APT_BASE := python3-venv libzbar0 poppler-utils
APT_TEST := chromium fonts-dejavu-core systemd
ifeq ($(IS_PI),yes)
# On a Pi, picamera2, OpenCV and numpy come from apt (pip's opencv pulls a numpy 2
# that breaks picamera2's compiled parts), so the venv sees the system packages.
APT_BASE += python3-picamera2 python3-opencv python3-numpy python3-lgpio
VENV_FLAGS := --system-site-packages
EXTRAS := test
else
EXTRAS := test,opencv
endif

.PHONY: demo test bench apt-base apt-test venv clean tags

demo: venv
	$(VENV)/bin/companion demo

test: venv apt-test
	$(PY) -m pytest -q

bench: venv
	$(PY) -m companion.bench

tags: venv
	$(VENV)/bin/companion tags GLC --out tags-GLC.pdf

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

apt-test:
	@missing=""; for p in $(APT_TEST); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then echo "installing Debian packages:$$missing"; \
	  $(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; fi

clean:
	rm -rf $(VENV) .pytest_cache build *.egg-info
