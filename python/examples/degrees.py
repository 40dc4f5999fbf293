"""Worked example: the degree distribution of the 9-in-a-row pairing graph, and a
drawing of a pairing, from Python.

    python3 python/examples/degrees.py [ID] [OUT.svg]

Prints the number of classes of each degree (as results/graph-9.degrees.csv has
them) and writes pairing ID (default 1) as an SVG picture: one bar per domino,
coloured by orientation, on the 8×8 torus.
"""

import sys

import numpy as np

import amoba

# Code k points from a cell to its partner by STEP[k] (docs/spec.md §2).
STEP = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)]
COLOUR = ["#d62728", "#2ca02c", "#1f77b4", "#9467bd"]  # E, SE, S, SW dominoes


def degree_distribution(board="square9"):
    m = amoba.graph(board=board)
    degrees = np.asarray(m.sum(axis=1)).ravel().astype(int)
    return dict(enumerate(np.bincount(degrees).tolist()))


def svg(codes, side=8, pitch=40):
    """The pairing as SVG; a domino crossing the edge is drawn as two half bars."""
    size = side * pitch
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}">',
             f'<rect width="{size}" height="{size}" fill="white" stroke="#888"/>']
    for c, k in enumerate(codes):
        x, y = c % side, c // side
        dx, dy = STEP[k]
        cx, cy = (x + 0.5) * pitch, (y + 0.5) * pitch
        # Each cell draws its half of its domino's bar.
        parts.append(f'<line x1="{cx}" y1="{cy}" x2="{cx + dx * pitch / 2}" y2="{cy + dy * pitch / 2}" '
                     f'stroke="{COLOUR[k % 4]}" stroke-width="9" stroke-linecap="round"/>')
        parts.append(f'<circle cx="{cx}" cy="{cy}" r="3"/>')
    parts.append("</svg>")
    return "\n".join(parts)


def main():
    id = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    out = sys.argv[2] if len(sys.argv) > 2 else f"pairing-{id}.svg"
    for degree, count in degree_distribution().items():
        print(f"degree {degree}: {count} classes")
    cat = amoba.catalogue()
    with open(out, "w") as f:
        f.write(svg(cat.codes[id - 1]))
    print(f"wrote {out}: pairing {id}, {cat.line(id)}")


if __name__ == "__main__":
    main()
