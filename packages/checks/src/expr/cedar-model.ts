// The Cedar entity model of expr.cedar (checks.md §4.10): one request per artifact, principal
// Axiom::Plan::"<name>", action Axiom::Action::"<op>", resource Axiom::Artifact::"<path>" whose
// parent is Axiom::Manifest::"<manifestDigest>", plus a small context.
import { extOf } from "../manifest-facts";
import type { Facts } from "../types";
import { textOf } from "./cel-vars";

export type CedarValue = boolean | number | string | CedarValue[] | { [k: string]: CedarValue };
export interface CedarUid {
  type: string;
  id: string;
}
export interface CedarEntity {
  uid: CedarUid;
  attrs: Record<string, CedarValue>;
  parents: CedarUid[];
}
export interface CedarRequest {
  path: string;
  principal: CedarUid;
  action: CedarUid;
  resource: CedarUid;
  context: Record<string, CedarValue>;
  /** The entities this request needs: principal, manifest, the resource artifact. */
  entities: CedarEntity[];
}

/** Which optional, costly inputs the policy text can reach. */
export interface CedarNeeds {
  text: boolean;
  repo: boolean;
}

/** checks.md §4.1 table: repo facts are used when the policy text mentions `exists` or `repo`. */
export function cedarNeeds(policies: string): CedarNeeds {
  return { text: /\btext\b/.test(policies), repo: /\b(exists|repo)\b/.test(policies) };
}

const dirOf = (path: string) => {
  const i = path.lastIndexOf("/");
  return i < 0 ? "" : path.slice(0, i);
};

export async function buildCedarRequests(facts: Facts, needs: CedarNeeds): Promise<CedarRequest[]> {
  const m = facts.manifest;
  const principal: CedarUid = { type: "Axiom::Plan", id: m.name };
  const parent: CedarUid = { type: "Axiom::Manifest", id: facts.manifestDigest };
  const repo = needs.repo ? facts.repo : undefined;
  const context: Record<string, CedarValue> = { manifest: { name: m.name, profile: m.profile } };
  if (repo) {
    const r: Record<string, CedarValue> = {};
    if (repo.gitHead !== undefined) r.gitHead = repo.gitHead;
    if (repo.gitDirty !== undefined) r.gitDirty = repo.gitDirty;
    context.repo = r;
  }
  const shared: CedarEntity[] = [
    { uid: principal, attrs: {}, parents: [] },
    { uid: parent, attrs: {}, parents: [] },
  ];
  const requests: CedarRequest[] = [];
  for (const a of m.artifacts) {
    const attrs: Record<string, CedarValue> = {
      path: a.path,
      op: a.op,
      mode: a.mode,
      ext: extOf(a.path),
      dir: dirOf(a.path),
    };
    if (a.digest?.sha256 !== undefined) attrs.sha256 = a.digest.sha256;
    if (a.bytes !== undefined) attrs.bytes = a.bytes;
    if (a.origin !== undefined) attrs.origin = a.origin;
    if (needs.text && a.op !== "delete") {
      const text = textOf(await facts.content(a));
      if (text !== undefined) attrs.text = text;
    }
    if (repo) attrs.exists = await repo.exists(a.path);
    const resource: CedarUid = { type: "Axiom::Artifact", id: a.path };
    requests.push({
      path: a.path,
      principal,
      action: { type: "Axiom::Action", id: a.op },
      resource,
      context,
      entities: [...shared, { uid: resource, attrs, parents: [parent] }],
    });
  }
  return requests;
}
