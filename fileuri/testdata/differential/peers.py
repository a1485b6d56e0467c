"""Answers of CPython's path <-> file URI functions to the inputs that the
differential test of package fileuri generates.

Reads {"posix": [...], "windows": [...], "uri": [...]} on standard input
and writes the answers in the same order: a string, {"hex": ...} for a
string that is not UTF-8 (a POSIX path, as os.fsencode gives its bytes),
or {"error": name} for an exception. An input given as {"hex": ...} is a
POSIX path that is not UTF-8, passed as os.fsdecode gives it.

  posix        pathlib.PurePosixPath(p).as_uri()
  windows      pathlib.PureWindowsPath(p).as_uri()
  nt           "file:" + nturl2path.pathname2url(p)
  uri_posix    urllib.parse.urlsplit(u), then urllib.request.url2pathname
               of the path when the scheme is "file" and the authority
               empty or "localhost" in any case (as urllib.request's
               FileHandler, which resolves the name, accepts it)
  uri_nt       nturl2path.url2pathname(u after "file:"), the part of the
               URL it is written for
"""
import json
import nturl2path
import os
import pathlib
import sys
import urllib.parse
import urllib.request


def text(x):
    return os.fsdecode(bytes.fromhex(x["hex"])) if isinstance(x, dict) else x


def answer(s):
    try:
        s.encode("utf-8")
        return s
    except UnicodeEncodeError:
        return {"hex": os.fsencode(s).hex()}


def run(f, x):
    try:
        return answer(f(text(x)))
    except Exception as e:  # every failure is an answer
        return {"error": type(e).__name__}


def posix_to_path(u):
    parts = urllib.parse.urlsplit(u)
    if parts.scheme != "file":
        raise ValueError("not a file URL")
    if parts.netloc.lower() not in ("", "localhost"):
        raise ValueError("not a local file URL")
    return urllib.request.url2pathname(parts.path)


def nt_to_path(u):
    if u[:5].lower() != "file:":
        raise ValueError("not a file URL")
    return nturl2path.url2pathname(u[5:])


def main():
    inputs = json.load(sys.stdin)
    out = {
        "version": sys.version.split()[0],
        "posix": [run(lambda p: pathlib.PurePosixPath(p).as_uri(), p) for p in inputs["posix"]],
        "windows": [run(lambda p: pathlib.PureWindowsPath(p).as_uri(), p) for p in inputs["windows"]],
        "nt": [run(lambda p: "file:" + nturl2path.pathname2url(p), p) for p in inputs["windows"]],
        "uri_posix": [run(posix_to_path, u) for u in inputs["uri"]],
        "uri_nt": [run(nt_to_path, u) for u in inputs["uri"]],
    }
    json.dump(out, sys.stdout, ensure_ascii=False)


main()
