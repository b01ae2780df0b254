#!/usr/bin/env python3
"""Writes a PDF for the tests, from a JSON description read on standard input, with a real
writer: groff (its ms macros and its PDF device, gropdf) or cairo (through pycairo).

    {"output": "doc.pdf", "writer": "groff" | "cairo",
     "title": "The Lighthouse Keepers",   # a title line at the top of the first page
     "metadata": {"title": "...", "author": "..."},   # cairo: the document's metadata
     "columns": 1 | 2,
     "header": "The Lighthouse Keepers",  # a running head on every page (groff: from page 2)
     "footer": "Page {page}",             # a running foot with the page number
     "outline": true,                     # cairo: an outline entry for every chapter
     "headingSize": 15,                   # cairo: the headings' size (the text's is 10.5)
     "chapters": [{"title": "...", "paragraphs": ["...", ...],
                   "footnote": "1 A note."}, ...],  # cairo: at the foot of the chapter's first page
     "scan": 2}                           # cairo: that many pages of pictures, no text

groff hyphenates and justifies as it sets the text (ms's defaults); cairo's pages are set
here, line by line, a word that does not fit hyphenated when both halves keep three letters.
"""

import json
import subprocess
import sys


def groff(description):
    lines = [".nr PS 10", ".nr VS 12", ".ds CH", ".ds LH", ".ds RH", ".ds LF", ".ds CF", ".ds RF"]
    if description.get("header"):
        lines.append(".ds LH " + escape(description["header"]))
    if description.get("footer"):
        lines.append(".ds CF " + escape(description["footer"].replace("{page}", "%")))
    if description.get("title"):
        lines += [".TL", escape(description["title"])]
    if description.get("columns", 1) == 2:
        lines.append(".2C")
    for chapter in description["chapters"]:
        lines += [".NH", escape(chapter["title"])]
        for paragraph in chapter["paragraphs"]:
            lines += [".PP", escape(paragraph)]
    source = "\n".join(lines) + "\n"
    with open(description["output"], "wb") as output:
        subprocess.run(["groff", "-ms", "-Tpdf", "-Kutf8"], input=source.encode("utf-8"), stdout=output, check=True)


def escape(text):
    text = " ".join(text.split()).replace("\\", "\\e")
    return "\\&" + text if text[:1] in (".", "'") else text


def cairo_pdf(description):
    import cairo

    width, height, margin, gutter = 595, 842, 56, 24
    surface = cairo.PDFSurface(description["output"], width, height)
    metadata = description.get("metadata", {})
    if metadata.get("title"):
        surface.set_metadata(cairo.PDFMetadata.TITLE, metadata["title"])
    if metadata.get("author"):
        surface.set_metadata(cairo.PDFMetadata.AUTHOR, metadata["author"])
    context = cairo.Context(surface)
    if description.get("scan"):
        for page in range(description["scan"]):
            context.set_source_rgb(0.9, 0.9, 0.9)
            context.rectangle(margin, margin, width - 2 * margin, height - 2 * margin)
            context.fill()
            context.set_source_rgb(0.2, 0.2, 0.2)
            for row in range(40):
                context.rectangle(margin + 10, margin + 20 + row * 18, (width - 2 * margin - 20) * (0.6 + 0.4 * ((row * 7) % 5) / 5), 6)
                context.fill()
            context.show_page()
        surface.finish()
        return

    fonts = {
        "body": ("DejaVu Serif", cairo.FONT_WEIGHT_NORMAL, 10.5, 13.5),
        "heading": ("DejaVu Sans", cairo.FONT_WEIGHT_BOLD, description.get("headingSize", 15), 20),
        "title": ("DejaVu Sans", cairo.FONT_WEIGHT_BOLD, 22, 28),
        "running": ("DejaVu Sans", cairo.FONT_WEIGHT_NORMAL, 8, 10),
    }
    columns = description.get("columns", 1)
    column_width = (width - 2 * margin - (columns - 1) * gutter) / columns
    top, bottom = margin + 24, height - margin - 24
    # The first page's columns start below its title.
    state = {"page": 1, "column": 0, "y": top, "first": top}

    def use(font):
        family, weight, size, _ = fonts[font]
        context.select_font_face(family, cairo.FONT_SLANT_NORMAL, weight)
        context.set_font_size(size)

    pending_notes = []

    def running():
        use("running")
        context.set_source_rgb(0, 0, 0)
        for number, note in enumerate(pending_notes):
            context.move_to(margin, bottom + 14 + number * 10)
            context.show_text(note)
        pending_notes.clear()
        if description.get("header"):
            context.move_to(margin, 40)
            context.show_text(description["header"])
        if description.get("footer"):
            text = description["footer"].replace("{page}", str(state["page"]))
            context.move_to((width - context.text_extents(text).x_advance) / 2, height - 30)
            context.show_text(text)

    def next_column():
        state["column"] += 1
        state["y"] = state["first"] if state["page"] == 1 else top
        if state["column"] == columns:
            running()
            context.show_page()
            state["page"] += 1
            state["column"] = 0
            state["y"] = top

    def set_lines(font, text, indent=0, width_available=None):
        use(font)
        available = width_available or column_width
        words = text.split()
        lines, current, room = [], "", available - indent
        for word in words:
            trial = current + " " + word if current else word
            if context.text_extents(trial).x_advance <= room:
                current = trial
                continue
            placed = False
            letters = word.rstrip(".,;:!?")
            if len(letters) >= 7 and letters.isalpha():
                for cut in range(len(letters) - 3, 2, -1):
                    left = word[:cut] + "-"
                    attempt = current + " " + left if current else left
                    if context.text_extents(attempt).x_advance <= room:
                        lines.append(attempt)
                        current = word[cut:]
                        placed = True
                        break
            if not placed:
                if current:
                    lines.append(current)
                current = word
            room = available
        if current:
            lines.append(current)
        return lines

    def show(font, lines, indent=0, full_width=False):
        use(font)
        leading = fonts[font][3]
        for number, line in enumerate(lines):
            if state["y"] + leading > bottom:
                next_column()
                use(font)
            x = margin + (0 if full_width else state["column"] * (column_width + gutter)) + (indent if number == 0 else 0)
            context.set_source_rgb(0, 0, 0)
            context.move_to(x, state["y"] + fonts[font][2])
            context.show_text(line)
            state["y"] += leading

    if description.get("title"):
        show("title", set_lines("title", description["title"], width_available=width - 2 * margin), full_width=True)
        state["y"] += 12
        state["first"] = state["y"]
    for chapter in description["chapters"]:
        if state["y"] + 80 > bottom:
            next_column()
        state["y"] += 8
        if description.get("outline"):
            x = margin + state["column"] * (column_width + gutter)
            surface.add_outline(cairo.PDF_OUTLINE_ROOT, chapter["title"], "page=%d pos=[%d %d]" % (state["page"], x, state["y"]), 0)
        show("heading", set_lines("heading", chapter["title"]))
        if chapter.get("footnote"):
            pending_notes.append(chapter["footnote"])
        state["y"] += 4
        for paragraph in chapter["paragraphs"]:
            show("body", set_lines("body", paragraph, indent=14), indent=14)
    running()
    context.show_page()
    surface.finish()


def main():
    description = json.load(sys.stdin)
    if description.get("writer") == "groff":
        groff(description)
    else:
        cairo_pdf(description)


if __name__ == "__main__":
    main()
