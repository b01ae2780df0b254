#!/usr/bin/env python3
"""Writes web pages built to make article extraction slow: elements nested deep.

A block is DEPTH nested <div>s. In the "bare" shape (the default, as issue 34 measured it)
the divs hold nothing but each other and, innermost, a sentence with a link: 399 levels make
a page of about 4.5 KB. In the "text" shape every level also holds a few words and a link
before the next div, so there is text at each depth. --blocks repeats the block in one page
(4,250 bare blocks of 399 levels make about 19 MB).

    python3 nested_pages.py --depth 399 > deep.html
    python3 nested_pages.py --depth 399 --blocks 4250 > deep-19mb.html
"""
import argparse
import sys


def block(depth: int, shape: str, number: int) -> str:
    parts = []
    for level in range(depth):
        if shape == "text":
            parts.append(f'<div>Level {level} of block {number}, <a href="/n/{level}">a link</a>')
        else:
            parts.append("<div>")
    parts.append(
        f'The innermost sentence of block {number} has words, commas, and '
        f'<a href="#b{number}">a link</a>.'
    )
    parts.append("</div>" * depth)
    return "".join(parts)


def page(depth: int, blocks: int, shape: str) -> str:
    body = "\n".join(block(depth, shape, number) for number in range(blocks))
    return f"<!DOCTYPE html>\n<html><head><title>Nested {depth}</title></head><body>\n{body}\n</body></html>\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--depth", type=int, default=399, help="nested divs in a block (default 399)")
    parser.add_argument("--blocks", type=int, default=1, help="blocks in the page (default 1)")
    parser.add_argument("--shape", choices=["bare", "text"], default="bare", help="bare (default) or text at every level")
    arguments = parser.parse_args()
    sys.stdout.write(page(arguments.depth, arguments.blocks, arguments.shape))


if __name__ == "__main__":
    main()
