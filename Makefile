# Two commands for a new user (README): `make run` and `make test`.
# TORCH chooses the torch requirement: the default is the standard PyPI release (a CUDA build on Linux);
# e.g. TORCH="torch==2.13.0 --index-url https://download.pytorch.org/whl/cu124" picks another build.
PYTHON ?= python3
VENV ?= .venv
TORCH ?= torch==2.13.0
RUN_DIR ?= runs/default
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# The headless job: servers in the field carry no Qt and often transformers 4.57. This environment has neither
# PySide6 nor pyqtgraph (the package with --no-deps, plus its dependencies except those two, read from
# pyproject.toml) and transformers 4.57: the core of the suite — spec, model, estimate, worker, checks, CLI,
# HTML/JSON report, hostile input — runs in it (not the GUI tests and the PDF, which Qt draws, nor the wheel
# build and the OS fault tests, which need no Qt and run in the main job).
COMPAT_VENV ?= .venv-headless
COMPAT_TRANSFORMERS ?= transformers==4.57.*
# The remote and Slurm tests (a real sshd, a real slurmctld) run in the main job only: the code they prove has no
# Qt and no version split.
# The customer's command (a black box run from outside) and the probe (hardware) do not depend on the installed
# transformers or on Qt: they run in the main job only, to keep CI short.
COMPAT_TESTS := tests --ignore=tests/gui --ignore=tests/test_packaging.py --ignore=tests/hostile/test_faults.py --ignore=tests/test_remote.py --ignore=tests/test_slurm.py --ignore=tests/test_command.py --ignore=tests/test_probe.py -m "not gui"
COMPAT_STAMP := $(COMPAT_VENV)/.installed
CORE_DEPS = $(shell $(PYTHON) -c "import tomllib; d = tomllib.load(open('pyproject.toml', 'rb')); \
	print(' '.join(repr(x) for x in d['project']['dependencies'] if not x.lower().startswith(('pyside6', 'pyqtgraph'))))")
HEADLESS_TEST_DEPS := pytest hypothesis import-linter datasets

.PHONY: install run test test-main test-headless test-fast lint clean lupdate lrelease system-tools

$(STAMP): pyproject.toml Makefile
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q $(TORCH)
	$(BIN)/python -m pip install -q -e ".[dev]"
	touch $(STAMP)

install: $(STAMP)

# The GUI where there is a display; otherwise the headless path on the embedded default (tiny-llama, CPU).
run: $(STAMP)
	@if [ -n "$$DISPLAY$$WAYLAND_DISPLAY" ] && $(BIN)/python -c "import trainsizer.gui.app" 2>/dev/null; then \
		$(BIN)/trainsizer gui; \
	else \
		HF_HUB_OFFLINE=1 $(BIN)/python -m trainsizer.cli.default_run "$(RUN_DIR)"; \
	fi

$(COMPAT_STAMP): pyproject.toml Makefile
	$(PYTHON) -m venv $(COMPAT_VENV)
	$(COMPAT_VENV)/bin/python -m pip install -q --upgrade pip
	$(COMPAT_VENV)/bin/python -m pip install -q $(TORCH) "$(COMPAT_TRANSFORMERS)"
	$(COMPAT_VENV)/bin/python -m pip install -q $(CORE_DEPS) $(HEADLESS_TEST_DEPS)
	$(COMPAT_VENV)/bin/python -m pip install -q --no-deps -e .
	touch $(COMPAT_STAMP)

# The two environments install side by side (pip waits on the network and the disk more than on the CPU: 49 s
# instead of 87 s on the development machine), then the two jobs run one after the other.
test:
	$(MAKE) -j2 $(STAMP) $(COMPAT_STAMP)
	$(MAKE) test-main
	$(MAKE) test-headless

# Everything but the slow tests (workers, model builds, the wheel): a quick loop while developing.
test-fast: $(STAMP)
	QT_QPA_PLATFORM=offscreen HF_HUB_OFFLINE=1 $(BIN)/python -m pytest -m "not slow"

# The report tests open the HTML in headless Chromium and render the PDF with pdftoppm; the remote tests start
# OpenSSH's sshd on 127.0.0.1, the Slurm tests munged, slurmctld and slurmd on localhost (Debian packages); installed here when missing and apt-get can (root);
# otherwise those tests skip, saying why.
SYSTEM_TOOLS := chromium pdftoppm pdftotext /usr/sbin/sshd /usr/sbin/slurmctld /usr/sbin/munged
SYSTEM_PACKAGES := chromium poppler-utils openssh-server slurm-wlm munge
system-tools:
	@missing=""; for t in $(SYSTEM_TOOLS); do command -v $$t >/dev/null || missing="$$missing $$t"; done; \
	if [ -n "$$missing" ] && command -v apt-get >/dev/null && [ "$$(id -u)" = 0 ]; then \
		echo "installing $(SYSTEM_PACKAGES) (missing:$$missing)"; \
		DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $(SYSTEM_PACKAGES) >/dev/null \
		|| (apt-get update -q >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $(SYSTEM_PACKAGES) >/dev/null) \
		|| echo "could not install $(SYSTEM_PACKAGES): the browser, PDF and SSH tests will skip"; \
	fi

test-main: $(STAMP) system-tools
	QT_QPA_PLATFORM=offscreen HF_HUB_OFFLINE=1 $(BIN)/python -m pytest --durations=15

test-headless: $(COMPAT_STAMP)
	@! $(COMPAT_VENV)/bin/python -c "import PySide6" 2>/dev/null || (echo "the headless environment has PySide6" && false)
	@! $(COMPAT_VENV)/bin/python -c "import pyqtgraph" 2>/dev/null || (echo "the headless environment has pyqtgraph" && false)
	TRAINSIZER_HEADLESS=1 HF_HUB_OFFLINE=1 $(COMPAT_VENV)/bin/python -m pytest -p no:cacheprovider --durations=15 $(COMPAT_TESTS)

# Translations: lupdate refreshes the .ts sources from the GUI's code (translators edit them with
# pyside6-linguist); lrelease compiles them to the .qm files the application loads (both are committed).
TS_FILES := $(wildcard resources/i18n/*.ts)
lupdate: $(STAMP)
	$(BIN)/python -m trainsizer.gui.spec_text
	$(BIN)/python -m trainsizer.gui.catalog_text
	$(BIN)/pyside6-lupdate -no-obsolete trainsizer/gui/*.py -ts $(TS_FILES)

lrelease: $(STAMP)
	for ts in $(TS_FILES); do $(BIN)/pyside6-lrelease $$ts -qm $${ts%.ts}.qm; done

lint: $(STAMP)
	$(BIN)/ruff check trainsizer tests bench packaging
	$(BIN)/ruff format --check trainsizer tests bench packaging
	$(BIN)/lint-imports

clean:
	rm -rf $(VENV) $(COMPAT_VENV) .venv-tf457 build dist *.egg-info
