"""Placeholder: the rows of this family come from its helper branch."""

from .spec import TeamSpec

ROWS: list[TeamSpec] = []
