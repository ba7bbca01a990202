"""Random and garbled spec files: the loader loads them or raises SpecError, never anything else."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from trainsizer.spec import SECTIONS, RunSpec, SpecError, from_dict, loads

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**12), 10**12),
    st.floats(allow_nan=True),
    st.text(max_size=12),
    st.lists(st.text(max_size=5), max_size=3),
)
known_keys = st.sampled_from(
    sorted({f"{s}.{k}" for s, c in SECTIONS.items() for k in c.__dataclass_fields__})
)


@st.composite
def spec_dicts(draw):
    data = RunSpec().to_dict() if draw(st.booleans()) else {}
    for _ in range(draw(st.integers(0, 6))):
        section, key = draw(known_keys).split(".")
        if draw(st.integers(0, 9)) == 0:
            key = draw(st.text(min_size=1, max_size=8))
        data.setdefault(section, {})
        if isinstance(data[section], dict):
            data[section][key] = draw(scalars)
    if draw(st.integers(0, 9)) == 0:
        data[draw(st.text(max_size=8))] = draw(scalars)
    if draw(st.integers(0, 9)) == 0:
        data[draw(st.sampled_from(list(SECTIONS)))] = draw(scalars)
    return data


def _loads_or_spec_error(fn, *args, **kw):
    try:
        spec = fn(*args, **kw)
    except SpecError as e:
        assert e.issues and all(i.path and i.message for i in e.issues)
        return None
    assert isinstance(spec, RunSpec)
    assert from_dict(spec.to_dict()) == spec  # whatever loads also round-trips
    return spec


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(spec_dicts())
def test_random_dicts_load_or_raise_spec_error(data):
    _loads_or_spec_error(from_dict, data)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=200))
def test_garbled_toml_text_loads_or_raises_spec_error(text):
    _loads_or_spec_error(loads, text)


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=60), st.integers(0, 400))
def test_corrupted_valid_file_loads_or_raises_spec_error(noise, at):
    text = RunSpec().to_toml()
    garbled = text[:at] + noise.decode("latin-1") + text[at + len(noise) :]
    _loads_or_spec_error(loads, garbled)
    _loads_or_spec_error(loads, garbled, fmt="json")
