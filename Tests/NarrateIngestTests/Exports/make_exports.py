#!/usr/bin/env python3
"""Writes the export files the ExportReader tests read, one per format in each service's
own shape and at the size a person who saved for years has, and expected.json: what each
file holds, as this script knows it wrote it (counts, and the odd rows in full).

Deterministic (a seeded random): run it again and nothing changes. The Omnivore export is
written unpacked (omnivore/); the tests pack it into a zip with Python's zipfile, so no
binary file is kept in git.

    python3 Tests/NarrateIngestTests/Exports/make_exports.py
"""
import html
import json
import os
import random
import urllib.parse
from datetime import datetime, timedelta, timezone

HERE = os.path.dirname(os.path.abspath(__file__))
rng = random.Random(20261126)

WORDS_EN = ("tide harbour keeper lamp storm coast letter winter river bridge market garden "
            "library engine signal archive island forest station memory north quiet").split()
WORDS_UK = "маяк берег зима лист ріка міст бібліотека сад станція пам'ять острів ліс північ тиша".split()
WORDS_RU = "маяк берег зима письмо река мост библиотека сад станция память остров лес север".split()
HOSTS = ["coast.example", "news.example.org", "blog.example.net", "журнал.example", "longreads.example.com",
         "science.example", "kyiv.example.ua", "archive.example.io"]
TAGS = ["sea", "long read", "history", "Ліхтар", "наука", "c++", "to-read", "science", "uk", "essays", "Émigré", "歴史"]
ODD_TITLES = [
    'Keeper, the last one',                      # a comma
    'He said "yes", then "no"',                  # quotes
    'A title\nover two lines',                   # a line break
    'Він сказав «так» — і пішов',                # Ukrainian, guillemets, a dash
    'Почему маяки гаснут? Часть 2/3',            # Russian
    'Tom & Jerry <script>alert(1)</script>',    # markup characters
    'Emoji 🌊🏝️ and a ZWJ family 👨‍👩‍👧',
    'עברית and العربية in one title',            # right-to-left
    '東京の図書館、再開',                          # CJK
    '   spaces around   ',
    'Semicolons; pipes | and tabs\tinside',
    "Apostrophe's and 'single quotes'",
]


