"""How chapter 12 writes a time and a ratio: shared by bench-table.py (its tables) and figures.py (the
figures its prose quotes), so that a figure in a sentence reads exactly as in the table beside it."""


def seconds(s):
    if abs(s) >= 1: return f"{s:.2f} s"
    if abs(s) >= 0.001: return f"{s * 1000:.1f} ms"
    return f"{s * 1e6:.0f} µs"


def ratio(r):
    return f"{r:.0f}" if r >= 100 else f"{r:.1f}" if r >= 10 else f"{r:.2f}"


def net_seconds(r):
    """A step command's own work: its time beyond the same command on one row."""
    return r["seconds"] - r["baselineSeconds"]


def net(r):
    value = net_seconds(r)
    return seconds(value) if value > 0 else "≈ 0"
