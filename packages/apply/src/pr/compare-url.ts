// compareUrl (apply.md §15): derived from the origin remote URL for GitHub and GitLab; pure, never
// throws, undefined when not derivable.

interface Remote {
  host: string;
  segments: string[];
}

export function parseRemote(url: string): Remote | undefined {
  const s = url.trim();
  let host: string;
  let rest: string;
  const scheme = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/(?:[^@/]*@)?([^/:]+)(?::\d*)?(\/.*)?$/.exec(s);
  if (scheme) {
    host = scheme[1] as string;
    rest = scheme[2] ?? "";
  } else {
    const scp = /^(?:[^@/:]+@)?([^/:]+):(.*)$/.exec(s);
    if (!scp) return undefined;
    host = scp[1] as string;
    rest = scp[2] as string;
  }
  let p = rest.replace(/^\/+|\/+$/g, "");
  if (p.endsWith(".git")) p = p.slice(0, -4);
  p = p.replace(/^\/+|\/+$/g, "");
  const segments = p.split("/");
  if (segments.length < 2 || segments.some((x) => x === "")) return undefined;
  return { host: host.toLowerCase(), segments };
}

const encPath = (pieces: string[]) => pieces.map(encodeURIComponent).join("/");

export function compareUrlFor(remoteUrl: string, defaultBranchName: string, branch: string): string | undefined {
  const r = parseRemote(remoteUrl);
  if (!r) return undefined;
  if (r.host === "github.com") {
    if (r.segments.length !== 2) return undefined;
    const base = encPath(defaultBranchName.split("/"));
    const head = encPath(branch.split("/"));
    return `https://github.com/${encPath(r.segments)}/compare/${base}...${head}?expand=1`;
  }
  if (r.host === "gitlab.com" || r.host.startsWith("gitlab.")) {
    return `https://${r.host}/${encPath(r.segments)}/-/merge_requests/new?merge_request%5Bsource_branch%5D=${encodeURIComponent(branch)}`;
  }
  return undefined;
}
