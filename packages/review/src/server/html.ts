// The one HTML document: no inline script or style (the CSP allows neither); the token rides on
// the asset URLs because every request needs it. The token is base64url, safe in an attribute.
export function pageHtml(token: string): string {
  const q = `?t=${token}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>AXIOM review</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/app.css${q}">
<script src="/app.js${q}" defer></script>
</head>
<body>
<header class="top">
<span class="brand">AXIOM review</span>
<nav aria-label="views">
<a href="#/" data-key="t">Timeline</a>
<a href="#/pending" data-key="p">Pending</a>
<a href="#/status" data-key="s">Status</a>
</nav>
<span id="live" class="live" aria-live="polite"></span>
</header>
<main id="app" tabindex="-1"><p class="muted">Loading…</p></main>
</body>
</html>
`;
}
