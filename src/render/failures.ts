import { scrubSecrets } from '../extract/scrub-secrets.js';
import type { Failure } from '../types.js';

/** JSON for `extract --json`: `{"failures": [...]}`, primary first, secrets scrubbed. */
export function failuresToJson(failures: Failure[]): object {
  return {
    failures: failures.map((f) => ({
      language: f.language,
      errorType: f.errorType || null,
      errorMessage: scrubSecrets(f.errorMessage),
      code: scrubSecrets(f.code),
      frames: f.frames.map((fr) => ({ ...fr, source: fr.source === null ? null : scrubSecrets(fr.source) })),
      template: scrubSecrets(f.template),
    })),
  };
}

export function failuresToText(failures: Failure[]): string {
  if (failures.length === 0) return 'No failure found.\n';
  return (
    failures
      .map((f, i) => {
        const head = `${i + 1}. [${f.language}] ${scrubSecrets([f.errorType, f.errorMessage].filter(Boolean).join(': '))}`;
        const code = f.code
          ? f.code
              .split('\n')
              .slice(0, 8)
              .map((l) => `     | ${scrubSecrets(l)}`)
              .join('\n')
          : '';
        const at = f.frames.length
          ? `   at ${f.frames[f.frames.length - 1]!.file}:${f.frames[f.frames.length - 1]!.line ?? '?'}`
          : '';
        return [head, at, code].filter(Boolean).join('\n');
      })
      .join('\n') + '\n'
  );
}
