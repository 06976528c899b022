import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { parse } from 'yaml';
import { actionNode } from '../helpers/action-node.js';
import { ROOT } from '../helpers/paths.js';

/**
 * action.yml must not change the user's job: no actions/setup-node (it edits the job's PATH), nothing
 * written to $GITHUB_PATH or $GITHUB_ENV, and the action's own Node 22 called by path.
 */
interface Step {
  id?: string;
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  env?: Record<string, string>;
}
const action = parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as { runs: { using: string; steps: Step[] } };
const steps = action.runs.steps;

test('action.yml: no setup-node, the v5 lines pinned, no write to the job PATH or env', () => {
  assert.equal(action.runs.using, 'composite');
  for (const s of steps) {
    if (s.uses) {
      assert.doesNotMatch(s.uses, /setup-node/, 'setup-node changes every later step of the job');
      assert.match(s.uses, /^actions\/cache@v5$/, `${s.uses}: pin the v5 line`);
    }
    if (s.run) {
      const writes = />>?\s*"?\$\{?(GITHUB_PATH|GITHUB_ENV)\b|::(add-path|set-env)::/;
      assert.doesNotMatch(s.run, writes, `${s.name}: edits the job's PATH or environment`);
    }
  }
  const cache = steps.find((s) => s.uses?.startsWith('actions/cache') && !s.if)!;
  assert.match(JSON.stringify(cache), /\.node22/, 'the action-local Node 22 is cached');
  assert.match(JSON.stringify(cache), /runner\.os.*node22.*package-lock\.json/);
});

test('action.yml: npm ci and the entry run on the action-local node, by path', () => {
  const install = steps.find((s) => s.run?.includes('npm') && s.run.includes(' ci '))!;
  assert.ok(install, 'an npm ci step');
  assert.match(install.run!, /"\$SNIPPET_SEARCH_NODE_BIN\/node" "\$SNIPPET_SEARCH_NODE_BIN\/npm" ci --no-audit/);
  assert.doesNotMatch(install.run!, /npm (install|i) /, 'exactly the lockfile');
  const answer = steps.find((s) => s.id === 'answer')!;
  assert.match(answer.run!, /^"\$SNIPPET_SEARCH_NODE_BIN\/node" "\$GITHUB_ACTION_PATH\/dist\/src\/action\/main\.js"/);
  for (const s of [install, answer]) assert.equal(s.env?.SNIPPET_SEARCH_NODE_BIN, '${{ steps.node.outputs.bin }}');
});

const node = actionNode();
test(
  "action.yml's run steps, simulated: Node 22 for npm ci, build and entry; the job's PATH and node untouched",
  { skip: node ? false : 'Node 22 not prepared (run .ci/prepare-action-node; CI does)' },
  () => {
    const dir = mkdtempSync(join(tmpdir(), 'ss-action-yml-'));
    const act = join(dir, 'action');
    const bin = join(act, '.node22', 'bin');
    mkdirSync(bin, { recursive: true });
    symlinkSync(node!.binary, join(bin, 'node')); // as if restored from the cache: no download
    const npmCli = execFileSync('bash', ['-c', 'readlink -f "$(command -v npm)"'], { encoding: 'utf8' }).trim();
    writeFileSync(join(bin, 'npm'), `require(${JSON.stringify(npmCli)});\n`);
    // A package with no dependencies: npm ci works offline; its scripts record the Node that ran them.
    const record = (f: string) => `node -e "require('fs').writeFileSync('${f}', process.version)"`;
    writeFileSync(
      join(act, 'package.json'),
      JSON.stringify({
        name: 'fake-action',
        version: '0.0.0',
        scripts: { install: record('ci-node'), build: record('build-node') },
      }),
    );
    writeFileSync(
      join(act, 'package-lock.json'),
      JSON.stringify({
        name: 'fake-action',
        version: '0.0.0',
        lockfileVersion: 3,
        requires: true,
        packages: { '': { name: 'fake-action', version: '0.0.0' } },
      }),
    );
    mkdirSync(join(act, 'dist', 'src', 'action'), { recursive: true });
    writeFileSync(
      join(act, 'dist', 'src', 'action', 'main.js'),
      `require('fs').writeFileSync(${JSON.stringify(join(act, 'entry-node'))}, process.version);\n`,
    );
    // The user's node: first on the job's PATH, a different program.
    const userBin = join(dir, 'user-bin');
    mkdirSync(userBin);
    writeFileSync(join(userBin, 'node'), '#!/bin/sh\necho user-node\n');
    chmodSync(join(userBin, 'node'), 0o755);
    const jobPath = `${userBin}:${process.env.PATH}`;
    const files = { GITHUB_PATH: join(dir, 'path'), GITHUB_ENV: join(dir, 'env') };
    for (const f of Object.values(files)) writeFileSync(f, '');
    const outputs: Record<string, Record<string, string>> = {};
    for (const [i, s] of steps.entries()) {
      if (!s.run) continue;
      const out = join(dir, `output-${i}`);
      writeFileSync(out, '');
      const env: Record<string, string> = {
        PATH: jobPath,
        HOME: process.env.HOME ?? dir,
        npm_config_offline: 'true',
        npm_config_cache: join(dir, 'npm-cache'),
        GITHUB_ACTION_PATH: act,
        GITHUB_OUTPUT: out,
        RUNNER_OS: 'Linux',
        RUNNER_ARCH: 'X64',
        INPUT_LOG: 'nothing.txt',
        ...files,
      };
      for (const [k, v] of Object.entries(s.env ?? {})) {
        const m = /^\$\{\{ steps\.(\w+)\.outputs\.(\w+) \}\}$/.exec(String(v));
        env[k] = m ? (outputs[m[1]!]?.[m[2]!] ?? '') : String(v);
      }
      execFileSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', s.run], { env, cwd: dir, stdio: 'pipe' });
      if (s.id)
        outputs[s.id] = Object.fromEntries(
          readFileSync(out, 'utf8')
            .split('\n')
            .filter(Boolean)
            .map((l) => l.split(/=(.*)/s).slice(0, 2) as [string, string]),
        );
    }
    assert.equal(outputs.node?.bin, bin);
    for (const f of ['ci-node', 'build-node', 'entry-node'])
      assert.match(readFileSync(join(act, f), 'utf8'), /^v22\./, f);
    for (const [k, f] of Object.entries(files)) assert.equal(readFileSync(f, 'utf8'), '', `${k} must stay empty`);
    // A later step of the user's job: its own node.
    assert.equal(
      execFileSync('bash', ['-c', 'node'], { env: { PATH: jobPath }, encoding: 'utf8' }).trim(),
      'user-node',
    );
  },
);
