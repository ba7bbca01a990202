"""Estimator: parameter statistics, analytic and traced working set, time and fit (torch imported lazily)."""


def run_estimate(spec, *, devices: str | None = None, traced: bool = False, solve: bool = True) -> dict:
    """Everything `trainsizer estimate` and the GUI show, as plain data (bytes as integers).

    ``devices`` is a hypothetical description ("8xH100-80GB"); None means this machine.
    Raises SpecError (bad spec or devices, naming the field) — a configuration that does not fit is a verdict.
    """
    from trainsizer.estimate.report_data import build_report

    return build_report(spec, devices=devices, traced=traced, solve=solve)
