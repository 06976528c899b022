import { z } from 'zod';
import { DEFAULT_MIN_CONFIDENCE } from '../retrieve/confidence.js';

export const CONFIG_FILE = '.github/snippet-search.yml';

const Globs = z
  .object({
    include: z.array(z.string()).default(['*']).describe('glob patterns of names to act on'),
    exclude: z.array(z.string()).default([]).describe('glob patterns of names to skip'),
  })
  .strict()
  .default({ include: ['*'], exclude: [] });

/** `.github/snippet-search.yml`: every key optional, defaults below. Published as JSON Schema (schema/). */
export const ConfigSchema = z
  .object({
    triggers: z
      .object({
        failingChecks: z
          .boolean()
          .default(true)
          .describe('answer failing check runs and workflow jobs on their pull requests'),
        command: z.boolean().default(true).describe('answer `/snippet-search` in issue and PR comments'),
        newIssues: z.boolean().default(false).describe('answer new issues whose body holds a traceback (opt-in)'),
      })
      .strict()
      .default({ failingChecks: true, command: true, newIssues: false }),
    minScore: z
      .number()
      .min(0)
      .default(0)
      .describe('stay silent when the best result scores below this (the ranking score, as `search` prints it)'),
    minConfidence: z
      .number()
      .min(0)
      .max(1)
      .default(DEFAULT_MIN_CONFIDENCE)
      .describe(
        'stay silent when the confidence (0 to 1: how much of the error the best threads speak of) is below this',
      ),
    maxResults: z.number().int().min(1).max(10).default(3).describe('threads listed per failure'),
    languages: z.array(z.string()).default([]).describe('only answer failures in these languages (empty: all)'),
    workflows: Globs.describe('workflow names to act on'),
    jobs: Globs.describe('job (check run) names to act on'),
    dryRun: z.boolean().default(false).describe('log what would be posted instead of posting'),
    history: z
      .boolean()
      .default(true)
      .describe(
        "record this repository's failing jobs (template and scrubbed message, never logs) and show one line of its own history per job",
      ),
    historyDays: z
      .number()
      .int()
      .min(1)
      .max(365)
      .default(30)
      .describe(
        'how far back the history line looks, in days (the store keeps at most its retention, 30 days unless set)',
      ),
    feedback: z
      .boolean()
      .default(true)
      .describe(
        '"helped" boxes under the answers of the CI comment; ticks are recorded as votes that train the ranking',
      ),
    muteLabel: z
      .string()
      .min(1)
      .default('snippet-search:mute')
      .describe('no comments on issues or PRs carrying this label'),
  })
  .strict();

export type Config = z.infer<typeof ConfigSchema>;
export const DEFAULT_CONFIG: Config = ConfigSchema.parse({});

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** Validates a parsed config file; the error names the file and the key. */
export function parseConfig(raw: unknown, file = CONFIG_FILE): Config {
  const r = ConfigSchema.safeParse(raw ?? {});
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  const key =
    issue.path.join('.') ||
    (issue.code === 'unrecognized_keys' ? ((issue as { keys?: string[] }).keys?.join(', ') ?? '') : '');
  throw new ConfigError(`${file}: ${key ? `\`${key}\`` : 'the file'}: ${issue.message}`);
}

/** The config as JSON Schema, for editors (`schema/snippet-search.schema.json`). */
export function configJsonSchema(): object {
  return z.toJSONSchema(ConfigSchema, { io: 'input' });
}
