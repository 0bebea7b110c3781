// Plan name normalisation for migrate (sources.md §5.5).
const NAME_MAX = 64;

export function normalisePlanName(input: string): string {
  let name = input
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, NAME_MAX);
  if (name === "") return "migrated-v1";
  if (!/^[a-z0-9]/.test(name)) name = `v1-${name}`.slice(0, NAME_MAX);
  return name;
}
