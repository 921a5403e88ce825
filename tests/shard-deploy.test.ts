import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { CLI, sandtable, tempDir, writeExperiment } from './helpers/cli.js';

// The deployment recipes work as written: the Kubernetes manifests have what an Indexed Job and
// its merge need, and their container arguments, run locally the way the pods run them, give a
// run identical to one machine's; the Slurm scripts run with SLURM_ARRAY_TASK_ID set by hand.

const root = join(import.meta.dirname, '..');
const deploy = join(root, 'deploy');
const dir = tempDir('deploy');
const exp = writeExperiment(dir, {
  name: 'deploy',
  game: 'sfo',
  scenario: 'advanced',
  games: 480,
  seed: 8,
  chunkSize: 40,
  arms: [{ id: 'a' }, { id: 'b', policies: { soviet: 'town-rush' } }],
});
// Outside git, as in the container image: the code version is the package version alone, so a
// commit landing meanwhile in this checkout cannot make the simulated pods differ in code.
const podEnv = { ...process.env, GIT_DIR: '/nonexistent' };

// biome-ignore lint/suspicious/noExplicitAny: walking parsed YAML
type Doc = Record<string, any>;
const yamlDocs = (file: string): Doc[] =>
  parseAllDocuments(readFileSync(join(deploy, 'k8s', file), 'utf8')).map((d) => {
    expect(d.errors, file).toEqual([]);
    return d.toJS() as Doc;
  });

function exec(
  cmd: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += String(d);
    });
    child.stderr.on('data', (d) => {
      stderr += String(d);
    });
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

beforeAll(() => {
  const r = sandtable(['run', exp, '--out', join(dir, 'whole'), '--workers', '2', '--quiet']);
  expect(r.code, r.stderr).toBe(0);
});

const identicalToWhole = (run: string) => {
  for (const f of ['games.parquet', 'summary.csv']) {
    expect(readFileSync(join(run, f)).equals(readFileSync(join(dir, 'whole', f))), `${run}/${f}`).toBe(true);
  }
};

describe('Kubernetes', () => {
  const [job] = yamlDocs('shards-job.yaml') as [Doc];
  const [merge] = yamlDocs('merge-job.yaml') as [Doc];
  const [pvc] = yamlDocs('results-pvc.yaml') as [Doc];
  const shardPod = job.spec.template.spec;
  const container = shardPod.containers[0];

  it('shards-job.yaml is an Indexed Job whose pods take their shard from JOB_COMPLETION_INDEX', () => {
    expect(job.apiVersion).toBe('batch/v1');
    expect(job.kind).toBe('Job');
    expect(job.spec.completionMode).toBe('Indexed');
    expect(Number.isInteger(job.spec.completions)).toBe(true);
    expect(job.spec.parallelism).toBeGreaterThan(0);
    expect(job.spec.parallelism).toBeLessThanOrEqual(job.spec.completions);
    expect(['Never', 'OnFailure']).toContain(shardPod.restartPolicy);
    const args: string[] = container.args;
    expect(args[0]).toBe('run');
    expect(args[args.indexOf('--shard-from-env') + 1]).toBe(String(job.spec.completions));
    expect(args[args.indexOf('--out') + 1]).toContain('$(JOB_COMPLETION_INDEX)');
    expect(args).toContain('--resume');
    const index = container.env.find((e: Doc) => e.name === 'JOB_COMPLETION_INDEX');
    expect(index.valueFrom.fieldRef.fieldPath).toBe(
      "metadata.annotations['batch.kubernetes.io/job-completion-index']",
    );
    expect(container.image).toBe(merge.spec.template.spec.containers[0].image);
  });

  it('shard pods and the merge share the results volume; the experiment comes from a ConfigMap', () => {
    const claim = (pod: Doc) => pod.volumes.find((v: Doc) => v.persistentVolumeClaim !== undefined);
    expect(pvc.kind).toBe('PersistentVolumeClaim');
    expect(pvc.spec.accessModes).toContain('ReadWriteMany');
    for (const pod of [shardPod, merge.spec.template.spec]) {
      expect(claim(pod).persistentVolumeClaim.claimName).toBe(pvc.metadata.name);
      const mount = pod.containers[0].volumeMounts.find((m: Doc) => m.name === claim(pod).name);
      expect(mount.mountPath).toBe('/results');
    }
    const cm = shardPod.volumes.find((v: Doc) => v.configMap !== undefined);
    const cmMount = container.volumeMounts.find((m: Doc) => m.name === cm.name);
    expect(container.args[1]).toBe(`${cmMount.mountPath}/experiment.json`);
    expect(merge.kind).toBe('Job');
    expect(merge.spec.template.spec.containers[0].args.slice(0, 2)).toEqual(['merge', '/results/shards']);
  });

  it("run locally as the pods run them, the Job's arguments and the merge give a one-machine run", async () => {
    const results = join(dir, 'k8s-results');
    const n = job.spec.completions as number;
    const local = (arg: string, env: Record<string, string>) =>
      arg
        .replaceAll('/results', results)
        .replace('/experiment/experiment.json', exp)
        .replaceAll(/\$\(([A-Z_]+)\)/g, (_m, v: string) => env[v]!);
    const pod = (k: number) => {
      const env = { JOB_COMPLETION_INDEX: String(k), WORKERS: '1' };
      return exec(process.execPath, [CLI, ...container.args.map((a: string) => local(a, env))], {
        ...podEnv,
        ...env,
      });
    };
    const pods = await Promise.all(Array.from({ length: n }, (_, k) => pod(k)));
    for (const p of pods) expect(p.code, p.stderr).toBe(0);
    // A pod replaced after its shard was done leaves it alone.
    const again = await pod(3);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toContain(`shard 3/${n} already complete`);
    const merged = await exec(
      process.execPath,
      [CLI, ...merge.spec.template.spec.containers[0].args.map((a: string) => local(a, {}))],
      podEnv,
    );
    expect(merged.code, merged.stderr).toBe(0);
    identicalToWhole(join(results, 'run'));
  });
});

