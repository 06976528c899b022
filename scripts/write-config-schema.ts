/** `npm run schema`: writes the JSON Schema of `.github/snippet-search.yml` from the zod schema. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { configJsonSchema } from '../src/github/config.js';
import { packageRoot } from '../src/paths.js';

const out = join(packageRoot(), 'schema', 'snippet-search.schema.json');
writeFileSync(
  out,
  `${JSON.stringify({ title: 'snippet-search configuration (.github/snippet-search.yml)', ...configJsonSchema() }, null, 2)}\n`,
);
console.log(`wrote ${out}`);
