#!/usr/bin/python3
"""Dumps what a screen reader sees of the Parcel Desk window through AT-SPI (Debian's
python3-pyatspi): every input with its role, name and description, and the inputs that share a
name. Run by tests/atspi/run under Xvfb with an accessibility bus; exits 1 when two inputs share
a name."""
import sys
import pyatspi

INPUTS = {
    pyatspi.ROLE_ENTRY, pyatspi.ROLE_TEXT, pyatspi.ROLE_PASSWORD_TEXT, pyatspi.ROLE_COMBO_BOX,
    pyatspi.ROLE_RADIO_BUTTON, pyatspi.ROLE_CHECK_BOX, pyatspi.ROLE_SPIN_BUTTON,
}


def walk(node, depth=0, out=None):
    out = [] if out is None else out
    try:
        role = node.getRole()
        name = node.name or ""
        description = node.description or ""
    except Exception:
        return out
    if role in INPUTS:
        out.append((node.getRoleName(), name, description))
    for i in range(node.childCount):
        child = node.getChildAtIndex(i)
        if child is not None:
            walk(child, depth + 1, out)
    return out


def main():
    desktop = pyatspi.Registry.getDesktop(0)
    apps = [desktop.getChildAtIndex(i) for i in range(desktop.childCount)]
    desk = [a for a in apps if a is not None and "parcel" in (a.name or "").lower()]
    if not desk:
        print("no Parcel Desk on the accessibility bus; seen:", [a.name for a in apps if a])
        return 2
    inputs = walk(desk[0])
    for role, name, description in inputs:
        print(f"{role:14} {name!r}" + (f"  — {description!r}" if description else ""))
    names = [n for _, n, _ in inputs]
    twice = sorted({n for n in names if names.count(n) > 1})
    print(f"{len(inputs)} inputs; named alike: {twice}")
    return 1 if twice else 0


sys.exit(main())
