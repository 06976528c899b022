/**
 * The "helped" task-list boxes of our CI comment. Each answer line is a task-list item ending in a
 * hidden marker that names the result and the thread: `- [ ] … <!-- snippet-search:vote r1a2b3 12345 -->`.
 * GitHub lets people with write access tick them, which edits the comment (`issue_comment.edited`,
 * with the previous body in `changes.body.from`).
 */

export interface VoteChange {
  resultId: string;
  threadId: number;
  /** The box is ticked now (a vote), or unticked (the vote goes). */
  helped: boolean;
}

const BOX = /^[ \t]*[-*] \[([ xX])\] [^\n]*<!-- snippet-search:vote ([0-9a-f]{6,64}) (\d{1,15}) -->/gm;

/** Every vote box of a comment body: `resultId threadId` → ticked. */
export function readVoteBoxes(body: string): Map<string, boolean> {
  const out = new Map<string, boolean>();
  for (const m of body.matchAll(BOX)) out.set(`${m[2]} ${m[3]}`, m[1] !== ' ');
  return out;
}

/** The boxes whose state differs between two versions of the comment (a box only in one counts as unticked in the other). */
export function diffVoteBoxes(before: string, after: string): VoteChange[] {
  const a = readVoteBoxes(before);
  const b = readVoteBoxes(after);
  const out: VoteChange[] = [];
  for (const k of new Set([...a.keys(), ...b.keys()])) {
    const was = a.get(k) ?? false;
    const is = b.get(k) ?? false;
    if (was === is) continue;
    const [resultId, threadId] = k.split(' ') as [string, string];
    out.push({ resultId, threadId: Number(threadId), helped: is });
  }
  return out;
}

/** `next` with the boxes that are ticked in `previous` ticked too: re-rendering a section keeps the readers' ticks. */
export function carryTicks(previous: string, next: string): string {
  const ticked = readVoteBoxes(previous);
  if (![...ticked.values()].some(Boolean)) return next;
  return next.replace(BOX, (line: string, _state: string, r: string, t: string) =>
    ticked.get(`${r} ${t}`) ? line.replace(/\[ \]/, '[x]') : line,
  );
}
