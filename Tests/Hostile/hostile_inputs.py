#!/usr/bin/env python3
"""Makes the inputs a stranger could send narrate to make it slow or big (issue 34), and
runs a command measuring its peak memory.

    hostile_inputs.py omnivore-zip OUT --entries N --entry-mib M [--start S]   Omnivore zip: N articles of M MiB of Markdown
    hostile_inputs.py json-zip OUT --mib M                         Omnivore zip whose metadata file is M MiB of JSON
    hostile_inputs.py omnivore-export OUT --entries N [--content] [--base URL]   Omnivore zip of N entries linking
                                                                   URL/many/I.html (small articles carried with --content)
    hostile_inputs.py html OUT --mib M                             a web page of M MiB of paragraphs
    hostile_inputs.py text OUT --mib M [--no-punctuation]          plain text of M MiB (one endless sentence without punctuation)
    hostile_inputs.py long-line OUT --mib M                        one line of M MiB: a title that long
    hostile_inputs.py nested OUT --depth D [--blocks B] [--shape bare|text]   a page of B blocks of D nested divs
                                                                   (399 bare levels: 4.5 KB; 4,250 such blocks: 19 MB)
    hostile_inputs.py feed OUT --items N --base URL                an RSS feed of N items with distinct links under URL
    hostile_inputs.py opml OUT --outlines N --base URL             an OPML list of N feeds under URL
    hostile_inputs.py peak -- COMMAND ...                          runs COMMAND; prints "peak-kib N status S" on stderr
    hostile_inputs.py flood PORT --connections N [--token T]       holds N idle connections to narrate serve on
                                                                   127.0.0.1:PORT (one in ten sending half a head),
                                                                   times 20 requests of a listener, prints the slowest

Everything is written in pieces, never held whole, so the generator itself stays small.
Only the standard library is used.
"""

import argparse
import json
import resource
import subprocess
import sys
import zipfile

WORDS = ("the keeper climbed the stairs of the lighthouse and lit the lamp while the sea "
         "rose against the rocks below and the gulls went quiet").split()
MIB = 1 << 20


def sentence_text(count, punctuation=True):
    """`count` bytes of prose (ASCII), in sentences when `punctuation`."""
    out = []
    size = 0
    index = 0
    while size < count:
        word = WORDS[index % len(WORDS)]
        index += 1
        if punctuation and index % 17 == 0:
            word = word.capitalize() + "."
        out.append(word)
        size += len(word) + 1
    return " ".join(out)[:count]


def write_repeated(stream, total, piece):
    """Writes `total` bytes to `stream` made of `piece` repeated."""
    written = 0
    while written < total:
        chunk = piece[: total - written]
        stream.write(chunk)
        written += len(chunk)


def omnivore_zip(path, entries, entry_mib, start=0):
    metadata = [{"id": str(i), "slug": f"article-{i}", "title": f"Article {i}", "url": f"https://example.org/a/{i}",
                 "savedAt": "2024-03-01T08:00:00.000Z", "labels": [], "state": "SUCCEEDED"} for i in range(start, start + entries)]
    body = (sentence_text(64 * 1024) + "\n\n").encode()
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("metadata_0_to_%d.json" % (entries - 1), json.dumps(metadata))
        for i in range(start, start + entries):
            with archive.open(f"content/article-{i}.md", "w", force_zip64=True) as member:
                member.write(b"# Article %d\n\n" % i)
                write_repeated(member, int(entry_mib * MIB), body)


def json_zip(path, mib):
    entry = json.dumps({"url": "https://example.org/a", "slug": "a", "title": "A", "labels": [], "state": "SUCCEEDED"})
    block = ("," + ",".join([entry] * 1000)).encode()
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        with archive.open("metadata_0_to_1.json", "w", force_zip64=True) as member:
            member.write(b"[" + entry.encode())
            write_repeated(member, int(mib * MIB), block)
            member.write(b"]")


