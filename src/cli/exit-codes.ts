/** Exit codes, in one place (README.md#commands). */
export const EXIT = {
  ok: 0,
  /** An error diagnostic exists, or the command failed. */
  error: 1,
  /** `plan --detailed-exitcode`: there are changes. */
  changes: 2,
} as const;
