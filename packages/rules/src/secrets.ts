// content.noSecrets patterns (checks.md §4.4), in table order. Each detector answers only "found or
// not": the matched bytes never leave this module (threats.md invariant 20, no secret echo). The
// checks predicate and the gate (hooks-doctor.md §2.10) share these detectors, so a secret the
// preview refuses is refused at the hook too.

export const PII_PATTERN_NAMES = ["cnp", "email", "phoneRo", "card"] as const;
export const SECRET_PATTERN_NAMES = [
  ...PII_PATTERN_NAMES,
  "credentialAssignment",
  "awsKey",
  "githubToken",
  "privateKey",
  "jwt",
  "slackToken",
] as const;
export type SecretPatternName = (typeof SECRET_PATTERN_NAMES)[number];

const CNP_WEIGHTS = [2, 7, 9, 1, 4, 6, 3, 5, 8, 2, 7, 9];

export function isValidCnp(digits: string): boolean {
  if (!/^[1-9]\d{12}$/.test(digits)) return false;
  const month = Number(digits.slice(3, 5));
  const day = Number(digits.slice(5, 7));
  const county = Number(digits.slice(7, 9));
  if (month < 1 || month > 12 || day < 1 || day > 31) return false;
  if (!((county >= 1 && county <= 52) || county === 70)) return false;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(digits[i]) * (CNP_WEIGHTS[i] as number);
  const rest = sum % 11;
  return (rest === 10 ? 1 : rest) === Number(digits[12]);
}

function hasCnp(text: string): boolean {
  for (const m of text.matchAll(/(?<![\w])\d{13}(?![\w])/g)) if (isValidCnp(m[0])) return true;
  return false;
}

const RESERVED_DOMAINS = [
  "example.com",
  "example.net",
  "example.org",
  "example",
  "test",
  "invalid",
  "localhost",
  "localdomain",
];
const IGNORED_LOCALS = new Set(["git", "noreply", "no-reply", "donotreply", "do-not-reply"]);
const FILE_EXTENSIONS = new Set([
  "png",
  "jpg",
  "gif",
  "svg",
  "webp",
  "ico",
  "css",
  "js",
  "ts",
  "json",
  "md",
  "txt",
  "html",
  "xml",
  "yml",
  "yaml",
  "py",
]);

function isReportableEmail(local: string, domain: string): boolean {
  const d = domain.toLowerCase();
  const under = (base: string) => d === base || d.endsWith(`.${base}`);
  if (RESERVED_DOMAINS.some(under) || under("github.com")) return false;
  if (IGNORED_LOCALS.has(local.toLowerCase())) return false;
  const tld = d.slice(d.lastIndexOf(".") + 1);
  return !FILE_EXTENSIONS.has(tld);
}

function hasEmail(text: string): boolean {
  const re =
    /(?<![\w.%+-])([A-Za-z0-9][A-Za-z0-9._%+-]*)@([A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+)/g;
  for (const m of text.matchAll(re)) if (isReportableEmail(m[1] as string, m[2] as string)) return true;
  return false;
}

// "+4" or "0", then 7 and 8 digits; the usual "+40 7…" spelling is accepted too.
const PHONE_RO = /(?<![\w+])(?:\+40?|0)7\d{8}(?!\w)/;

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

function hasCard(text: string): boolean {
  const blanked = text.replace(UUID, (m) => " ".repeat(m.length));
  for (const m of blanked.matchAll(/(?<![\w-])\d(?:[ -]?\d){12,15}(?![\w-])/g)) {
    const digits = m[0].replace(/[ -]/g, "");
    if (/^(\d)\1*$/.test(digits)) continue;
    if (luhnValid(digits)) return true;
  }
  return false;
}

const CREDENTIAL_NAME =
  "[A-Za-z0-9_.-]*?(?:password|passwd|pwd|secret|token|api[_-]?key|access[_-]?key|auth[_-]?token|client[_-]?secret)";
const CREDENTIAL = new RegExp(
  `(?<![A-Za-z0-9_])${CREDENTIAL_NAME}["'\`]?\\s*[:=]\\s*(?:new\\s+[A-Za-z_$][\\w$.]*\\(\\s*)?(?:"([^"\\r\\n]{8,})"|'([^'\\r\\n]{8,})'|\`([^\`\\r\\n]{8,})\`)`,
  "gi",
);
const PLACEHOLDER_PARTS = [
  "${",
  "{{",
  "<",
  "%s",
  "%d",
  "%(",
  "xxx",
  "***",
  "...",
  "changeme",
  "replaceme",
  "placeholder",
  "example",
  "dummy",
  "sample",
  "test",
  "redacted",
  "hunter2",
];

export function isPlaceholderValue(value: string): boolean {
  const v = value.toLowerCase();
  if (PLACEHOLDER_PARTS.some((p) => v.includes(p))) return true;
  if (/^\$[A-Za-z_]/.test(value)) return true; // $VAR
  if (/^your[-_ ]/i.test(value) || /^my[-_]/i.test(value)) return true;
  if (/^(password|secret|123456)/i.test(value)) return true;
  // An identifier-shaped value without a digit is a variable name, not a literal secret.
  return /^[A-Za-z_$][A-Za-z0-9_$.-]*$/.test(value) && !/\d/.test(value);
}

// Every CREDENTIAL match contains one of these words. CREDENTIAL's lazy name prefix retries from
// every position of a long word (quadratic in the word's length), so the plain alternation screens
// text first: a text without any of the words cannot match and skips the expensive scan.
const CREDENTIAL_WORD = /password|passwd|pwd|secret|token|api[_-]?key|access[_-]?key/i;

function hasCredentialAssignment(text: string): boolean {
  if (!CREDENTIAL_WORD.test(text)) return false;
  for (const m of text.matchAll(CREDENTIAL)) {
    const value = (m[1] ?? m[2] ?? m[3]) as string;
    if (!isPlaceholderValue(value)) return true;
  }
  return false;
}

const DETECTORS: Record<SecretPatternName, (text: string) => boolean> = {
  cnp: hasCnp,
  email: hasEmail,
  phoneRo: (t) => PHONE_RO.test(t),
  card: hasCard,
  credentialAssignment: hasCredentialAssignment,
  awsKey: (t) => /(?<![A-Z0-9])AKIA[0-9A-Z]{16}(?![A-Z0-9])/.test(t),
  githubToken: (t) => /gh[pousr]_[A-Za-z0-9]{36,}/.test(t),
  privateKey: (t) => /-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----/.test(t),
  jwt: (t) => /eyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/.test(t),
  slackToken: (t) => /xox[abpr]-/.test(t),
};

/** Active patterns in table order: secrets minus `disable`, plus PII when `pii` (minus `disable`). */
export function activePatterns(opts: { pii: boolean; disable: readonly string[] }): SecretPatternName[] {
  const disabled = new Set(opts.disable);
  const pii = new Set<string>(PII_PATTERN_NAMES);
  return SECRET_PATTERN_NAMES.filter((n) => !disabled.has(n) && (opts.pii || !pii.has(n)));
}

export function detect(name: SecretPatternName, text: string): boolean {
  return DETECTORS[name](text);
}
