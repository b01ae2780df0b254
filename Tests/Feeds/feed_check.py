#!/usr/bin/env python3
"""Reads a podcast feed as podcast apps and directories do, and checks what needs no library.

Usage: feed_check.py --feed URL [--apple] [--header 'Name: value' ...]

The feed is parsed with feedparser (and strictly with ElementTree: it must be well-formed
XML); the cover, every chapters file and transcript are fetched; transcripts are parsed with
webvtt-py and srt, chapters checked against the Podcasting 2.0 JSON chapters format, the
enclosures' lengths against a HEAD of each. With --apple, Apple Podcasts' published feed
requirements are checked item by item (enclosure types, lengths, unique guids, explicit tag,
category, the cover's size rule).

Prints one JSON object: the channel's and items' values as parsed, and "problems", a list
of what is wrong; exits 1 when there is any.
"""
import argparse
import io
import json
import re
import struct
import sys
import urllib.request
import xml.etree.ElementTree as ElementTree
from email.utils import parsedate_to_datetime

import feedparser
import srt
import webvtt

ITUNES = "{http://www.itunes.com/dtds/podcast-1.0.dtd}"
PODCAST = "{https://podcastindex.org/namespace/1.0}"
ATOM = "{http://www.w3.org/2005/Atom}"
APPLE_TYPES = {"audio/x-m4a", "audio/mpeg", "video/quicktime", "video/mp4", "video/x-m4v", "application/pdf"}
APPLE_CATEGORIES = {
    "Arts", "Business", "Comedy", "Education", "Fiction", "Government", "History", "Health & Fitness",
    "Kids & Family", "Leisure", "Music", "News", "Religion & Spirituality", "Science", "Society & Culture",
    "Sports", "Technology", "True Crime", "TV & Film",
}


def fetch(url, headers, method="GET"):
    request = urllib.request.Request(url, headers=headers, method=method)
    with urllib.request.urlopen(request, timeout=60) as response:
        return response.status, dict(response.headers.items()), response.read()


def image_size(data):
    """(format, width, height, colour) of a PNG or JPEG, or None."""
    if data[:8] == b"\x89PNG\r\n\x1a\n":
        width, height, _, colour = struct.unpack(">IIBB", data[16:26])
        return "png", width, height, {0: "grey", 2: "rgb", 3: "palette", 4: "grey", 6: "rgba"}.get(colour, "?")
    if data[:3] == b"\xff\xd8\xff":
        index = 2
        while index < len(data) - 9:
            if data[index] != 0xFF:
                index += 1
                continue
            marker = data[index + 1]
            length = struct.unpack(">H", data[index + 2:index + 4])[0]
            if marker in (0xC0, 0xC1, 0xC2):
                height, width = struct.unpack(">HH", data[index + 5:index + 9])
                components = data[index + 9]
                return "jpeg", width, height, "rgb" if components == 3 else "other"
            index += 2 + length
    return None


