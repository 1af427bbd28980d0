// Runs the built program once per argument list, all in this one node process: test/cli/bredon.ts's
// bredonBatch. `node test/cli/batch.mjs dist/bredon.js` reads the lists as JSON on stdin and
// prints one { code, stdout, stderr } a list as JSON on stdout.
//
// Each run imports the bundle afresh (a URL of its own makes a module instance of its own), with
// process.argv set as a process started with those arguments has it: the program's main runs
// and sets process.exitCode, which is the run's exit status, and what it writes to stdout and
// stderr is captured. That is a process start saved a run (most of what `bredon X --help`
// costs), for runs that end when main returns: usage, help and refused arguments, not runs
// that read stdin or exit by themselves. (node:vm's SourceTextModule would also save compiling
// the bundle again, but node 20 crashes with it now and then.)

import { readFileSync, writeSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const RUN_LIMIT_MS = 60_000;
const [program] = process.argv.slice(2);
const runs = JSON.parse(readFileSync(0, 'utf8'));
const url = pathToFileURL(program).href;
const node = process.argv[0];
const write = { stdout: process.stdout.write, stderr: process.stderr.write };
const results = [];

function capture(stream, sink) {
  stream.write = (chunk, encoding, cb) => {
    sink.text += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString(typeof encoding === 'string' ? encoding : 'utf8');
    const done = typeof encoding === 'function' ? encoding : cb;
    if (typeof done === 'function') process.nextTick(done);
    return true;
  };
}

for (let i = 0; i < runs.length; i++) {
  const out = { text: '' };
  const err = { text: '' };
  const listeners = new Map(['stdout', 'stderr'].map((s) => [s, process[s].listeners('error')]));
  capture(process.stdout, out);
  capture(process.stderr, err);
  process.argv = [node, program, ...runs[i]];
  process.exitCode = undefined;
  let failure;
  try {
    await import(`${url}?run=${i}`);
    const deadline = Date.now() + RUN_LIMIT_MS;
    while (process.exitCode === undefined && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 1));
    if (process.exitCode === undefined) failure = `did not end within ${RUN_LIMIT_MS} ms`;
  } catch (e) {
    failure = `threw ${e instanceof Error ? e.stack : String(e)}`;
  }
  // Each run's main adds its handler for stdout's errors; the next run adds its own.
  for (const [s, before] of listeners) for (const l of process[s].listeners('error')) if (!before.includes(l)) process[s].off('error', l);
  process.stdout.write = write.stdout;
  process.stderr.write = write.stderr;
  if (failure !== undefined) {
    process.stderr.write(`bredon ${runs[i].join(' ')}: ${failure}\n`);
    process.exit(3);
  }
  results.push({ code: process.exitCode, stdout: out.text, stderr: err.text });
}

writeSync(1, JSON.stringify(results));
// Whatever a run left behind (a timer, a handle) is not waited for.
process.exit(0);
