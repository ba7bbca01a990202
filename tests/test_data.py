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
    assert (
        a.info["overlap"] == 0
        and a.info["eval_documents"] > 0
        and a.info["train_documents"] > a.info["eval_documents"]
    )
    assert all(len(s) == 64 for s in a.train + a.eval)
    train_rows, eval_rows = {tuple(s) for s in a.train}, {tuple(s) for s in a.eval}
    assert not train_rows & eval_rows


def test_split_has_no_overlap_even_with_duplicate_documents(tmp_path):
    path = tmp_path / "dup.txt"
    path.write_text(
        "\n\n".join(["the same line again"] * 50 + [f"document number {i} " * 8 for i in range(200)])
    )
    data = prepare_data(_spec(source="path", path=str(path), eval_fraction=0.2), 8192)
    assert data.info["duplicates_removed"] == 49 and data.info["overlap"] == 0


def test_jsonl_csv_and_text_files(tmp_path):
    rows = [{"body": f"row {i} says hello to the world " * 4} for i in range(300)]
    jsonl = tmp_path / "d.jsonl"
    jsonl.write_text("\n".join(json.dumps(r) for r in rows))
    assert (
        prepare_data(_spec(source="path", path=str(jsonl), text_field="body"), 8192).info["documents"] == 300
    )
    csv = tmp_path / "d.csv"
    csv.write_text("id,body\n" + "\n".join(f'{i},"{r["body"]}"' for i, r in enumerate(rows)))
    assert prepare_data(_spec(source="path", path=str(csv), text_field="body"), 8192).info["documents"] == 300


@pytest.mark.parametrize(
    "name, content, spec_kw, fragment",
    [
        ("missing.txt", None, {}, "no such file"),
        ("empty.txt", b"", {}, "the file is empty"),
        (
            "bad.txt",
            b"good text\n\xff\xfe bad bytes here",
            {},
            "undecodable bytes: not UTF-8 at byte 10 (line 2)",
        ),
        ("d.jsonl", b'{"text": "a"}\n{"body": "b"}\n', {}, "line 2 has no field 'text' (it has: body)"),
        ("d.jsonl", b'{"text": "a"}\nnot json\n', {}, "line 2 is not valid JSON"),
        ("d.csv", b"id,body\n1,hello\n", {}, "no column 'text' (columns: id, body)"),
        ("small.txt", b"just a few words", {}, "training tokens after the split; one batch needs 128"),
    ],
)
def test_bad_data_names_the_file_and_the_problem(tmp_path, name, content, spec_kw, fragment):
    path = tmp_path / name
    if content is not None:
        path.write_bytes(content)
    with pytest.raises(DataError) as e:
        prepare_data(
            _spec(
                source="path", path=str(path), eval_fraction=0.0 if name == "small.txt" else 0.1, **spec_kw
            ),
            8192,
        )
    assert str(path) in str(e.value) and fragment in str(e.value)


def test_tokenizer_larger_than_the_model_vocabulary():
    with pytest.raises(DataError, match="257 ids, the model only 100"):
        prepare_data(_spec(), 100)


WORDS = sorted(
    {
        w.strip(".")
        for s in ("the cat sees the red box in the garden. a dog likes an old book at school.",)
        for w in s.split()
    }
)


@pytest.mark.slow
def test_tokenizer_from_the_model_directory(tmp_path):
    from tokenizers import Tokenizer, models, pre_tokenizers
    from transformers import PreTrainedTokenizerFast

    from trainsizer.model.source import resolve_model

    vocab = {"[UNK]": 0, "[EOS]": 1, ".": 2, **{w: i + 3 for i, w in enumerate(WORDS)}}
    core = Tokenizer(models.WordLevel(vocab=vocab, unk_token="[UNK]"))
    core.pre_tokenizer = pre_tokenizers.Whitespace()
    model_dir = tmp_path / "model"
    PreTrainedTokenizerFast(tokenizer_object=core, unk_token="[UNK]", eos_token="[EOS]").save_pretrained(
        model_dir
    )
    (model_dir / "config.json").write_text(json.dumps({"model_type": "llama", "vocab_size": 64}))
    (model_dir / "model.safetensors").write_bytes(b"")  # the directory check wants weights; not loaded here
    spec = RunSpec().replace(model={"pretrained": str(model_dir)}, batch={"micro_batch": 2, "seq_len": 16})
    resolved = resolve_model(spec.model)
    assert resolved.tokenizer_dir == str(model_dir)
    data = prepare_data(spec, 64, resolved.tokenizer_dir)
    assert data.info["tokenizer"].endswith(f"from {model_dir}") and "byte-level" not in data.info["tokenizer"]
    assert max(max(s) for s in data.train) < len(vocab)


@pytest.mark.slow
def test_dataset_saved_to_disk(tmp_path):
    from datasets import Dataset

    rows = [f"line {i} of a saved dataset with a few more words " * 3 for i in range(200)]
    Dataset.from_dict({"content": rows}).save_to_disk(str(tmp_path / "ds"))
    spec = _spec(source="path", path=str(tmp_path / "ds"), text_field="content")
    assert prepare_data(spec, 8192).info["documents"] == 200
    with pytest.raises(DataError, match="no column 'text' \\(columns: content\\)"):
        prepare_data(_spec(source="path", path=str(tmp_path / "ds")), 8192)
