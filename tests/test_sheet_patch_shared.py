"""A spill whose anchor is a shared formula's follower (``<f t="shared" si="0"/>``, no formula
text) is written as valid XML: the formula stays shared (never an unclosed ``<f t="array" ...>``)
and the cell gets its value."""

from __future__ import annotations

from xml.dom import minidom

from xl_tiebreak.excel.xlsx.patch import SheetEdit, _patch_cell


def test_shared_follower_anchor_stays_valid_xml():
    edit = SheetEdit(values={"B2": "Pts"}, arrays={"B2": "B2:D10"}, cm=1)
    out = _patch_cell("", ' r="B2"', '<f t="shared" si="0"/><v>1</v>', "B2", edit)
    minidom.parseString(out)  # raises on the old, unclosed element
    assert out == '<c r="B2" t="str"><f t="shared" si="0"/><v>Pts</v></c>'


def test_anchor_with_its_formula_becomes_an_array_spill():
    edit = SheetEdit(values={"B2": "Pts"}, arrays={"B2": "B2:D10"}, cm=1)
    out = _patch_cell("", ' r="B2"', "<f>RESULTS(A1:C3)</f><v>1</v>", "B2", edit)
    assert out == '<c r="B2" cm="1" t="str"><f t="array" ref="B2:D10">RESULTS(A1:C3)</f><v>Pts</v></c>'
