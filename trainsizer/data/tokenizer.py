"""Tokenizers: the model's own (from its directory, through transformers) or a built-in byte-level one."""

from __future__ import annotations


class ByteTokenizer:
    """UTF-8 bytes as ids 0-255 and an end-of-document id 256: needs a vocabulary of at least 257."""

    name = "builtin byte-level"
    vocab_size = 257
    eos_id = 256

    def encode(self, text: str) -> list[int]:
        return list(text.encode("utf-8"))


class HFTokenizer:
    def __init__(self, directory: str):
        from transformers import AutoTokenizer

        self.tok = AutoTokenizer.from_pretrained(directory)
        self.name = f"{type(self.tok).__name__} from {directory}"
        self.vocab_size = len(self.tok)
        self.eos_id = self.tok.eos_token_id if self.tok.eos_token_id is not None else 0

    def encode(self, text: str) -> list[int]:
        return self.tok.encode(text, add_special_tokens=False)


def make_tokenizer(tokenizer_dir: str | None):
    return HFTokenizer(tokenizer_dir) if tokenizer_dir else ByteTokenizer()
