// GETs to the review server's JSON API, each with the page's token (every request needs it).
const token = new URLSearchParams(location.search).get("t") ?? "";

export function apiUrl(path: string, params: Record<string, string | number | undefined> = {}): string {
  const q = new URLSearchParams({ t: token });
  for (const [k, v] of Object.entries(params)) if (v !== undefined) q.set(k, String(v));
  return `${path}?${q.toString()}`;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export async function getJson<T>(path: string, params: Record<string, string | number | undefined> = {}): Promise<T> {
  const res = await fetch(apiUrl(path, params), { headers: { accept: "application/json" } });
  const body = (await res.json().catch(() => ({}))) as { code?: string; message?: string };
  if (!res.ok) throw new ApiError(res.status, body.code ?? "ERR_INTERNAL", body.message ?? res.statusText);
  return body as T;
}
