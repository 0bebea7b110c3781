// D26 / mcp.md §5.5 for a tool call: the checks package's selectMcpProfile with this server's
// default profile and --allow-profile names. Throws ERR_INVALID_PROFILE `{profile, allowed}`.
import { selectMcpProfile } from "@codai/axiom-checks";
import type { ServerContext } from "./context";

export function selectProfile(
  deps: Pick<ServerContext, "serverProfile" | "allowProfiles">,
  argument: string | undefined,
  planProfile: string | undefined,
  root: string | undefined,
): Promise<string> {
  return selectMcpProfile({
    argument,
    planProfile,
    serverDefault: deps.serverProfile,
    allowProfiles: deps.allowProfiles,
    root,
  });
}
