"""The typed result of a run (result.json): its parts, the enums of its codes, the one reader and writer of
the file and the one function that settles a run's status, checks and verdict (docs/architecture.md "The
result model"). Below runs/, report/, gui/ and cli/: it imports none of them."""
