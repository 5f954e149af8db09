/// The JavaScript of Kumo's script worker: `node [isolation flags] harness.js serve MODULES SCRATCH` runs NCMB scripts one
/// at a time over length-prefixed JSON frames on stdin and stdout (docs/decisions/0049-scripts-on-node-workers.md).
///
/// Kept as a constant so that Kumo builds with SwiftPM alone and a moved binary never misses a resource; the runner
/// writes it to its runtime directory at start. It gives scripts Express-compatible `req` and `res`, captures
/// `console.*`, reports the answer, the error with its stack, or a too-large answer, and makes `require('ncmb')` build
/// clients that talk to this Kumo. Without Node's permission model (Node 18) it refuses child processes, workers and
/// writes outside the scratch directory itself.
enum ScriptHarness {
    /// The source of `harness.js`.
    static let source = #"""
'use strict';
// Kumo's script worker. `serve MODULES SCRATCH` runs NCMB scripts one at a time for the Kumo server, reading and
// writing length-prefixed JSON frames on stdin and stdout.
const Module = require('module');
const path = require('path');
const util = require('util');
const { STATUS_CODES } = require('http');

serve(process.argv[3], process.argv[4]);

function serve(modulesDirectory, scratchDirectory) {
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

  const guarded = !process.permission;
  const blockedModules = new Set(['child_process', 'worker_threads', 'cluster', 'inspector', 'wasi']);
  if (guarded) installGuards(path.resolve(scratchDirectory));

  // `require('ncmb')` builds clients that talk to this Kumo instead of NCMB's cloud: the constructor's settings get
  // Kumo's host, port and protocol (for the API and for scripts).
  const wrappers = new WeakMap();
  const load = Module._load;
  Module._load = function (request, parent, isMain) {
    if (guarded && blockedModules.has(String(request).replace(/^node:/, ''))) throw accessDenied(request);
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
  send({ type: 'ready', node: process.version, permissionModel: !guarded });
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

function makeRequest(call) {
  const headers = {};
  for (const [name, value] of call.headers) headers[name] = headers[name] === undefined ? value : headers[name] + ', ' + value;
  const query = {};
  for (const [name, value] of call.query) {
    if (name === '__proto__') continue;
    if (!Object.prototype.hasOwnProperty.call(query, name)) query[name] = value;
    else if (Array.isArray(query[name])) query[name].push(value);
    else query[name] = [query[name], value];
  }
  const get = (name) => {
    const key = String(name).toLowerCase();
    return key === 'referer' || key === 'referrer' ? headers.referer || headers.referrer : headers[key];
  };
  const questionMark = call.url.indexOf('?');
  return {
    method: call.method, url: call.url, originalUrl: call.url, baseUrl: '',
    path: questionMark === -1 ? call.url : call.url.slice(0, questionMark),
    query, body: call.body === undefined ? {} : call.body, headers, params: {}, header: get, get,
    is: (type) => {
      const contentType = String(headers['content-type'] || '').split(';')[0].trim().toLowerCase();
      const wanted = String(type).toLowerCase();
      return contentType !== '' && (contentType === wanted || contentType.endsWith('/' + wanted)) ? contentType : false;
    },
  };
}

const mediaTypes = {
  html: 'text/html; charset=utf-8', text: 'text/plain; charset=utf-8', txt: 'text/plain; charset=utf-8',
  json: 'application/json; charset=utf-8', js: 'application/javascript; charset=utf-8', xml: 'application/xml',
  bin: 'application/octet-stream',
};

function makeResponse(execution, finish) {
  const headers = new Map();
  const chunks = [];
  const response = {
    statusCode: 200,
    get headersSent() { return execution.done; },
    status(code) { response.statusCode = code; return response; },
    set(field, value) {
      if (field !== null && typeof field === 'object') {
        for (const key of Object.keys(field)) response.set(key, field[key]);
        return response;
      }
      headers.set(String(field).toLowerCase(), { name: String(field), value: Array.isArray(value) ? value.map(String) : String(value) });
      return response;
    },
    header(field, value) { return response.set(field, value); },
    setHeader(name, value) { response.set(name, value); return response; },
    append(field, value) {
      const existing = response.get(field);
      const values = existing === undefined ? [] : [].concat(existing);
      return response.set(field, values.concat(value));
    },
    get(field) { const entry = headers.get(String(field).toLowerCase()); return entry && entry.value; },
    getHeader(field) { return response.get(field); },
    removeHeader(field) { headers.delete(String(field).toLowerCase()); return response; },
    type(value) {
      const text = String(value);
      return response.set('Content-Type', text.includes('/') ? text : mediaTypes[text.replace(/^\./, '')] || 'application/octet-stream');
    },
    contentType(value) { return response.type(value); },
    location(url) { return response.set('Location', url); },
    redirect(statusOrUrl, url) {
      if (url === undefined) response.status(302).set('Location', statusOrUrl); else response.status(statusOrUrl).set('Location', url);
      return response.end();
    },
    json(value) {
      if (response.get('Content-Type') === undefined) response.set('Content-Type', mediaTypes.json);
      const text = JSON.stringify(value);
      return response.end(text === undefined ? '' : text);
    },
    send(body) {
      if (typeof body === 'string') {
        if (response.get('Content-Type') === undefined) response.set('Content-Type', mediaTypes.html);
        return response.end(body);
      }
      if (typeof body === 'number') return response.sendStatus(body);
      if (body === null || body === undefined) return response.end();
      if (Buffer.isBuffer(body) || body instanceof Uint8Array) {
        if (response.get('Content-Type') === undefined) response.set('Content-Type', mediaTypes.bin);
        return response.end(Buffer.from(body));
      }
      return response.json(body);
    },
    sendStatus(code) {
      response.statusCode = code;
      if (response.get('Content-Type') === undefined) response.set('Content-Type', mediaTypes.text);
      return response.end(STATUS_CODES[code] || String(code));
    },
    write(chunk, encoding) {
      chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk), typeof encoding === 'string' ? encoding : 'utf8'));
      return true;
    },
    end(data, encoding) {
      if (data !== undefined && data !== null && typeof data !== 'function') response.write(data, encoding);
      deliver(Buffer.concat(chunks));
      return response;
    },
  };
  const deliver = (body) => {
    if (execution.done) return;
    const status = response.statusCode;
    if (!Number.isInteger(status) || status < 200 || status > 599) {
      finish(execution, { ok: false, error: { kind: 'threw', message: 'RangeError: invalid status code: ' + status } });
    } else if (body.length > execution.limits.responseBytes) {
      const message = 'the answer has ' + body.length + ' bytes; the limit is ' + execution.limits.responseBytes;
      finish(execution, { ok: false, error: { kind: 'responseTooLarge', message } });
    } else {
      const list = [];
      for (const { name, value } of headers.values()) {
        for (const item of [].concat(value)) list.push([name, item]);
      }
      finish(execution, { ok: true, status, headers: list, body: body.toString('base64') });
    }
  };
  return response;
}

