"""The folder put first on the customer's PYTHONPATH by the command engine: its ``sitecustomize`` adds a
TrainerCallback to every transformers.Trainer the command constructs (runs/command.py)."""
