/** Writes the golden inputs (text → ids by the serving tokenizer) that train.py turns into golden vectors. */
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DOCUMENT_TOKENS, QUERY_TOKENS } from '../../src/encoder/budgets.js';
import { WordPieceTokenizer } from '../../src/encoder/tokenizer.js';

const work = resolve(process.argv[2] ?? 'models/train/work');
const modelDir = resolve(process.argv[3] ?? 'models/snippet-encoder');
const tok = WordPieceTokenizer.fromFile(join(modelDir, 'tokenizer.json'));
const samples: Array<{ kind: 'query' | 'document'; text: string }> = [
  { kind: 'query', text: "import torchvision\nModuleNotFoundError: No module named 'torchvision'" },
  {
    kind: 'query',
    text: "df = pd.read_csv(\"data.csv\")\nUnicodeDecodeError: 'utf-8' codec can't decode byte 0xff in position 0: invalid start byte",
  },
  { kind: 'query', text: `${'x = compute(value)\n'.repeat(200)}KeyError: 'missing'` },
  {
    kind: 'document',
    text: 'How to fix ImportError in Python 3\nUse python -m pip install package in the same interpreter.',
  },
  { kind: 'document', text: 'Ünïcödé and 日本語 text with emoji 🎉' },
];
const golden = samples.map((s) => ({
  ...s,
  ids: s.kind === 'query' ? tok.queryIds(s.text, QUERY_TOKENS) : tok.documentIds(s.text, DOCUMENT_TOKENS),
}));
writeFileSync(join(work, 'golden-inputs.json'), JSON.stringify(golden));
