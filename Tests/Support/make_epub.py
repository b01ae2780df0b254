#!/usr/bin/env python3
"""Writes an EPUB (a zip archive) from a JSON description read on standard input, for the tests.

    {"output": "book.epub",
     "files": [["META-INF/container.xml", "<?xml ...>"], ...],
     "zeros": [["OEBPS/huge.xhtml", 300000000]],
     "images": [["OEBPS/images/cover.png", 600, 900, [200, 40, 30]]]}

"mimetype" comes first and stored, as the EPUB specification asks; the other files follow in
the order given, deflated. A "zeros" entry is that many zero bytes, streamed (a zip bomb's
chapter: a few hundred kilobytes that expand to hundreds of megabytes). An "images" entry is a
PNG of that width and height in one colour (a cover).
"""

import json
import struct
import sys
import zipfile
import zlib


def png(width, height, colour):
    """A PNG of one colour, written by hand from the specification's chunks."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    row = b"\x00" + bytes(colour) * width
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(row * height)) + chunk(b"IEND", b"")


def main():
    description = json.load(sys.stdin)
    with zipfile.ZipFile(description["output"], "w") as book:
        book.writestr(zipfile.ZipInfo("mimetype"), "application/epub+zip", compress_type=zipfile.ZIP_STORED)
        for name, text in description.get("files", []):
            book.writestr(name, text.encode("utf-8"), compress_type=zipfile.ZIP_DEFLATED)
        for name, width, height, colour in description.get("images", []):
            book.writestr(name, png(width, height, colour), compress_type=zipfile.ZIP_STORED)
        for name, count in description.get("zeros", []):
            info = zipfile.ZipInfo(name, date_time=(2026, 12, 6, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            with book.open(info, "w", force_zip64=True) as entry:
                chunk = bytes(1 << 20)
                left = count
                while left > 0:
                    entry.write(chunk[: min(left, len(chunk))])
                    left -= len(chunk)
    return 0


if __name__ == "__main__":
    sys.exit(main())
