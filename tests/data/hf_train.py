"""A customer's training script, as they would send it: transformers.Trainer on a tiny Llama (random weights
from a config, random tokens), resumable with --resume_from_checkpoint. It knows nothing of trainsizer."""

import argparse

import torch
from transformers import LlamaConfig, LlamaForCausalLM, Trainer, TrainingArguments

ap = argparse.ArgumentParser()
ap.add_argument("--max_steps", type=int, default=6)
ap.add_argument("--resume_from_checkpoint", default=None)
ap.add_argument("--output_dir", default="out")
ap.add_argument("--lr_scheduler", default="constant")
a = ap.parse_args()

torch.manual_seed(0)
config = LlamaConfig(
    vocab_size=256,
    hidden_size=32,
    intermediate_size=64,
    num_hidden_layers=1,
    num_attention_heads=2,
    num_key_value_heads=1,
    max_position_embeddings=64,
)
model = LlamaForCausalLM(config)
g = torch.Generator().manual_seed(1)
rows = torch.randint(0, 256, (64, 32), generator=g)


class Rows(torch.utils.data.Dataset):
    def __len__(self):
        return len(rows)

    def __getitem__(self, i):
        return {"input_ids": rows[i], "labels": rows[i]}


args = TrainingArguments(
    output_dir=a.output_dir,
    per_device_train_batch_size=4,
    max_steps=a.max_steps,
    learning_rate=1e-3,
    lr_scheduler_type=a.lr_scheduler,
    logging_steps=1,
    save_strategy="steps",
    save_steps=2,
    report_to="none",
    use_cpu=True,
    seed=0,
    disable_tqdm=True,
)
Trainer(model=model, args=args, train_dataset=Rows()).train(resume_from_checkpoint=a.resume_from_checkpoint)
print("training finished")