function accessDenied(resource) {
  const error = new Error('Access to this API has been restricted');
  error.code = 'ERR_ACCESS_DENIED';
  error.resource = String(resource);
  return error;
}

// Node.js without a permission model (18): refuse child processes, workers and writes outside the scratch directory
// at the module level. This is weaker than the permission model (the runtime's internals stay reachable).
function installGuards(scratchDirectory) {
  const fs = require('fs');
  const { fileURLToPath } = require('url');
  process.binding = () => { throw accessDenied('process.binding'); };
  process._linkedBinding = () => { throw accessDenied('process._linkedBinding'); };
  process.dlopen = () => { throw accessDenied('process.dlopen'); };
  const inside = (target) => {
    if (typeof target === 'number') return true;
    const file = target instanceof URL ? fileURLToPath(target) : Buffer.isBuffer(target) ? target.toString() : String(target);
    const resolved = path.resolve(file);
    return resolved === scratchDirectory || resolved.startsWith(scratchDirectory + path.sep);
  };
  const guard = (owner, name, positions, isWrite) => {
    const original = owner[name];
    if (typeof original !== 'function') return;
    owner[name] = function (...values) {
      if (isWrite(values)) {
        for (const position of positions) if (!inside(values[position])) throw accessDenied(values[position]);
      }
      return original.apply(this, values);
    };
  };
  const always = () => true;
  const writes = {
    writeFile: [0], appendFile: [0], mkdir: [0], mkdtemp: [0], rm: [0], rmdir: [0], unlink: [0], rename: [0, 1],
    copyFile: [1], cp: [1], symlink: [0, 1], link: [0, 1], truncate: [0], chmod: [0], chown: [0], lchown: [0],
    utimes: [0], lutimes: [0],
  };
  const opensForWriting = (values) => {
    const flags = values[1];
    return !(flags === undefined || typeof flags === 'function' || flags === 'r' || flags === 'rs' || flags === 'sr' || flags === 0);
  };
  for (const [name, positions] of Object.entries(writes)) {
    guard(fs, name, positions, always);
    guard(fs, name + 'Sync', positions, always);
    guard(fs.promises, name, positions, always);
  }
  guard(fs, 'open', [0], opensForWriting);
  guard(fs, 'openSync', [0], opensForWriting);
  guard(fs.promises, 'open', [0], opensForWriting);
  guard(fs, 'createWriteStream', [0], always);
}
"""#
}
