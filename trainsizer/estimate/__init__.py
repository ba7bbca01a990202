"""Estimator: parameter statistics, analytic and traced working set, time and fit (torch imported lazily)."""
