"""Checkpoints: complete, atomic, loaded with weights_only=True; corrupted and mismatched ones refused."""

import json

import pytest
import torch

from trainsizer.spec import RunSpec
from trainsizer.worker.checkpoint import CheckpointError, fingerprint, load_checkpoint, save_checkpoint
from trainsizer.worker.engine import Dist, Trainer
from trainsizer.worker.events import Emitter


class _Sink:
    def write(self, s):
        pass

    def flush(self):
        pass


def _trainer(spec):
    from trainsizer.model.build import model_config

    t = Trainer(spec, Emitter(_Sink()), Dist(), torch.device("cpu"))
    t.build(10)
    t.prepare_data()
    return t, fingerprint(spec, model_config(spec)[1], 1)


SPEC = RunSpec().replace(batch={"micro_batch": 2, "seq_len": 32})


@pytest.fixture
def saved(tmp_path):
    trainer, fp = _trainer(SPEC)
    batches = trainer.make_batches()
    trainer.train_step(batches)
    info = save_checkpoint(tmp_path / "ck", trainer, fp)
    return tmp_path / "ck", info, trainer


def test_save_then_load_restores_everything(saved):
    path, info, trainer = saved
    assert info["bytes"] > 28_000_000 and sorted(p.name for p in path.iterdir()) == [
        "meta.json",
        "model.safetensors",
        "optimizer-0.pt",
        "trainer-0.pt",
    ]
    assert not list(path.parent.glob(".ck.tmp-*"))  # written atomically: no temporary left
    state = torch.load(path / "trainer-0.pt", weights_only=True)  # plain data only
    assert state["step"] == 1 and set(state["rng"]) >= {"python", "numpy", "torch_cpu"}
    fresh, fp = _trainer(SPEC)
    loaded = load_checkpoint(path, fresh, fp)
    assert loaded["step"] == 1 and fresh.step == 1
    for (n, a), (_, b) in zip(trainer.model.named_parameters(), fresh.model.named_parameters(), strict=True):
        assert torch.equal(a, b), n
    assert fresh.optimizer.state_dict()["state"][0]["exp_avg"].equal(
        trainer.optimizer.state_dict()["state"][0]["exp_avg"]
    )


def test_truncated_checkpoint_is_a_clear_error(saved):
    path, _, _ = saved
    weights = path / "model.safetensors"
    weights.write_bytes(weights.read_bytes()[:1000])
    fresh, fp = _trainer(SPEC)
    with pytest.raises(CheckpointError, match="model.safetensors: its SHA-256 differs"):
        load_checkpoint(path, fresh, fp)


def test_one_flipped_byte_in_the_weights_is_refused_naming_the_file(saved):
    path, _, _ = saved
    weights = path / "model.safetensors"
    data = bytearray(weights.read_bytes())
    data[len(data) // 2] ^= 0x01  # inside a tensor: safetensors itself would load it without complaint
    weights.write_bytes(bytes(data))
    fresh, fp = _trainer(SPEC)
    with pytest.raises(CheckpointError, match="model.safetensors: its SHA-256 differs from the one recorded"):
        load_checkpoint(path, fresh, fp)


def test_a_different_run_is_refused_with_the_fields_that_differ(saved):
    path, _, _ = saved
    other = SPEC.replace(optimizer={"lr": 0.001}, batch={"seq_len": 64})
    fresh, fp = _trainer(other)
    with pytest.raises(CheckpointError) as e:
        load_checkpoint(path, fresh, fp)
    assert "batch.seq_len 32 → 64" in str(e.value) and "optimizer.lr 0.0003 → 0.001" in str(e.value)


@pytest.mark.parametrize(
    "key, value", [("fingerprint", []), ("files", "x"), ("step", "2"), ("files", {"a": 1})]
)
def test_a_manifest_of_the_wrong_shape_is_refused_naming_the_key(saved, key, value):
    path, _, _ = saved
    meta = json.loads((path / "meta.json").read_text())
    meta[key] = value
    (path / "meta.json").write_text(json.dumps(meta))
    fresh, fp = _trainer(SPEC)
    with pytest.raises(CheckpointError, match=f"manifest's '{key}' must"):
        load_checkpoint(path, fresh, fp)


class _Evil:
    def __reduce__(self):
        return (print, ("pwned",))


def test_a_malicious_pickle_is_refused_as_unsafe_without_torchs_advice(saved):
    from trainsizer.worker.checkpoint import sha256_file

    path, _, _ = saved
    torch.save({"scheduler": _Evil()}, path / "trainer-0.pt")  # and the manifest forged to match
    meta = json.loads((path / "meta.json").read_text())
    meta["files"]["trainer-0.pt"] = sha256_file(path / "trainer-0.pt")
    (path / "meta.json").write_text(json.dumps(meta))
    fresh, fp = _trainer(SPEC)
    with pytest.raises(CheckpointError) as e:
        load_checkpoint(path, fresh, fp)
    assert "trainer-0.pt: unsafe checkpoint refused" in str(e.value)
    assert "weights_only" not in str(e.value)


def test_missing_piece_and_garbage_meta(saved):
    path, _, _ = saved
    (path / "optimizer-0.pt").unlink()
    fresh, fp = _trainer(SPEC)
    with pytest.raises(CheckpointError, match="incomplete, optimizer-0.pt is missing"):
        load_checkpoint(path, fresh, fp)
    (path / "meta.json").write_text("{not json")
    with pytest.raises(CheckpointError, match="meta.json: corrupted"):
        load_checkpoint(path, fresh, fp)


def test_checkpoint_of_another_run_is_refused_with_what_differs(saved, tmp_path):
    path, _, _ = saved
    other = SPEC.replace(model={"preset": "gpt2"}, batch={"seq_len": 32})
    fresh, fp = _trainer(other)
    with pytest.raises(CheckpointError) as e:
        load_checkpoint(path, fresh, fp)
    assert "made for a different run" in str(e.value) and "model architecture" in str(e.value)
    meta = json.loads((path / "meta.json").read_text())
    meta["fingerprint"]["world_size"] = 2
    (path / "meta.json").write_text(json.dumps(meta))
    fresh, fp = _trainer(SPEC)
    with pytest.raises(CheckpointError, match="world size: checkpoint 2, this run 1"):
        load_checkpoint(path, fresh, fp)
