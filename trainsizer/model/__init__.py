"""From a spec to a real model: resolving the source (preset, config, local weights, cache), the config,
building it on any device (meta and fake tensors included), the method (LoRA, QLoRA, freeze), the optimizer
and scheduler, parameter statistics and FLOPs, and the step-accounting tracker. Both the estimator and the
worker sit on this room and never import each other (torch and transformers are imported lazily)."""
