"""From a data spec to packed, split token sequences, with the split checked and recorded."""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass, field
from typing import Any

from trainsizer.data.sources import DataError, read_documents


@dataclass
class PreparedData:
    train: list[list[int]]  # packed sequences of seq_len tokens
    eval: list[list[int]]
    info: dict[str, Any] = field(default_factory=dict)


def _hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _pack(docs: list[str], tok, seq_len: int) -> tuple[list[list[int]], int]:
    stream: list[int] = []
    for d in docs:
        stream.extend(tok.encode(d))
        stream.append(tok.eos_id)
    n = len(stream) // seq_len
    return [stream[i * seq_len : (i + 1) * seq_len] for i in range(n)], len(stream)


def load_documents(spec) -> tuple[list[str], str, bool]:
    """The documents, where they come from, and whether the file was longer than the read limit."""
    d = spec.data
    if d.source == "builtin":
        from trainsizer.data.builtin import builtin_documents

        return builtin_documents(d.seed), "builtin", False
    if d.source == "path":
        docs, cut = read_documents(d.path, d.format, d.text_field)
        return docs, str(d.path), cut
    raise DataError(f"data.source {d.source!r} has no documents (synthetic data is generated per batch)")


def prepare_data(spec, vocab_size: int, tokenizer_dir: str | None = None) -> PreparedData:
    """Documents -> dedupe -> split by seed (no overlap) -> tokenize -> pack into seq_len sequences."""
    from trainsizer.data.tokenizer import make_tokenizer

    docs, source, cut = load_documents(spec)
    seen: dict[str, str] = {}
    for doc in docs:
        seen.setdefault(_hash(doc), doc)
    duplicates = len(docs) - len(seen)
    hashes = sorted(seen)
    random.Random(spec.data.seed).shuffle(hashes)
    n_eval = max(1, round(len(hashes) * spec.data.eval_fraction)) if spec.data.eval_fraction > 0 else 0
    if len(hashes) - n_eval < 1:
        raise DataError(
            f"{source}: {len(hashes)} distinct documents cannot be split into training and held-out parts"
        )
    eval_h, train_h = set(hashes[:n_eval]), hashes[n_eval:]
    overlap = eval_h.intersection(train_h)
    if overlap:  # cannot happen by construction; checked because the acceptance rests on it
        raise DataError(f"{source}: {len(overlap)} documents are in both splits")
    tok = make_tokenizer(tokenizer_dir)
    if tok.vocab_size > vocab_size:
        raise DataError(
            f"{source}: the tokenizer ({tok.name}) has {tok.vocab_size} ids, the model only {vocab_size}"
        )
    seq = spec.batch.seq_len
    train, train_tokens = _pack([seen[h] for h in train_h], tok, seq)
    evals, eval_tokens = _pack([seen[h] for h in hashes[:n_eval]], tok, seq)
    need = spec.batch.micro_batch * seq
    if len(train) < spec.batch.micro_batch:
        raise DataError(
            f"{source}: {train_tokens} training tokens after the split; one batch needs {need} "
            f"(micro_batch {spec.batch.micro_batch} × seq_len {seq})"
        )
    if n_eval and not evals:
        raise DataError(
            f"{source}: {eval_tokens} held-out tokens, fewer than one sequence of {seq}; "
            "raise data.eval_fraction or add data"
        )
    digest = hashlib.sha256()
    for h in train_h:
        digest.update(h.encode())
    eval_digest = hashlib.sha256()
    for h in hashes[:n_eval]:
        eval_digest.update(h.encode())
    info = {
        "source": source,
        "tokenizer": tok.name,
        "documents": len(docs),
        "duplicates_removed": duplicates,
        "train_documents": len(train_h),
        "eval_documents": n_eval,
        "train_tokens": train_tokens,
        "eval_tokens": eval_tokens,
        "train_sequences": len(train),
        "eval_sequences": len(evals),
        "train_hash": digest.hexdigest(),
        "eval_hash": eval_digest.hexdigest(),
        "overlap": 0,
        "seed": spec.data.seed,
        "read_limit_reached": cut,
    }
    return PreparedData(train, evals, info)
