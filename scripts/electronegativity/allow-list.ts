// The checked-in allow-list (security/electronegativity-allow.json): each entry justifies exactly
// one Electronegativity finding, named by its check, its file and the code on its line, with a
// sentence saying why it is safe. A finding no entry justifies fails the check; so does an entry
// that justifies nothing (the code it excused has changed: look again).
import { readFileSync } from 'node:fs';
import { z } from 'zod';

/** A reason a reviewer can check: a sentence of at least eight words, capitalised, ending in a full stop. */
const reasonSchema = z
  .string()
  .refine((text) => /^[A-Z][\s\S]*\.$/.test(text.trim()) && text.trim().split(/\s+/).length >= 8, 'a sentence of at least eight words saying why it is safe');

export const allowListEntrySchema = z.object({
  check: z.string().regex(/^[A-Z_]+$/, 'a check id such as CONTEXT_ISOLATION_JS_CHECK'),
  /** Relative to the project ("main/electron/window.ts"), or "N/A" for a finding about the whole app. */
  file: z.string().min(1),
  /** Text on the finding's line (trimmed); "" for a finding with no line. */
  code: z.string(),
  reason: reasonSchema,
});
export type AllowListEntry = z.infer<typeof allowListEntrySchema>;

export const allowListSchema = z.object({ entries: z.array(allowListEntrySchema) });

/** The allow-list at `path`, or an Error saying what is wrong with it. */
export function readAllowList(path: string): AllowListEntry[] {
  const parsed = allowListSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${path}: ${issue ? `${issue.path.join('.')}: ${issue.message}` : 'invalid'}.`);
  }
  return parsed.data.entries;
}

/** What a finding must carry to be matched: its check, its file and the code on its line. */
export interface MatchableFinding {
  readonly id: string;
  readonly file: string;
  readonly code: string;
}

export interface Judgement<F extends MatchableFinding> {
  readonly justified: readonly { readonly finding: F; readonly entry: AllowListEntry }[];
  readonly unjustified: readonly F[];
  /** Entries no finding used. */
  readonly stale: readonly AllowListEntry[];
}

/** Pairs findings with entries one to one: same check, same file, the entry's code on the finding's line. */
export function judgeFindings<F extends MatchableFinding>(findings: readonly F[], entries: readonly AllowListEntry[]): Judgement<F> {
  const unused = [...entries];
  const justified: { finding: F; entry: AllowListEntry }[] = [];
  const unjustified: F[] = [];
  for (const finding of findings) {
    const index = unused.findIndex((entry) => entry.check === finding.id && entry.file === finding.file && finding.code.includes(entry.code));
    if (index < 0) {
      unjustified.push(finding);
      continue;
    }
    justified.push({ finding, entry: unused[index]! });
    unused.splice(index, 1);
  }
  return { justified, unjustified, stale: unused };
}
