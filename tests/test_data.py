"""Data: the builtin corpus, local files, the checked split, and every bad-data case named clearly."""

import json

import pytest

from trainsizer.data import DataError, prepare_data
from trainsizer.spec import RunSpec


def _spec(**data):
    return RunSpec().replace(data=data, batch={"micro_batch": 2, "seq_len": 64})


def test_builtin_split_is_deterministic_and_disjoint():
    a = prepare_data(_spec(seed=7), 8192)
    b = prepare_data(_spec(seed=7), 8192)
    c = prepare_data(_spec(seed=8), 8192)
    assert a.train == b.train and a.eval == b.eval and a.info == b.info
    assert a.info["train_hash"] != c.info["train_hash"]
    assert a.info["overlap"] == 0 and a.info["eval_documents"] > 0 and a.info["train_documents"] > a.info["eval_documents"]
    assert all(len(s) == 64 for s in a.train + a.eval)
    train_rows, eval_rows = {tuple(s) for s in a.train}, {tuple(s) for s in a.eval}
    assert not train_rows & eval_rows


def test_split_has_no_overlap_even_with_duplicate_documents(tmp_path):
    path = tmp_path / "dup.txt"
    path.write_text("\n\n".join(["the same line again"] * 50 + [f"document number {i} " * 8 for i in range(200)]))
    data = prepare_data(_spec(source="path", path=str(path), eval_fraction=0.2), 8192)
    assert data.info["duplicates_removed"] == 49 and data.info["overlap"] == 0


def test_jsonl_csv_and_text_files(tmp_path):
    rows = [{"body": f"row {i} says hello to the world " * 4} for i in range(300)]
    jsonl = tmp_path / "d.jsonl"
    jsonl.write_text("\n".join(json.dumps(r) for r in rows))
    assert prepare_data(_spec(source="path", path=str(jsonl), text_field="body"), 8192).info["documents"] == 300
    csv = tmp_path / "d.csv"
    csv.write_text("id,body\n" + "\n".join(f'{i},"{r["body"]}"' for i, r in enumerate(rows)))
    assert prepare_data(_spec(source="path", path=str(csv), text_field="body"), 8192).info["documents"] == 300


@pytest.mark.parametrize("name, content, spec_kw, fragment", [
    ("missing.txt", None, {}, "no such file"),
    ("empty.txt", b"", {}, "the file is empty"),
    ("bad.txt", b"good text\n\xff\xfe bad bytes here", {}, "undecodable bytes: not UTF-8 at byte 10 (line 2)"),
    ("d.jsonl", b'{"text": "a"}\n{"body": "b"}\n', {}, "line 2 has no field 'text' (it has: body)"),
    ("d.jsonl", b'{"text": "a"}\nnot json\n', {}, "line 2 is not valid JSON"),
    ("d.csv", b"id,body\n1,hello\n", {}, "no column 'text' (columns: id, body)"),
    ("small.txt", b"just a few words", {}, "training tokens after the split; one batch needs 128"),
])
def test_bad_data_names_the_file_and_the_problem(tmp_path, name, content, spec_kw, fragment):
    path = tmp_path / name
    if content is not None:
        path.write_bytes(content)
    with pytest.raises(DataError) as e:
        prepare_data(_spec(source="path", path=str(path), eval_fraction=0.0 if name == "small.txt" else 0.1, **spec_kw), 8192)
    assert str(path) in str(e.value) and fragment in str(e.value)


def test_tokenizer_larger_than_the_model_vocabulary():
    with pytest.raises(DataError, match="257 ids, the model only 100"):
        prepare_data(_spec(), 100)