def utc(seconds):
    return datetime.fromtimestamp(seconds, timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def title_words(words, count):
    return " ".join(rng.choice(words) for _ in range(count)).capitalize()


def url(index, host=None):
    host = host or rng.choice(HOSTS)
    path = rng.choice(["/2024/03/{}-story", "/p/{}", "/статті/{}", "/read?id={}&ref=feed", "/a/{}#comments", "/%D0%BC/{}"])
    return f"https://{host}{path.format(index)}"


def plain_title(index):
    words = [WORDS_EN, WORDS_UK, WORDS_RU][index % 3]
    return title_words(words, rng.randint(2, 9))


def normalized(address):
    """The address as narrate keeps it (the WHATWG URL form): the host in IDNA, the path's
    non-ASCII characters percent-encoded."""
    parts = urllib.parse.urlsplit(address)
    host = parts.hostname.encode("idna").decode("ascii")
    path = urllib.parse.quote(parts.path, safe="/%")
    query = urllib.parse.quote(parts.query, safe="=&%")
    return urllib.parse.urlunsplit((parts.scheme, host, path, query, parts.fragment))


def csv_field(text):
    if any(c in text for c in ',"\n\r') or text != text.strip():
        return '"' + text.replace('"', '""') + '"'
    return text


def sample(index, link):
    return dict(index=index, **dict(link, url=normalized(link["url"])))


def write(name, text, newline="\n"):
    with open(os.path.join(HERE, name), "w", encoding="utf-8", newline=newline) as file:
        file.write(text)


expected = {}

# Pocket's CSV: title,url,time_added,tags (| between),status (unread or archive); 1,600 rows.
rows, links, samples = ["title,url,time_added,tags,status"], [], []
start = 1420070400  # 2015
for i in range(1600):
    odd = i % 131 == 7
    title = ODD_TITLES[(i // 131) % len(ODD_TITLES)] if odd else plain_title(i)
    tags = rng.sample(TAGS, rng.choice([0, 0, 1, 2, 3]))
    archived = rng.random() < 0.55
    added = start + i * 86400 // 3 + rng.randint(0, 3600)
    link_url = url(i)
    rows.append(",".join([csv_field(title), link_url, str(added), csv_field("|".join(tags)), "archive" if archived else "unread"]))
    link = dict(url=link_url, title=title.strip(), savedAt=utc(added), tags=tags, archived=archived)
    links.append(link)
    if odd or i in (0, 1599):
        samples.append(sample(i, link))
# Rows a reader skips: no address, and a scheme that is not the web.
rows.insert(500, 'No address,,1500000000,,unread')
rows.insert(900, 'A bookmarklet,javascript:void(0),1500000000,,unread')
write("pocket.csv", "\r\n".join(rows) + "\r\n")
expected["pocket.csv"] = dict(format="Pocket (CSV)", links=len(links), archived=sum(l["archived"] for l in links), samples=samples)

# Pocket's older HTML export: <h1>Unread</h1><ul>…</ul><h1>Read Archive</h1><ul>…</ul>; 700 links.
unread, archive, links, samples = [], [], [], []
for i in range(700):
    odd = i % 61 == 3
    title = ODD_TITLES[(i // 61) % len(ODD_TITLES)] if odd else plain_title(i)
    tags = rng.sample([t for t in TAGS if "," not in t], rng.choice([0, 1, 2]))
    added = start + i * 86400 + rng.randint(0, 3600)
    link_url = url(i)
    archived = i % 3 == 0
    item = (f'<li><a href="{html.escape(link_url)}" time_added="{added}" tags="{html.escape(",".join(tags))}">'
            f'{html.escape(title)}</a></li>')
    (archive if archived else unread).append(item)
    # The reader takes the text as the page shows it: white space runs are one space.
    shown = " ".join(title.split())
    links.append(dict(url=link_url, title=shown, savedAt=utc(added), tags=tags, archived=archived))
unread_links = [l for l in links if not l["archived"]]
archived_links = [l for l in links if l["archived"]]
ordered = unread_links + archived_links
samples = [sample(i, l) for i, l in enumerate(ordered) if l["title"] in [" ".join(t.split()) for t in ODD_TITLES] or i in (0, len(ordered) - 1)]
write("pocket.html", "<!DOCTYPE html>\n<html>\n<head>\n<meta http-equiv=\"Content-Type\" content=\"text/html; charset=UTF-8\">\n"
      "<title>Pocket Export</title>\n</head>\n<body>\n<h1>Unread</h1>\n<ul>\n" + "\n".join(unread) +
      "\n</ul>\n\n<h1>Read Archive</h1>\n<ul>\n" + "\n".join(archive) + "\n</ul>\n</body>\n</html>\n")
expected["pocket.html"] = dict(format="Pocket (HTML)", links=len(ordered), archived=len(archived_links), samples=samples)

# Instapaper's CSV: URL,Title,Selection,Folder,Timestamp,Tags (a JSON array); 900 rows, a BOM.
rows, links, samples = ["URL,Title,Selection,Folder,Timestamp,Tags"], [], []
folders = ["Unread", "Unread", "Archive", "Archive", "Starred", "Essays", "Читати пізніше"]
for i in range(900):
    odd = i % 97 == 11
    title = ODD_TITLES[(i // 97) % len(ODD_TITLES)] if odd else plain_title(i)
    folder = rng.choice(folders)
    tags = rng.sample(TAGS, rng.choice([0, 0, 1, 2]))
    selection = rng.choice(["", "", 'A quote, "with" a comma', "Цитата\nу два рядки"])
    stamp = start + i * 86400 // 2
    link_url = url(i)
    rows.append(",".join([link_url, csv_field(title), csv_field(selection), csv_field(folder), str(stamp), csv_field(json.dumps(tags, ensure_ascii=False))]))
    expected_tags = list(tags)
    if folder not in ("Unread", "Archive", "Starred"):
        expected_tags.append(folder)
    if folder == "Starred":
        expected_tags.append("starred")
    link = dict(url=link_url, title=title.strip(), savedAt=utc(stamp), tags=expected_tags, archived=folder == "Archive")
    links.append(link)
    if odd or i in (0, 899):
        samples.append(sample(i, link))
write("instapaper.csv", "\ufeff" + "\n".join(rows) + "\n")
expected["instapaper.csv"] = dict(format="Instapaper (CSV)", links=len(links), archived=sum(l["archived"] for l in links), samples=samples)


def article_html(index, language):
    words = {"en": WORDS_EN, "uk": WORDS_UK, "ru": WORDS_RU}[language]
    paragraphs = []
    for _ in range(rng.randint(4, 9)):
        sentences = [title_words(words, rng.randint(6, 16)) + rng.choice([".", ".", "!", "?"]) for _ in range(rng.randint(2, 5))]
        paragraphs.append("<p>" + html.escape(" ".join(sentences)) + "</p>")
    return f"<h2>{html.escape(title_words(words, 3))}</h2>\n" + "\n".join(paragraphs)


# Wallabag's JSON export: every field it writes, the content included; 150 entries.
entries, links, samples = [], [], []
for i in range(150):
    language = ["en", "uk", "ru"][i % 3]
    odd = i % 23 == 5
    title = ODD_TITLES[(i // 23) % len(ODD_TITLES)] if odd else plain_title(i)
    tags = rng.sample(TAGS, rng.choice([0, 1, 2]))
    archived = i % 4 == 1
    created = start + i * 86400 * 3
    link_url = url(i)
    content = article_html(i, language) if i % 30 != 29 else ""
    entries.append({
        "is_archived": 1 if archived else 0, "is_starred": i % 7 == 0, "tags": tags, "is_public": False, "id": 1000 + i,
        "title": title, "url": link_url, "given_url": link_url, "content": content,
        "created_at": datetime.fromtimestamp(created, timezone(timedelta(hours=2))).strftime("%Y-%m-%dT%H:%M:%S+02:00"),
        "updated_at": datetime.fromtimestamp(created + 600, timezone.utc).strftime("%Y-%m-%dT%H:%M:%S+00:00"),
        "published_by": [rng.choice(["Олена Коваль", "J. Smith", ""])], "annotations": [], "mimetype": "text/html; charset=utf-8",
        "language": language, "reading_time": rng.randint(1, 25), "domain_name": link_url.split("/")[2],
        "preview_picture": None, "http_status": "200", "headers": {"content-type": "text/html; charset=utf-8"},
    })
    link = dict(url=link_url, title=title.strip(), savedAt=utc(created), tags=tags, archived=archived, hasContent=bool(content), language=language)
    links.append(link)
    if odd or i in (0, 29, 149):
        samples.append(sample(i, link))
write("wallabag.json", json.dumps(entries, ensure_ascii=False, indent=4) + "\n")
expected["wallabag.json"] = dict(format="Wallabag (JSON)", links=len(links), archived=sum(l["archived"] for l in links),
                                 withContent=sum(l["hasContent"] for l in links), samples=samples)

# Omnivore's export, unpacked: metadata_0_to_49.json, metadata_50_to_99.json, …, content/SLUG.md; 120 items.
omnivore = os.path.join(HERE, "omnivore")
os.makedirs(os.path.join(omnivore, "content"), exist_ok=True)
for name in os.listdir(os.path.join(omnivore, "content")):
    os.remove(os.path.join(omnivore, "content", name))
items, links, samples = [], [], []
for i in range(120):
    language = ["en", "uk", "ru"][i % 3]
    odd = i % 17 == 4
    title = ODD_TITLES[(i // 17) % len(ODD_TITLES)] if odd else plain_title(i)
    slug = f"{'-'.join(title_words(WORDS_EN, 3).lower().split())}-{1000 + i:x}"
    labels = rng.sample(TAGS, rng.choice([0, 1, 2]))
    archived = i % 3 == 2
    saved = start + i * 86400 * 5
    link_url = url(i)
    has_content = i % 10 != 9
    if has_content:
        markdown = "# " + title.replace("\n", " ") + "\n\n" + "\n\n".join(
            title_words({"en": WORDS_EN, "uk": WORDS_UK, "ru": WORDS_RU}[language], rng.randint(8, 20)) + "." for _ in range(rng.randint(3, 8))) + "\n"
        with open(os.path.join(omnivore, "content", slug + ".md"), "w", encoding="utf-8") as file:
            file.write(markdown)
    stamp = datetime.fromtimestamp(saved, timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.000Z")
    items.append({
        "id": f"{i:08x}-0000-4000-8000-{i:012x}", "slug": slug, "title": title, "description": title_words(WORDS_EN, 12),
        "author": rng.choice(["Марія Іваненко", "A. Writer", None]), "url": link_url,
        "state": "Archived" if archived else "SUCCEEDED", "readingProgress": 100 if archived else rng.choice([0, 0, 35]),
        "thumbnail": None, "labels": labels, "savedAt": stamp, "updatedAt": stamp, "publishedAt": None,
    })
    link = dict(url=link_url, title=title.strip(), savedAt=utc(saved), tags=labels, archived=archived, hasContent=has_content)
    links.append(link)
    if odd or i in (0, 9, 119):
        samples.append(sample(i, link))
for old in os.listdir(omnivore):
    if old.startswith("metadata_"):
        os.remove(os.path.join(omnivore, old))
for first in range(0, len(items), 50):
    chunk = items[first:first + 50]
    with open(os.path.join(omnivore, f"metadata_{first}_to_{first + len(chunk) - 1}.json"), "w", encoding="utf-8") as file:
        json.dump(chunk, file, ensure_ascii=False, indent=2)
expected["omnivore"] = dict(format="Omnivore (zip)", links=len(links), archived=sum(l["archived"] for l in links),
                            withContent=sum(l["hasContent"] for l in links), samples=samples)

# A browser's bookmarks (Netscape bookmark file, as Firefox and Chrome write it): 650 links in
# nested folders, icons as data URIs, a link in two folders, bookmarklets and place: links.
lines = ['<!DOCTYPE NETSCAPE-Bookmark-file-1>', '<!-- This is an automatically generated file.',
         '     It will be read and overwritten.', '     DO NOT EDIT! -->',
         '<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">', '<TITLE>Bookmarks</TITLE>',
         '<H1>Bookmarks Menu</H1>', '', '<DL><p>']
links, seen, samples = [], set(), []
icon = "data:image/png;base64," + "iVBORw0KGgoAAAANSUhEUgAAABAAAAAQ" * 20
tree = [("Bookmarks Toolbar", [("Новини", []), ("Long reads", [("Історія", []), ("Science & tech", [])])]),
        ("Other Bookmarks", [("Читати", []), ("Recipes", [])])]
folder_paths = []


def walk(nodes, path, depth):
    for name, children in nodes:
        folder_paths.append((path + [name], depth + 1))
        walk(children, path + [name], depth + 1)


walk(tree, [], 0)
roots = {"bookmarks bar", "bookmarks toolbar", "bookmarks menu", "other bookmarks", "mobile bookmarks", "favorites bar"}
counter = 0
repeated = None


def emit(path, indent, count):
    global counter, repeated
    for _ in range(count):
        i = counter
        counter += 1
        odd = i % 53 == 8
        title = ODD_TITLES[(i // 53) % len(ODD_TITLES)] if odd else plain_title(i)
        link_url = repeated if (i == 400 and repeated) else url(i)
        if i == 100:
            repeated = link_url
        tags = rng.sample([t for t in TAGS if "," not in t], rng.choice([0, 0, 1]))
        added = start + i * 40000
        attributes = f'HREF="{html.escape(link_url)}" ADD_DATE="{added}" LAST_MODIFIED="{added + 5}"'
        if i % 9 == 0:
            attributes += f' ICON="{icon}"'
        if tags:
            attributes += f' TAGS="{html.escape(",".join(tags))}"'
        lines.append(f'{indent}<DT><A {attributes}>{html.escape(title)}</A>')
        if link_url in seen:
            continue
        seen.add(link_url)
        folders = [p for p in path if p.lower() not in roots]
        all_tags = list(tags) + [f for f in folders if f not in tags]
        link = dict(url=link_url, title=" ".join(title.split()), savedAt=utc(added), tags=all_tags, archived=False)
        links.append(link)
        if odd or i in (0, 100):
            samples.append(sample(len(links) - 1, link))


def write_folder(nodes, path, indent):
    for name, children in nodes:
        lines.append(f'{indent}<DT><H3 ADD_DATE="{start}" LAST_MODIFIED="{start + 1}">{html.escape(name)}</H3>')
        lines.append(f'{indent}<DL><p>')
        emit(path + [name], indent + "    ", 70)
        write_folder(children, path + [name], indent + "    ")
        lines.append(f'{indent}</DL><p>')


emit([], "    ", 20)
lines.append('    <DT><A HREF="javascript:(function(){alert(1)})()" ADD_DATE="1500000000">A bookmarklet</A>')
lines.append('    <DT><A HREF="place:sort=8&amp;maxResults=10" ADD_DATE="1500000000">Recent Tags</A>')
write_folder(tree, [], "    ")
lines.append('</DL><p>')
write("bookmarks.html", "\n".join(lines) + "\n")
expected["bookmarks.html"] = dict(format="browser bookmarks (HTML)", links=len(links), archived=0, samples=samples)

# A plain list of URLs: 500 lines, comments, blank lines, a repeat, CRLF endings.
lines, links = ["# Links saved from a phone, one a line", ""], []
for i in range(500):
    link_url = url(i)
    lines.append(link_url if i % 50 else "  " + link_url + "  ")
    links.append(link_url)
    if i % 70 == 0:
        lines.append("")
lines.append(links[10])
write("urls.txt", "\r\n".join(lines) + "\r\n", newline="")
expected["urls.txt"] = dict(format="a list of URLs", links=len(links), archived=0,
                            samples=[sample(0, dict(url=links[0], title=None, savedAt=None, tags=[], archived=False)),
                                     sample(499, dict(url=links[499], title=None, savedAt=None, tags=[], archived=False))])

with open(os.path.join(HERE, "expected.json"), "w", encoding="utf-8") as file:
    json.dump(expected, file, ensure_ascii=False, indent=1)
    file.write("\n")
