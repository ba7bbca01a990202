"""The installable application: a wheel whose installed package finds its presets, translations and icons
(in a fresh virtual environment), and the desktop entry and AppStream metainfo."""

import configparser
import json
import shutil
import subprocess
import sys
import venv
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
PACKAGING = REPO / "packaging"
APP_ID = "io.github.trainsizer.trainsizer"


@pytest.mark.slow
def test_the_wheel_installs_into_a_fresh_venv_and_finds_its_resources(tmp_path):
    dist = tmp_path / "dist"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "build",
            "--no-isolation",
            "--wheel",
            "--sdist",
            "--outdir",
            str(dist),
            str(REPO),
        ],
        check=True,
        capture_output=True,
        cwd=tmp_path,
    )
    wheel = next(dist.glob("trainsizer-*.whl"))
    assert next(dist.glob("trainsizer-*.tar.gz"))
    names = zipfile.ZipFile(wheel).namelist()
    for needed in (
        "trainsizer/resources/presets/tiny-llama.json",
        "trainsizer/resources/i18n/trainsizer_ru.qm",
        "trainsizer/resources/icons/trainsizer.svg",
        "trainsizer/resources/icons/trainsizer-256.png",
    ):
        assert needed in names, needed
    env = tmp_path / "venv"
    venv.create(env, with_pip=True)
    py = env / "bin" / "python"
    # presets and devices need neither torch nor Qt: the light dependencies are enough to prove the package
    subprocess.run([str(py), "-m", "pip", "install", "-q", "--no-deps", str(wheel)], check=True)
    subprocess.run(
        [str(py), "-m", "pip", "install", "-q", "psutil", "nvidia-ml-py", "platformdirs", "tomli-w"],
        check=True,
    )
    out = subprocess.run(
        [str(env / "bin" / "trainsizer"), "presets", "--json"],
        check=True,
        capture_output=True,
        text=True,
        cwd=tmp_path,
    ).stdout
    presets = json.loads(out)
    assert any(p["name"] == "tiny-llama" for p in presets) and len(presets) == 26
    devices = json.loads(
        subprocess.run(
            [str(env / "bin" / "trainsizer"), "devices", "--json"],
            check=True,
            capture_output=True,
            text=True,
            cwd=tmp_path,
        ).stdout
    )
    assert devices["host"]["ram_total"] > 0
    probe = (
        "from trainsizer.datafiles import resource_dir as r; import trainsizer; "
        "assert 'site-packages' in trainsizer.__file__, trainsizer.__file__; "
        "assert 'site-packages' in str(r()), r(); "
        "assert r('i18n', 'trainsizer_ru.qm').stat().st_size > 1000; assert r('icons', "
        "'trainsizer.svg').exists(); "
        "from trainsizer.ui_common.messages import translate; assert translate('Acceptance report', 'ru') == "
        "'Акт приёмки'; print('ok')"
    )
    assert (
        subprocess.run(
            [str(py), "-c", probe], check=True, capture_output=True, text=True, cwd=tmp_path
        ).stdout.strip()
        == "ok"
    )


def test_the_desktop_entry_starts_the_gui_with_the_shipped_icon():
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str
    entry.read(PACKAGING / f"{APP_ID}.desktop", encoding="utf-8")
    d = entry["Desktop Entry"]
    assert d["Type"] == "Application" and d["Exec"].startswith("trainsizer gui") and d["Icon"] == APP_ID
    assert "Name" in d and "Comment[ru]" in d
    if shutil.which("desktop-file-validate"):
        subprocess.run(["desktop-file-validate", str(PACKAGING / f"{APP_ID}.desktop")], check=True)


def test_the_appstream_metainfo_names_the_app_and_its_launcher():
    root = ET.parse(PACKAGING / f"{APP_ID}.metainfo.xml").getroot()
    assert root.get("type") == "desktop-application" and root.findtext("id") == APP_ID
    assert root.find("launchable").text == f"{APP_ID}.desktop"
    assert root.find("provides/binary").text == "trainsizer"
    from trainsizer import __version__

    assert root.find("releases/release").get("version") == __version__
    if shutil.which("appstreamcli"):
        subprocess.run(
            ["appstreamcli", "validate", "--no-net", str(PACKAGING / f"{APP_ID}.metainfo.xml")],
            check=True,
            capture_output=True,
        )


def test_every_icon_size_is_rendered_from_the_svg():
    from trainsizer.datafiles import resource_dir

    sizes = sorted(int(p.stem.split("-")[1]) for p in resource_dir("icons").glob("trainsizer-*.png"))
    assert sizes == [16, 24, 32, 48, 64, 128, 256, 512]


def test_the_bundle_spec_ships_the_resources_and_the_hidden_verbs():
    spec = (PACKAGING / "trainsizer.spec").read_text()
    assert 'ROOT / "resources"' in spec and "torch.distributed.run" in spec
    assert "from trainsizer.bundle import PROBE, TORCHRUN, WORKER" in (PACKAGING / "entry.py").read_text()


def test_every_package_and_the_resources_are_in_the_wheels_package_list():
    import tomllib

    listed = set(tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    found = {
        str(p.parent.relative_to(REPO)).replace("/", ".") for p in (REPO / "trainsizer").rglob("__init__.py")
    }
    assert listed == found | {"trainsizer.resources"}
    assert (REPO / "resources" / "presets" / "tiny-llama.json").is_file() and not (
        REPO / "trainsizer" / "resources"
    ).exists()
