"""Reading documents from local files: plain text, JSONL with a named field, a CSV column, a Hugging Face
dataset saved to disk. Every problem is a DataError naming the file and what is wrong."""

from __future__ import annotations

import csv
import json
from pathlib import Path


class DataError(ValueError):
    """Bad data, found before any training starts; the message names the file and the problem."""


def detect_format(path: Path, fmt: str) -> str:
    if fmt != "auto":
        return fmt
    if path.is_dir():
        return "hf-disk"
    suffix = path.suffix.lower()
    return {".jsonl": "jsonl", ".json": "jsonl", ".csv": "csv"}.get(suffix, "text")


def _read_text(path: Path) -> str:
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise DataError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise DataError(f"{path}: is a directory; set data.format = \"hf-disk\" for a saved dataset") from None
    except OSError as e:
        raise DataError(f"{path}: cannot be read ({e.strerror})") from None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as e:
        line = raw[: e.start].count(b"\n") + 1
        raise DataError(f"{path}: undecodable bytes: not UTF-8 at byte {e.start} (line {line})") from None


def read_documents(path_str: str, fmt: str, field: str) -> list[str]:
    path = Path(path_str).expanduser()
    if not path.exists():
        raise DataError(f"{path}: no such file")
    fmt = detect_format(path, fmt)
    if fmt == "hf-disk":
        docs = _read_hf_disk(path, field)
    else:
        text = _read_text(path)
        if not text.strip():
            raise DataError(f"{path}: the file is empty")
        docs = {"text": _text_docs, "jsonl": _jsonl_docs, "csv": _csv_docs}[fmt](path, text, field)
    docs = [d for d in docs if d.strip()]
    if not docs:
        raise DataError(f"{path}: no text found (format {fmt}, field {field!r})")
    return docs


def _text_docs(path: Path, text: str, field: str) -> list[str]:
    """Documents are separated by blank lines."""
    return [block.strip() for block in text.replace("\r\n", "\n").split("\n\n")]


def _jsonl_docs(path: Path, text: str, field: str) -> list[str]:
    docs = []
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as e:
            raise DataError(f"{path}: line {n} is not valid JSON ({e.msg})") from None
        if not isinstance(obj, dict) or field not in obj:
            keys = ", ".join(obj) if isinstance(obj, dict) else type(obj).__name__
            raise DataError(f"{path}: line {n} has no field {field!r} (it has: {keys}); set data.text_field")
        if not isinstance(obj[field], str):
            raise DataError(f"{path}: line {n}: field {field!r} is not text")
        docs.append(obj[field])
    return docs


def _csv_docs(path: Path, text: str, field: str) -> list[str]:
    reader = csv.DictReader(text.splitlines())
    if reader.fieldnames is None or field not in reader.fieldnames:
        have = ", ".join(reader.fieldnames or [])
        raise DataError(f"{path}: no column {field!r} (columns: {have}); set data.text_field")
    return [row[field] or "" for row in reader]


def _read_hf_disk(path: Path, field: str) -> list[str]:
    try:
        from datasets import load_from_disk
    except ImportError:
        raise DataError(f"{path}: reading a saved Hugging Face dataset needs the 'datasets' package (pip install datasets)") from None
    try:
        ds = load_from_disk(str(path))
    except Exception as e:
        raise DataError(f"{path}: not a dataset saved with save_to_disk ({e})") from None
    if hasattr(ds, "keys") and not hasattr(ds, "column_names") or isinstance(getattr(ds, "column_names", None), dict):
        ds = ds["train"] if "train" in ds else ds[next(iter(ds.keys()))]
    if field not in ds.column_names:
        raise DataError(f"{path}: no column {field!r} (columns: {', '.join(ds.column_names)}); set data.text_field")
    return [str(x) for x in ds[field]]