def seconds(timestamp):
    hours, minutes, rest = timestamp.replace(",", ".").split(":")
    return round(int(hours) * 3600 + int(minutes) * 60 + float(rest), 3)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--feed", required=True)
    parser.add_argument("--apple", action="store_true")
    parser.add_argument("--header", action="append", default=[])
    parser.add_argument("--static", action="store_true", help="a plain static server: no byte ranges asked of it")
    arguments = parser.parse_args()
    headers = dict(line.split(": ", 1) for line in arguments.header)
    problems = []

    status, response_headers, body = fetch(arguments.feed, headers)
    if status != 200:
        problems.append(f"feed: HTTP {status}")
    if not arguments.static and not response_headers.get("Content-Type", "").startswith("application/rss+xml"):
        problems.append(f"feed: content type {response_headers.get('Content-Type')}")
    try:
        root = ElementTree.fromstring(body)
    except ElementTree.ParseError as error:
        print(json.dumps({"problems": [f"feed: not well-formed XML: {error}"]}))
        return 1
    parsed = feedparser.parse(io.BytesIO(body))
    if parsed.bozo:
        problems.append(f"feedparser: {parsed.bozo_exception}")

    channel_element = root.find("channel")
    channel = {
        "title": parsed.feed.get("title", ""),
        "description": parsed.feed.get("subtitle", ""),
        "language": parsed.feed.get("language", ""),
        "link": parsed.feed.get("link", ""),
        "author": parsed.feed.get("author", ""),
        "explicit": channel_element.findtext(ITUNES + "explicit"),
        "category": [c.get("text") for c in channel_element.findall(ITUNES + "category")],
        "image": (channel_element.find(ITUNES + "image").get("href") if channel_element.find(ITUNES + "image") is not None else None),
        "block": channel_element.findtext(ITUNES + "block"),
        "podcastGuid": channel_element.findtext(PODCAST + "guid"),
        "self": [l.get("href") for l in channel_element.findall(ATOM + "link") if l.get("rel") == "self"],
    }
    for name in ("title", "description", "language"):
        if not channel[name]:
            problems.append(f"channel: no {name}")
    if not re.fullmatch(r"[a-z]{2,3}(-[a-z0-9]+)?", channel["language"] or ""):
        problems.append(f"channel: language '{channel['language']}' is no ISO 639 code")
    if not channel["self"]:
        problems.append("channel: no atom:link rel=self")
    if channel["image"]:
        _, _, cover = fetch(channel["image"], headers)
        size = image_size(cover)
        channel["imageSize"] = size
        if size is None:
            problems.append("cover: neither PNG nor JPEG")
        elif arguments.apple:
            kind, width, height, colour = size
            if width != height or not 1400 <= width <= 3000:
                problems.append(f"cover: {width}x{height}; Apple requires a square of 1400 to 3000 pixels")
            if colour not in ("rgb", "rgba"):
                problems.append(f"cover: colour {colour}; Apple requires RGB")
            if not channel["image"].lower().endswith((".png", ".jpg", ".jpeg")):
                problems.append("cover: its address must end in .png or .jpg")
    else:
        problems.append("channel: no itunes:image")
    if arguments.apple:
        if channel["explicit"] not in ("true", "false"):
            problems.append(f"channel: itunes:explicit '{channel['explicit']}' must be true or false")
        if not channel["category"] or any(c not in APPLE_CATEGORIES for c in channel["category"]):
            problems.append(f"channel: itunes:category {channel['category']} is not Apple's")

    items = []
    guids = set()
    for element, entry in zip(channel_element.findall("item"), parsed.entries):
        enclosure = element.find("enclosure")
        item = {
            "title": entry.get("title", ""),
            "guid": element.findtext("guid"),
            "published": parsedate_to_datetime(element.findtext("pubDate")).timestamp() if element.findtext("pubDate") else None,
            "description": entry.get("summary", ""),
            "link": entry.get("link"),
            "enclosure": dict(enclosure.attrib) if enclosure is not None else None,
            "duration": element.findtext(ITUNES + "duration"),
            "explicit": element.findtext(ITUNES + "explicit"),
            "chapters": None,
            "transcripts": [],
        }
        where = f"item '{item['title']}'"
        if not item["title"]:
            problems.append(f"{where}: no title")
        if not item["guid"]:
            problems.append(f"{where}: no guid")
        elif item["guid"] in guids:
            problems.append(f"{where}: guid {item['guid']} is not unique")
        guids.add(item["guid"])
        if item["published"] is None:
            problems.append(f"{where}: no pubDate")
        if item["enclosure"] is None:
            problems.append(f"{where}: no enclosure")
            items.append(item)
            continue
        length = item["enclosure"].get("length", "")
        if not length.isdigit() or int(length) <= 0:
            problems.append(f"{where}: enclosure length '{length}'")
        status, head, _ = fetch(item["enclosure"]["url"], headers, method="HEAD")
        item["enclosureHeadLength"] = int(head.get("Content-Length", "-1"))
        item["enclosureHeadType"] = head.get("Content-Type")
        if status != 200 or str(item["enclosureHeadLength"]) != length:
            problems.append(f"{where}: enclosure length {length}, HEAD says {head.get('Content-Length')} (HTTP {status})")
        if not arguments.static and head.get("Accept-Ranges") != "bytes":
            problems.append(f"{where}: enclosure without Accept-Ranges: bytes")
        if arguments.apple:
            if item["enclosure"].get("type") not in APPLE_TYPES:
                problems.append(f"{where}: enclosure type {item['enclosure'].get('type')} is not one Apple takes")
            if item["explicit"] not in ("true", "false"):
                problems.append(f"{where}: itunes:explicit '{item['explicit']}'")
        if not (item["duration"] or "").isdigit():
            problems.append(f"{where}: itunes:duration '{item['duration']}'")
            duration = 0
        else:
            duration = int(item["duration"])

        chapters = element.find(PODCAST + "chapters")
        if chapters is None or chapters.get("type") != "application/json+chapters":
            problems.append(f"{where}: no podcast:chapters of type application/json+chapters")
        else:
            _, chapter_headers, data = fetch(chapters.get("url"), headers)
            document = json.loads(data)
            item["chapters"] = document
            if not isinstance(document.get("version"), str) or not isinstance(document.get("chapters"), list):
                problems.append(f"{where}: chapters without version or chapters")
            else:
                starts = [c.get("startTime") for c in document["chapters"]]
                if not document["chapters"] or starts[0] != 0:
                    problems.append(f"{where}: chapters do not start at 0")
                if any(not isinstance(s, (int, float)) for s in starts) or starts != sorted(starts) or len(set(starts)) != len(starts):
                    problems.append(f"{where}: chapter startTimes {starts} are not ascending numbers")
                for chapter in document["chapters"]:
                    if chapter.get("startTime", 0) > duration + 0.5 or chapter.get("endTime", 0) > duration + 0.5:
                        problems.append(f"{where}: chapter {chapter} past the duration {duration}")
                    if not isinstance(chapter.get("title"), str) or not chapter["title"]:
                        problems.append(f"{where}: chapter without title")

        transcripts = element.findall(PODCAST + "transcript")
        types = sorted(t.get("type") for t in transcripts)
        if types != ["application/x-subrip", "text/vtt"]:
            problems.append(f"{where}: transcripts {types}, not WebVTT and SRT")
        for transcript in transcripts:
            _, _, data = fetch(transcript.get("url"), headers)
            text = data.decode("utf-8")
            if transcript.get("type") == "text/vtt":
                cues = [(seconds(c.start), seconds(c.end), c.text) for c in webvtt.from_buffer(io.StringIO(text)).captions]
            else:
                cues = [(round(c.start.total_seconds(), 3), round(c.end.total_seconds(), 3), c.content) for c in srt.parse(text)]
            item["transcripts"].append({"url": transcript.get("url"), "type": transcript.get("type"), "cues": cues})
            if not cues:
                problems.append(f"{where}: transcript {transcript.get('type')} has no cues")
            elif any(b[0] < a[0] for a, b in zip(cues, cues[1:])) or cues[-1][1] > duration + 0.5:
                problems.append(f"{where}: transcript {transcript.get('type')} cues out of order or past the duration")
        if len(item["transcripts"]) == 2:
            vtt = next(t for t in item["transcripts"] if t["type"] == "text/vtt")["cues"]
            srt_cues = next(t for t in item["transcripts"] if t["type"] != "text/vtt")["cues"]
            # WebVTT escapes & and < in cue text; SRT does not.
            unescape = lambda s: s.replace("&lt;", "<").replace("&amp;", "&").replace("--&gt;", "-->")
            if [(a, b, unescape(t)) for a, b, t in vtt] != srt_cues:
                problems.append(f"{where}: the WebVTT and SRT transcripts differ")
        items.append(item)

    print(json.dumps({"channel": channel, "items": items, "problems": problems}, ensure_ascii=False))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
