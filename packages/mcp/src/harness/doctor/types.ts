// A doctor check (hooks-doctor.md §4.2): `{id, status, message, hint?}`; non-ok checks carry a hint.
export type CheckStatus = "ok" | "warn" | "fail";

export interface DoctorCheck {
  id: string;
  status: CheckStatus;
  message: string;
  hint?: string;
}
