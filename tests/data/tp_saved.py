"""Run under torchrun (gloo): a real transformers LlamaMLP under PyTorch's tensor parallelism with sequence
parallelism, as torchtitan lays it out (the MLP's input gathered once from sequence shards; gate and up
column-parallel; down row-parallel back to sequence shards). Prints, as JSON on rank 0, the bytes of every
storage autograd saved in forward and those of whole-sequence shape (tests/test_instrument.py)."""

import json
import sys

import torch
import torch.distributed as dist
from torch.distributed.device_mesh import init_device_mesh
from torch.distributed.tensor import DTensor, Replicate, Shard
from torch.distributed.tensor.parallel import (
    ColwiseParallel,
    PrepareModuleInput,
    RowwiseParallel,
    parallelize_module,
)
from transformers import LlamaConfig
from transformers.models.llama.modeling_llama import LlamaMLP

hidden, inter, batch, seq = (int(a) for a in sys.argv[1:5])
dist.init_process_group("gloo")
tp = dist.get_world_size()
mesh = init_device_mesh("cpu", (tp,))
torch.manual_seed(0)
mlp = LlamaMLP(LlamaConfig(hidden_size=hidden, intermediate_size=inter))
parallelize_module(mlp, mesh, {
    "": PrepareModuleInput(input_layouts=(Shard(1),), desired_input_layouts=(Replicate(),)),
    "gate_proj": ColwiseParallel(), "up_proj": ColwiseParallel(),
    "down_proj": RowwiseParallel(output_layouts=Shard(1)),
})  # fmt: skip
x = torch.randn(batch, seq // tp, hidden, requires_grad=True)  # this rank's sequence shard
saved = {}


def pack(t):
    local = t._local_tensor if isinstance(t, DTensor) else t
    storage = local.untyped_storage()
    saved[storage.data_ptr()] = (storage.nbytes(), local.numel())
    return t


with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
    out = mlp(DTensor.from_local(x, mesh, [Shard(1)]))
out.sum().backward()  # the layout runs both ways (the output: this rank's sequence shard)
whole = batch * seq * hidden
if dist.get_rank() == 0:
    print(json.dumps({
        "tp": tp,
        "saved_bytes": sum(b for b, _ in saved.values()),
        "whole_sequence_input_bytes": sum(b for b, n in saved.values() if n == whole),
        "element_bytes": x.element_size(),
    }))  # fmt: skip
dist.destroy_process_group()
