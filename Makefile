# Two commands for a new user (README): `make run` and `make test`.
# TORCH chooses the torch requirement: the default is the standard PyPI release (a CUDA build on Linux);
# e.g. TORCH="torch==2.13.0 --index-url https://download.pytorch.org/whl/cu124" picks another build.
PYTHON ?= python3
VENV ?= .venv
TORCH ?= torch==2.13.0
RUN_DIR ?= runs/default
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: install run test lint clean

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
		HF_HUB_OFFLINE=1 $(BIN)/python -m trainsizer.default_run "$(RUN_DIR)"; \
	fi

test: $(STAMP)
	QT_QPA_PLATFORM=offscreen HF_HUB_OFFLINE=1 $(BIN)/python -m pytest

lint: $(STAMP)
	$(BIN)/ruff check trainsizer tests bench
	$(BIN)/lint-imports

clean:
	rm -rf $(VENV) build dist *.egg-info