describe('Slurm', () => {
  const script = join(deploy, 'slurm', 'sandtable-shards.sbatch');
  const mergeScript = join(deploy, 'slurm', 'sandtable-merge.sbatch');
  const out = join(dir, 'slurm', 'run');
  const env = {
    ...podEnv,
    SANDTABLE_EXPERIMENT: exp,
    SANDTABLE_SHARDS: '3',
    SANDTABLE_OUT: out,
    SANDTABLE_HOME: root,
    SLURM_CPUS_PER_TASK: '1',
  };

  it('every #SBATCH line comes before the first command (sbatch stops reading them there)', () => {
    for (const file of [script, mergeScript]) {
      const lines = readFileSync(file, 'utf8').split('\n');
      const firstCommand = lines.findIndex((l, i) => i > 0 && l.trim() !== '' && !l.startsWith('#'));
      const lastSbatch = lines.map((l) => l.startsWith('#SBATCH')).lastIndexOf(true);
      expect(lastSbatch).toBeGreaterThan(0);
      expect(lastSbatch).toBeLessThan(firstCommand);
      expect(
        lines.some((l) => /^#SBATCH --array/.test(l)),
        'the array is given at submission',
      ).toBe(false);
    }
  });

  it('with SLURM_ARRAY_TASK_ID set by hand, the array script plays its shard; the merge script merges them', () => {
    const shard = (k: number) =>
      spawnSync('bash', [script], { encoding: 'utf8', env: { ...env, SLURM_ARRAY_TASK_ID: String(k) } });
    const one = shard(1);
    expect(one.status, one.stderr).toBe(0);
    const m = JSON.parse(readFileSync(`${out}-shards/shard-1/manifest.json`, 'utf8'));
    expect(m.status).toBe('complete');
    expect(m.shard).toMatchObject({ index: 1, count: 3, start: 160, end: 320, rows: 320 });
    for (const k of [0, 2]) expect(shard(k).status).toBe(0);
    const merged = spawnSync('bash', [mergeScript], { encoding: 'utf8', env });
    expect(merged.status, merged.stderr).toBe(0);
    identicalToWhole(out);
  });

  it('an array index outside the shards is refused with the --array to use', () => {
    const r = spawnSync('bash', [script], { encoding: 'utf8', env: { ...env, SLURM_ARRAY_TASK_ID: '3' } });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(
      'SLURM_ARRAY_TASK_ID="3" is not a shard index in 0..2 (submit the array as --array=0-2)',
    );
  });
});

describe('Containerfile', () => {
  const text = readFileSync(join(deploy, 'Containerfile'), 'utf8');

  it('copies only files the repository has and runs the compiled CLI', () => {
    const sources = [...text.matchAll(/^COPY (?!--from)(.+) \S+$/gm)].flatMap((m) => m[1]!.split(/\s+/));
    expect(sources).toEqual(
      expect.arrayContaining(['package.json', 'package-lock.json', 'src', 'workers', 'experiments']),
    );
    for (const s of sources) expect(existsSync(join(root, s)), s).toBe(true);
    expect(text).toMatch(/^FROM node:20/m);
    const entry = /^ENTRYPOINT \["node", "\/app\/(.+)"\]$/m.exec(text)![1]!;
    expect(existsSync(join(root, entry)), entry).toBe(true);
    expect(entry).toBe(join('dist', 'src', 'cli', 'main.js'));
  });
});
