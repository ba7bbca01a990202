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


# A data file is streamed, never read whole: at most this much of it is read (enough for any acceptance run;
# the data info says when a file was longer).
READ_LIMIT = 256 * 2**20


class Truncated:
    """Filled by the readers: whether the byte limit cut the file (said in the prepared data's info)."""

    def __init__(self, limit: int):
        self.limit, self.cut = limit, False


def _open_stream(path: Path):
    from trainsizer.spec.files import FileProblem, check_regular

    try:
        check_regular(path)  # a FIFO, a device or a socket would block or never end
        return open(path, "rb")  # noqa: SIM115 (the caller closes it)
    except FileProblem as e:
        raise DataError(str(e)) from None
    except OSError as e:
        raise DataError(f"{path}: cannot be read ({e.strerror})") from None


def _lines(path: Path, cut: Truncated):
    """The file's lines, decoded as UTF-8, until the byte limit; a decoding error names its byte and line."""
    read = 0
    with _open_stream(path) as f:
        n = 0
        while raw := f.readline(cut.limit - read + 1):  # a single endless line is cut too
            n += 1
            if read + len(raw) > cut.limit:
                cut.cut = True
                return
            try:
                yield raw.decode("utf-8")
            except UnicodeDecodeError as e:
                raise DataError(
                    f"{path}: undecodable bytes: not UTF-8 at byte {read + e.start} (line {n})"
                ) from None
            read += len(raw)


def read_documents(path_str: str, fmt: str, field: str, *, limit: int = READ_LIMIT) -> tuple[list[str], bool]:
    """The documents of a data file, and whether the read limit cut the file short."""
    path = Path(path_str).expanduser()
    if not path.exists():
        raise DataError(f"{path}: no such file")
    fmt = detect_format(path, fmt)
    cut = Truncated(limit)
    if fmt == "hf-disk":
        docs = _read_hf_disk(path, field)
    else:
        if path.is_dir():
            raise DataError(f'{path}: is a directory; set data.format = "hf-disk" for a saved dataset')
        if path.stat().st_size == 0:
            raise DataError(f"{path}: the file is empty")
        docs = {"text": _text_docs, "jsonl": _jsonl_docs, "csv": _csv_docs}[fmt](
            path, _lines(path, cut), field
        )
    docs = [d for d in docs if d.strip()]
    if not docs:
        raise DataError(f"{path}: no text found (format {fmt}, field {field!r})")
    return docs, cut.cut


def _text_docs(path: Path, lines, field: str) -> list[str]:
    """Documents are separated by blank lines."""
    docs, block = [], []
    for line in lines:
        if line.strip():
            block.append(line.rstrip("\r\n"))
        elif block:
            docs.append("\n".join(block).strip())
            block = []
    if block:
        docs.append("\n".join(block).strip())
    return docs


def _jsonl_docs(path: Path, lines, field: str) -> list[str]:
    docs = []
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except RecursionError:
            raise DataError(f"{path}: line {n} is nested too deeply") from None
        except ValueError as e:
            raise DataError(
                f"{path}: line {n} is not valid JSON ({getattr(e, 'msg', str(e)[:100])})"
            ) from None
        if not isinstance(obj, dict) or field not in obj:
            keys = (
                ", ".join(str(k)[:40] for k in list(obj)[:20])
                if isinstance(obj, dict)
                else type(obj).__name__
            )
            raise DataError(f"{path}: line {n} has no field {field!r} (it has: {keys}); set data.text_field")
        if not isinstance(obj[field], str):
            raise DataError(f"{path}: line {n}: field {field!r} is not text")
        docs.append(obj[field])
    return docs


def _csv_docs(path: Path, lines, field: str) -> list[str]:
    reader = csv.DictReader(lines)
    try:
        if reader.fieldnames is None or field not in reader.fieldnames:
            have = ", ".join(reader.fieldnames or [])
            raise DataError(f"{path}: no column {field!r} (columns: {have[:300]}); set data.text_field")
        return [row[field] or "" for row in reader]
    except csv.Error as e:
        raise DataError(f"{path}: line {reader.line_num}: not valid CSV ({e})") from None


def _read_hf_disk(path: Path, field: str) -> list[str]:
    try:
        from datasets import load_from_disk
    except ImportError:
        raise DataError(
            f"{path}: reading a saved Hugging Face dataset needs the 'datasets' package (pip install "
            "datasets)"
        ) from None
    try:
        ds = load_from_disk(str(path))
    except Exception as e:
        raise DataError(f"{path}: not a dataset saved with save_to_disk ({e})") from None
    if (
        hasattr(ds, "keys")
        and not hasattr(ds, "column_names")
        or isinstance(getattr(ds, "column_names", None), dict)
    ):
        ds = ds["train"] if "train" in ds else ds[next(iter(ds.keys()))]
    if field not in ds.column_names:
        raise DataError(
            f"{path}: no column {field!r} (columns: {', '.join(ds.column_names)}); set data.text_field"
        )
    return [str(x) for x in ds[field]]