def omnivore_export(path, entries, content, base):
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for start in range(0, entries, 50):
            chunk = [{"id": str(i), "slug": f"item-{i}", "title": f"Item {i}", "url": f"{base}/many/{i}.html",
                      "savedAt": "2024-03-01T08:%02d:%02d.123Z" % (i // 60 % 60, i % 60), "labels": ["news"],
                      "state": "ARCHIVED" if i % 3 == 0 else "SUCCEEDED"}
                     for i in range(start, min(entries, start + 50))]
            archive.writestr("metadata_%d_to_%d.json" % (start, start + len(chunk) - 1), json.dumps(chunk))
            if content:
                for item in chunk:
                    i = int(item["id"])
                    archive.writestr(f"content/item-{i}.md", f"# Item {i}\n\nItem {i} of the export. " + sentence_text(400))


def html(path, mib):
    paragraph = ("<p>" + sentence_text(2000) + "</p>\n").encode()
    with open(path, "wb") as out:
        out.write(b"<!DOCTYPE html><html lang=en><head><title>A long page</title></head><body><article><h1>A long page</h1>\n")
        write_repeated(out, int(mib * MIB), paragraph)
        out.write(b"</article></body></html>\n")


def text(path, mib, punctuation):
    piece = (sentence_text(64 * 1024, punctuation) + " ").encode()
    with open(path, "wb") as out:
        write_repeated(out, int(mib * MIB), piece)


def long_line(path, mib):
    with open(path, "wb") as out:
        write_repeated(out, int(mib * MIB), b"word ")
        out.write(b"\n\nA short paragraph after the long line.\n")


def nested(path, depth, blocks, shape):
    """Blocks of `depth` nested <div>s: bare (as issue 34 measured it, 399 levels in 4.5 KB),
    or with a few words and a link at every level ("text")."""
    with open(path, "w", encoding="utf-8") as out:
        out.write(f"<!DOCTYPE html>\n<html><head><title>Nested {depth}</title></head><body>\n")
        for number in range(blocks):
            for level in range(depth):
                out.write(f'<div>Level {level} of block {number}, <a href="/n/{level}">a link</a>' if shape == "text" else "<div>")
            out.write(f'The innermost sentence of block {number} has words, commas, and <a href="#b{number}">a link</a>.')
            out.write("</div>" * depth + "\n")
        out.write("</body></html>\n")


def feed(path, items, base):
    with open(path, "w", encoding="utf-8") as out:
        out.write('<?xml version="1.0" encoding="utf-8"?>\n<rss version="2.0"><channel><title>Many items</title>'
                  f'<link>{base}</link><description>A feed of {items} items</description>\n')
        for i in range(items):
            out.write(f"<item><title>Item {i}</title><link>{base}/item/{i}</link><guid>{base}/item/{i}</guid>"
                      "<pubDate>Mon, 02 Dec 2024 10:00:00 GMT</pubDate><description>A teaser.</description></item>\n")
        out.write("</channel></rss>\n")


def opml(path, outlines, base):
    with open(path, "w", encoding="utf-8") as out:
        out.write('<?xml version="1.0" encoding="utf-8"?>\n<opml version="2.0"><head><title>Feeds</title></head><body>\n')
        for i in range(outlines):
            out.write(f'<outline type="rss" text="Feed {i}" xmlUrl="{base}/feed/{i}.xml"/>\n')
        out.write("</body></opml>\n")


def flood(port, connections, token):
    import socket
    import time
    held = []
    for index in range(connections):
        try:
            connection = socket.create_connection(("127.0.0.1", port), timeout=5)
        except OSError as error:
            print(f"connection {index} failed: {error}", file=sys.stderr)
            break
        if index % 10 == 0:
            connection.sendall(b"GET /api/articles HTTP/1.1\r\nHo")
        held.append(connection)
    slowest = 0.0
    for _ in range(20):
        started = time.monotonic()
        listener = socket.create_connection(("127.0.0.1", port), timeout=5)
        head = f"GET /api/articles HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n"
        if token:
            head += f"Authorization: Bearer {token}\r\n"
        listener.sendall((head + "\r\n").encode())
        answer = b""
        while True:
            piece = listener.recv(65536)
            if not piece:
                break
            answer += piece
        listener.close()
        slowest = max(slowest, time.monotonic() - started)
        if not answer.startswith(b"HTTP/1.1 200"):
            print(f"the listener got: {answer[:80]!r}", file=sys.stderr)
            return 1
    print(f"{len(held)} connections held; the slowest of 20 requests took {slowest * 1000:.0f} ms")
    for connection in held:
        connection.close()
    return 0


def peak(command):
    completed = subprocess.run(command, check=False)
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    print(f"peak-kib {usage.ru_maxrss} status {completed.returncode}", file=sys.stderr)
    return completed.returncode


def main():
    if len(sys.argv) > 2 and sys.argv[1] == "peak" and sys.argv[2] == "--":
        return peak(sys.argv[3:])
    if len(sys.argv) > 2 and sys.argv[1] == "flood":
        options = argparse.ArgumentParser(prog="hostile_inputs.py flood")
        options.add_argument("port", type=int)
        options.add_argument("--connections", type=int, default=5000)
        options.add_argument("--token")
        given = options.parse_args(sys.argv[2:])
        return flood(given.port, given.connections, given.token)
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("kind", choices=["omnivore-zip", "json-zip", "omnivore-export", "html", "text", "long-line", "nested",
                                         "feed", "opml"])
    parser.add_argument("out")
    parser.add_argument("--entries", type=int, default=1)
    parser.add_argument("--start", type=int, default=0, help="the first entry's number (omnivore-zip)")
    parser.add_argument("--entry-mib", type=float, default=1)
    parser.add_argument("--mib", type=float, default=1)
    parser.add_argument("--content", action="store_true")
    parser.add_argument("--no-punctuation", action="store_true")
    parser.add_argument("--depth", type=int, default=399)
    parser.add_argument("--blocks", type=int, default=1)
    parser.add_argument("--shape", choices=["bare", "text"], default="bare")
    parser.add_argument("--items", type=int, default=1000)
    parser.add_argument("--outlines", type=int, default=1000)
    parser.add_argument("--base", default="https://example.org")
    a = parser.parse_args()
    {
        "omnivore-zip": lambda: omnivore_zip(a.out, a.entries, a.entry_mib, a.start),
        "json-zip": lambda: json_zip(a.out, a.mib),
        "omnivore-export": lambda: omnivore_export(a.out, a.entries, a.content, a.base),
        "html": lambda: html(a.out, a.mib),
        "text": lambda: text(a.out, a.mib, not a.no_punctuation),
        "long-line": lambda: long_line(a.out, a.mib),
        "nested": lambda: nested(a.out, a.depth, a.blocks, a.shape),
        "feed": lambda: feed(a.out, a.items, a.base),
        "opml": lambda: opml(a.out, a.outlines, a.base),
    }[a.kind]()
    return 0


if __name__ == "__main__":
    sys.exit(main())
