"""The Sheepshead rules specification as data: rules, variant axes, profiles.

The catalogue (``rules.yaml``), the variants (``variants.yaml``) and their JSON
Schemas ship inside this package. :func:`load_spec` reads and checks them:

>>> spec = load_spec()
>>> spec.rule("deck.five-players").area
'deck'
>>> sorted(spec.profile_options("standard")) == sorted(a.id for a in spec.axes)
True

:func:`check_spec` runs every check, including the seed quotes and ``SPEC.md``,
and returns all problems as :class:`Problem` values (``file:line: path: message``).
"""

from .catalogue import (
    AREA_IDS,
    Area,
    Axis,
    Basis,
    Cite,
    Erratum,
    Option,
    Profile,
    Reference,
    Rule,
    Source,
    Spec,
    Text,
    derived_profile,
    spec_from_data,
    split_profile,
)
from .problems import Problem, SpecError, format_path
from .render import render_spec_markdown
from .resources import (
    SEEDS_ENV,
    SeedsLocation,
    checkout_root,
    find_checkout,
    find_seeds,
    package_dir,
)
from .schemas import validate_document, validate_yaml_against_schema
from .validation import CheckReport, SpecDocuments, check_spec, load_spec
from .yamldoc import YamlDocument, load_yaml_document, parse_yaml_document

__all__ = [
    "AREA_IDS",
    "SEEDS_ENV",
    "Area",
    "Axis",
    "Basis",
    "CheckReport",
    "Cite",
    "Erratum",
    "Option",
    "Problem",
    "Profile",
    "Reference",
    "Rule",
    "SeedsLocation",
    "Source",
    "Spec",
    "SpecDocuments",
    "SpecError",
    "Text",
    "YamlDocument",
    "check_spec",
    "derived_profile",
    "checkout_root",
    "find_checkout",
    "find_seeds",
    "format_path",
    "load_spec",
    "load_yaml_document",
    "package_dir",
    "parse_yaml_document",
    "render_spec_markdown",
    "spec_from_data",
    "split_profile",
    "validate_document",
    "validate_yaml_against_schema",
]
