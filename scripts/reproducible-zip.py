#!/usr/bin/env python3
"""Zip a folder with sorted entries, one fixed time and fixed permissions, so the same files
give the same bytes (an artifact bundle's checksum is pinned by its users).
Usage: reproducible-zip.py OUTPUT.zip FOLDER EPOCH — entries are relative to FOLDER."""
import os
import sys
import time
import zipfile

output, folder, epoch = sys.argv[1], sys.argv[2], int(sys.argv[3])
stamp = time.gmtime(max(epoch, 315532800))[:6]  # zip cannot hold times before 1980
paths = []
for directory, subdirectories, files in os.walk(folder):
    subdirectories.sort()
    for name in subdirectories + files:
        paths.append(os.path.join(directory, name))
with zipfile.ZipFile(output, "w") as archive:
    for path in sorted(paths, key=lambda p: os.path.relpath(p, folder)):
        name = os.path.relpath(path, folder)
        is_folder = os.path.isdir(path)
        info = zipfile.ZipInfo(name + ("/" if is_folder else ""), date_time=stamp)
        info.create_system = 3  # Unix: the mode below is read by unzip and SwiftPM
        mode = 0o755 if is_folder or os.access(path, os.X_OK) else 0o644
        info.external_attr = ((0o040000 if is_folder else 0o100000) | mode) << 16
        if is_folder:
            info.external_attr |= 0x10
            archive.writestr(info, b"")
        else:
            info.compress_type = zipfile.ZIP_DEFLATED
            with open(path, "rb") as source:
                archive.writestr(info, source.read(), compresslevel=9)
