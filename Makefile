# Two commands for a new user (README): `make run` and `make test`.
# TORCH chooses the torch requirement: the default is the standard PyPI release (a CUDA build on Linux);
# e.g. TORCH="torch==2.13.0 --index-url https://download.pytorch.org/whl/cu124" picks another build.
PYTHON ?= python3
VENV ?= .venv
TORCH ?= torch==2.13.0
RUN_DIR ?= runs/default
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# Servers in the field also carry transformers 4.57: the core of the suite runs against it too.
COMPAT_VENV ?= .venv-tf457
COMPAT_TRANSFORMERS ?= transformers==4.57.*
COMPAT_TESTS := tests/test_presets.py tests/test_sources.py tests/test_estimate.py tests/test_checkpoint.py \
	tests/test_spec.py tests/test_data.py tests/test_protocol.py
COMPAT_STAMP := $(COMPAT_VENV)/.installed

.PHONY: install run test test-main test-compat lint clean lupdate lrelease system-tools

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
	$(COMPAT_VENV)/bin/python -m pip install -q -e ".[test]"
	touch $(COMPAT_STAMP)

test: test-main test-compat

# The report tests open the HTML in headless Chromium and render the PDF with pdftoppm (Debian packages);
# installed here when missing and apt-get can (root); otherwise those tests skip, saying why.
SYSTEM_TOOLS := chromium pdftoppm pdftotext
system-tools:
	@missing=""; for t in $(SYSTEM_TOOLS); do command -v $$t >/dev/null || missing="$$missing $$t"; done; \
	if [ -n "$$missing" ] && command -v apt-get >/dev/null && [ "$$(id -u)" = 0 ]; then \
		echo "installing chromium and poppler-utils (missing:$$missing)"; \
		DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends chromium poppler-utils >/dev/null \
		|| (apt-get update -q >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends chromium poppler-utils >/dev/null) \
		|| echo "could not install chromium/poppler-utils: the browser and PDF tests will skip"; \
	fi

test-main: $(STAMP) system-tools
	QT_QPA_PLATFORM=offscreen HF_HUB_OFFLINE=1 $(BIN)/python -m pytest

test-compat: $(COMPAT_STAMP)
	QT_QPA_PLATFORM=offscreen HF_HUB_OFFLINE=1 $(COMPAT_VENV)/bin/python -m pytest -p no:cacheprovider $(COMPAT_TESTS)

# Translations: lupdate refreshes the .ts sources from the GUI's code (translators edit them with
# pyside6-linguist); lrelease compiles them to the .qm files the application loads (both are committed).
TS_FILES := $(wildcard trainsizer/resources/i18n/*.ts)
lupdate: $(STAMP)
	$(BIN)/python -m trainsizer.gui.spec_text
	$(BIN)/pyside6-lupdate -no-obsolete trainsizer/gui/*.py -ts $(TS_FILES)

lrelease: $(STAMP)
	for ts in $(TS_FILES); do $(BIN)/pyside6-lrelease $$ts -qm $${ts%.ts}.qm; done

lint: $(STAMP)
	$(BIN)/ruff check trainsizer tests bench
	$(BIN)/lint-imports

clean:
	rm -rf $(VENV) $(COMPAT_VENV) build dist *.egg-info
