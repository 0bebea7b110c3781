// Downloads (decisions SEC-3): what curl and wget write is named by options (-o/--output,
// --output-dir, -O from the URL's last segment, -D/-c/--trace*/…; wget -O, -P, -o/-a) or by the
// URL itself; `curl -J` and `wget -r` write names the gate cannot know into a directory.
import type { Analyzer } from "../analyze/analyzer";
import type { State } from "../analyze/state";
import { type Arg, argText, textArg } from "../words";
import { getopts, has, type OptSpec, values } from "./getopts";
import { joinArg } from "./operands";

const CURL: OptSpec = {
  short: "AbcCdDeEFHKmoPQrtTuUwxXyYz",
  long: [
    "output",
    "output-dir",
    "user-agent",
    "cookie",
    "cookie-jar",
    "continue-at",
    "data",
    "data-ascii",
    "data-binary",
    "data-raw",
    "data-urlencode",
    "dump-header",
    "referer",
    "cert",
    "form",
    "form-string",
    "header",
    "config",
    "max-time",
    "ftp-port",
    "quote",
    "range",
    "telnet-option",
    "upload-file",
    "user",
    "proxy-user",
    "write-out",
    "proxy",
    "request",
    "speed-limit",
    "speed-time",
    "time-cond",
    "trace",
    "trace-ascii",
    "stderr",
    "libcurl",
    "etag-save",
    "etag-compare",
    "hsts",
    "alt-svc",
    "connect-timeout",
    "retry",
    "retry-delay",
    "retry-max-time",
    "max-filesize",
    "max-redirs",
    "cacert",
    "capath",
    "key",
    "pass",
    "resolve",
    "connect-to",
    "url",
    "json",
    "variable",
    "expand-url",
    "create-file-mode",
    "unix-socket",
    "interface",
    "dns-servers",
    "noproxy",
  ],
};
/** curl options whose value is a file it writes. */
const CURL_FILES = [
  "D",
  "dump-header",
  "c",
  "cookie-jar",
  "trace",
  "trace-ascii",
  "stderr",
  "libcurl",
  "etag-save",
  "hsts",
  "alt-svc",
];

const WGET: OptSpec = {
  short: "OoaPeiBtTwQUYlARDXIF",
  long: [
    "output-document",
    "output-file",
    "append-output",
    "directory-prefix",
    "execute",
    "input-file",
    "base",
    "tries",
    "timeout",
    "wait",
    "quota",
    "user-agent",
    "level",
    "accept",
    "reject",
    "domains",
    "exclude-directories",
    "include-directories",
    "config",
    "header",
    "post-data",
    "post-file",
    "user",
    "password",
    "http-user",
    "http-password",
    "load-cookies",
    "save-cookies",
    "save-headers",
    "referer",
    "bind-address",
    "limit-rate",
    "dns-timeout",
    "connect-timeout",
    "read-timeout",
    "cut-dirs",
    "default-page",
    "adjust-extension",
    "restrict-file-names",
    "method",
    "body-data",
    "body-file",
    "ca-certificate",
    "certificate",
    "private-key",
    "rejected-log",
    "warc-file",
    "backups",
    "progress",
    "hsts-file",
  ],
};
/** wget options whose value is a log or state file it writes. */
const WGET_FILES = ["o", "output-file", "a", "append-output", "save-cookies", "rejected-log", "warc-file", "hsts-file"];

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** The file name a download of this URL gets: its last path segment, decoded. */
function urlBase(u: Arg): Arg | undefined {
  if (u.opaque) return undefined;
  const m = /^[a-z][a-z0-9+.-]*:\/\/[^/]*(\/[^?#]*)?/i.exec(u.text);
  const p = m?.[1] ?? "";
  const b = p
    .split("/")
    .filter((s) => s !== "")
    .at(-1);
  return b === undefined ? undefined : textArg(decodeURIComponentSafe(b));
}

/** Names the gate cannot know, written into each directory the line moved to. */
function intoMovedCwds(a: Analyzer, via: string, st: State): void {
  for (const cwd of st.cwds) if (cwd !== null && cwd !== "") a.emit({ kind: "into", dir: cwd, op: "write", via });
}

export function curl(a: Analyzer, _name: string, args: Arg[], st: State): State {
  const p = getopts(args, CURL);
  const outDir = values(p, "output-dir").at(-1);
  const inDir = (x: Arg) => (outDir === undefined || (!x.opaque && x.text.startsWith("/")) ? x : joinArg(outDir, x));
  for (const o of values(p, "o", "output")) a.writeArg(inDir(o), "write", "curl -o", st);
  for (const o of values(p, ...CURL_FILES)) a.writeArg(o, "write", "curl output file", st);
  for (const k of values(p, "K", "config")) a.mention(argText(k), "curl config", st);
  const urls = [...p.operands, ...values(p, "url")];
  if (has(p, "O", "remote-name", "remote-name-all")) {
    for (const u of urls) {
      const b = urlBase(u);
      if (b) a.writeArg(inDir(b), "write", "curl -O", st);
      else a.mention(argText(u), "curl -O", st);
    }
  }
  if (has(p, "J", "remote-header-name")) {
    if (outDir) a.intoArg(outDir, "write", "curl -J", st);
    else intoMovedCwds(a, "curl -J", st);
  }
  return st;
}

export function wget(a: Analyzer, _name: string, args: Arg[], st: State): State {
  const p = getopts(args, WGET);
  const prefix = values(p, "P", "directory-prefix").at(-1);
  const docs = values(p, "O", "output-document");
  for (const o of docs) a.writeArg(o, "write", "wget -O", st);
  for (const o of values(p, ...WGET_FILES)) a.writeArg(o, "write", "wget log", st);
  for (const c of values(p, "e", "execute", "config")) a.mention(argText(c), "wget command", st);
  if (docs.length > 0) return st;
  if (has(p, "r", "recursive", "m", "mirror", "x", "force-directories", "p", "page-requisites")) {
    if (prefix) a.intoArg(prefix, "write", "wget -r", st);
    else intoMovedCwds(a, "wget -r", st);
    return st;
  }
  for (const u of p.operands) {
    const b = urlBase(u) ?? textArg("index.html");
    a.writeArg(prefix ? joinArg(prefix, b) : b, "write", "wget", st);
  }
  return st;
}
