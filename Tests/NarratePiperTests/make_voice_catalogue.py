#!/usr/bin/env python3
"""Writes a Piper voice catalogue (voices.json, as the piper-voices repository's) for the
voices under a folder: every NAME.onnx with its NAME.onnx.json, at its path relative to
the folder, with its size and MD5 digest.

    make_voice_catalogue.py FOLDER    writes FOLDER/voices.json
"""

import hashlib
import json
import os
import sys


def describe(root, relative):
    with open(os.path.join(root, relative), "rb") as handle:
        data = handle.read()
    return {"size_bytes": len(data), "md5_digest": hashlib.md5(data).hexdigest()}


def main():
    root = sys.argv[1]
    voices = {}
    for folder, _, names in os.walk(root):
        for name in sorted(names):
            if not name.endswith(".onnx") or name + ".json" not in names:
                continue
            key = name[:-len(".onnx")]
            model = os.path.relpath(os.path.join(folder, name), root)
            with open(os.path.join(folder, name + ".json"), encoding="utf-8") as handle:
                config = json.load(handle)
            code = config.get("language", {}).get("code") or key.split("-")[0]
            voices[key] = {
                "key": key,
                "name": key.split("-")[1] if "-" in key else key,
                "language": {"code": code, "family": code.split("_")[0]},
                "quality": config.get("audio", {}).get("quality", key.split("-")[-1]),
                "num_speakers": 1,
                "speaker_id_map": {},
                "files": {model: describe(root, model), model + ".json": describe(root, model + ".json")},
                "aliases": [],
            }
    with open(os.path.join(root, "voices.json"), "w", encoding="utf-8") as handle:
        json.dump(voices, handle, indent=2, sort_keys=True)


if __name__ == "__main__":
    main()
