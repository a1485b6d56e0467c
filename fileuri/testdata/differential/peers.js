'use strict';
// Answers of Node.js's url.pathToFileURL and url.fileURLToPath, in both
// of their modes ({windows: false} and {windows: true}), to the inputs
// that the differential test of package fileuri generates.
//
// Reads {"posix": [...], "windows": [...], "uri": [...]} on standard
// input and writes the answers in the same order: a string, {"error":
// code} for an exception, or null for an input that Node cannot take (a
// POSIX path that is not UTF-8, given as {"hex": ...}: a JavaScript string
// cannot hold it). Run it in "/", where relative paths resolve.
const url = require('node:url');
const fs = require('node:fs');

const input = JSON.parse(fs.readFileSync(0, 'utf8'));

function run(f, x) {
  if (typeof x !== 'string') {
    return null;
  }
  try {
    return f(x);
  } catch (e) {
    return {error: e.code || e.name};
  }
}

const posix = {windows: false};
const windows = {windows: true};
process.stdout.write(JSON.stringify({
  version: process.version,
  posix: input.posix.map((p) => run((p) => url.pathToFileURL(p, posix).href, p)),
  windows: input.windows.map((p) => run((p) => url.pathToFileURL(p, windows).href, p)),
  uri_posix: input.uri.map((u) => run((u) => url.fileURLToPath(u, posix), u)),
  uri_windows: input.uri.map((u) => run((u) => url.fileURLToPath(u, windows), u)),
}));
