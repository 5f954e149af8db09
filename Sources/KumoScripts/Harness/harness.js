'use strict';
// Kumo's script worker (docs/decisions/0049-scripts-on-node-workers.md). `serve MODULES SCRATCH RELAY` runs NCMB
// scripts one at a time for the Kumo server, reading and writing length-prefixed JSON frames on stdin and stdout;
// MODULES is where `require` resolves packages, SCRATCH the application's own writable folder (its HOME and working
// directory), RELAY the Unix socket of Kumo's egress relay every TCP connection goes through.
const Module = require('module');
const path = require('path');
const util = require('util');
const { makeRequest, makeResponse } = require('./express.js');
const guards = require('./guards.js');
const { installEgress } = require('./egress.js');

serve(process.argv[3], process.argv[4], process.argv[5]);

function serve(modulesDirectory, scratchDirectory, relayPath) {
  const writeOut = process.stdout.write.bind(process.stdout);
  const scripts = new Map();
  let current = null;
  let endpoint = null;

  const send = (message) => {
    const body = Buffer.from(JSON.stringify(message), 'utf8');
    const header = Buffer.alloc(4);
    header.writeUInt32BE(body.length, 0);
    writeOut(Buffer.concat([header, body]));
  };

  const capture = (level, text) => {
    const execution = current;
    if (!execution || execution.consoleFull) return;
    const line = text.endsWith('\n') ? text.slice(0, -1) : text;
    execution.consoleBytes += Buffer.byteLength(line, 'utf8');
    if (execution.consoleBytes > execution.limits.consoleBytes) {
      execution.consoleFull = true;
      execution.console.push({ level: 'kumo', text: '[console output beyond ' + execution.limits.consoleBytes + ' bytes not kept]' });
      return;
    }
    execution.console.push({ level, text: line });
  };

  for (const level of ['log', 'info', 'warn', 'error', 'debug']) {
    console[level] = (...values) => capture(level, util.format(...values));
  }
  console.trace = (...values) => {
    const stack = new Error().stack.split('\n').slice(2).join('\n');
    capture('trace', 'Trace: ' + util.format(...values) + '\n' + stack);
  };
  console.dir = (value, options) => capture('log', util.inspect(value, options));
  process.stdout.write = (chunk, encoding, callback) => {
    capture('stdout', typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
    if (typeof encoding === 'function') encoding(); else if (typeof callback === 'function') callback();
    return true;
  };
  process.stderr.write = (chunk, encoding, callback) => {
    capture('stderr', typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
    if (typeof encoding === 'function') encoding(); else if (typeof callback === 'function') callback();
    return true;
  };

  const hasPermissionModel = Boolean(process.permission);
  guards.blockModules();
  guards.guardSignals();
  guards.refuseServers();
  if (!hasPermissionModel) guards.guardWrites(path.resolve(scratchDirectory));
  installEgress(relayPath, guards.accessDenied);

  // `require('ncmb')` builds clients that talk to this Kumo instead of NCMB's cloud: the constructor's settings get
  // Kumo's host, port and protocol (for the API and for scripts).
  const wrappers = new WeakMap();
  const load = Module._load;
  Module._load = function (request, parent, isMain) {
    const loaded = load.apply(this, arguments);
    return request === 'ncmb' && typeof loaded === 'function' ? ncmbFor(loaded) : loaded;
  };
  const ncmbFor = (Original) => {
    let wrapper = wrappers.get(Original);
    if (wrapper) return wrapper;
    wrapper = function NCMB(applicationKey, clientKey, config) {
      const settings = Object.assign({}, config, endpoint && {
        fqdn: endpoint.host, scriptFqdn: endpoint.host, port: endpoint.port, protocol: endpoint.protocol,
      });
      return Reflect.construct(Original, [applicationKey, clientKey, settings], new.target || wrapper);
    };
    wrapper.prototype = Original.prototype;
    Object.setPrototypeOf(wrapper, Original);
    wrappers.set(Original, wrapper);
    return wrapper;
  };

  const finish = (execution, message) => {
    if (execution.done) return;
    execution.done = true;
    if (current === execution) current = null;
    const loaded = scripts.get(execution.script.name);
    const isLoaded = loaded !== undefined && loaded.hash === execution.script.hash;
    send(Object.assign({ type: 'result', id: execution.id, loaded: isLoaded, console: execution.console }, message));
  };
  const fail = (execution, error) => {
    if (execution) finish(execution, { ok: false, error: describe(error) });
  };
  process.on('uncaughtException', (error) => fail(current, error));
  process.on('unhandledRejection', (reason) => fail(current, reason));

  const loadScript = (script) => {
    const loaded = scripts.get(script.name);
    if (loaded && loaded.hash === script.hash) return loaded.exports;
    if (typeof script.code !== 'string') throw new Error('Kumo did not send the code of ' + script.name);
    const filename = path.join(modulesDirectory, script.name);
    const module = new Module(filename, null);
    module.filename = filename;
    module.paths = Module._nodeModulePaths(modulesDirectory);
    module._compile(script.code, filename);
    scripts.set(script.name, { hash: script.hash, exports: module.exports });
    return module.exports;
  };

  const run = (frame) => {
    if (current) {
      send({ type: 'result', id: frame.id, ok: false, console: [], error: { kind: 'threw', message: 'Error: the worker is busy' } });
      return;
    }
    const execution = {
      id: frame.id, script: frame.script, limits: frame.limits, console: [], consoleBytes: 0, consoleFull: false, done: false,
    };
    current = execution;
    endpoint = frame.ncmb || null;
    try {
      const handler = loadScript(frame.script);
      if (typeof handler !== 'function') throw new TypeError('module.exports of ' + frame.script.name + ' is not a function');
      const returned = handler(makeRequest(frame.request), makeResponse(execution, finish));
      if (returned && typeof returned.then === 'function') returned.then(undefined, (error) => fail(execution, error));
    } catch (error) {
      fail(execution, error);
    }
  };

  try {
    process.chdir(scratchDirectory);
  } catch (error) {
    // The working directory only matters for relative paths; the scratch directory is the only writable one anyway.
  }
  readFrames((frame) => frame.type === 'run' && run(frame));
  send({ type: 'ready', node: process.version, permissionModel: hasPermissionModel });
}

function readFrames(onFrame) {
  let pending = Buffer.alloc(0);
  process.stdin.on('data', (chunk) => {
    pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
    while (pending.length >= 4) {
      const length = pending.readUInt32BE(0);
      if (pending.length < 4 + length) break;
      const frame = JSON.parse(pending.subarray(4, 4 + length).toString('utf8'));
      pending = pending.subarray(4 + length);
      onFrame(frame);
    }
  });
  process.stdin.on('end', () => process.exit(0));
}

function describe(error) {
  if (error instanceof Error) {
    return { kind: 'threw', message: String(error), stack: typeof error.stack === 'string' ? error.stack : undefined };
  }
  return { kind: 'threw', message: 'Uncaught ' + util.inspect(error) };
}
