'use strict';
// What Kumo's script worker refuses scripts at the JavaScript level (docs/decisions/0100-script-isolation-layers.md):
// signals to any process but the worker itself, servers, UDP, child processes, threads and the inspector, and — on
// Node.js 18, which has no permission model — writes outside the scratch folder. These guards give scripts a clear
// error and hold wherever the kernel-level layers (namespaces, a user per application, the data limit) are missing;
// they are not a security boundary on their own: the runtime's internals stay reachable to a determined script.
const path = require('path');

function accessDenied(resource, message) {
  const error = new Error(message || 'Access to this API has been restricted');
  error.code = 'ERR_ACCESS_DENIED';
  error.resource = String(resource);
  return error;
}

// Modules whose functions scripts may not call, however they load them (`require`, `import()`,
// `process.getBuiltinModule`): their exports are changed in place before any script runs.
const blockedModules = ['child_process', 'worker_threads', 'cluster', 'inspector', 'wasi', 'dgram'];

function blockModules() {
  for (const name of blockedModules) {
    let exports;
    try {
      exports = require(name);
    } catch (error) {
      continue; // Not in this Node.js (WASI behind a flag on 18): nothing to block.
    }
    for (const key of Object.keys(exports)) {
      if (typeof exports[key] !== 'function') continue;
      const denied = function () { throw accessDenied(name + '.' + key); };
      try {
        exports[key] = denied;
      } catch (error) {
        // A read-only export stays; the permission model or the kernel refuses what it does.
      }
    }
  }
  process.binding = () => { throw accessDenied('process.binding'); };
  process._linkedBinding = () => { throw accessDenied('process._linkedBinding'); };
  process.dlopen = () => { throw accessDenied('process.dlopen'); };
}

// `process.kill` and the binding it calls signal only the worker itself: every other process id, 0 (the process
// group) and negative ids (groups, everyone) are refused with EPERM.
function guardSignals() {
  const own = process.pid;
  const kill = process.kill;
  const rawKill = process._kill;
  process.kill = function (pid, signal) {
    if (Number(pid) !== own) {
      const error = new Error('kill EPERM: a script may signal only its own worker');
      error.code = 'EPERM';
      error.errno = -1;
      error.syscall = 'kill';
      throw error;
    }
    return kill.call(process, pid, signal);
  };
  process._kill = function (pid, signal) {
    return Number(pid) === own ? rawKill.call(process, pid, signal) : -1;
  };
}

// Scripts answer calls; they do not listen (a server of one would outlive its call and, without a network namespace,
// be reachable from outside).
function refuseServers() {
  const net = require('net');
  net.Server.prototype.listen = function () { throw accessDenied('net.Server.listen'); };
}

// Node.js without a permission model (18): refuse writes outside the scratch directory at the module level. This is
// weaker than the permission model (the runtime's internals stay reachable).
function guardWrites(scratchDirectory) {
  const fs = require('fs');
  const { fileURLToPath } = require('url');
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

module.exports = { accessDenied, blockModules, guardSignals, refuseServers, guardWrites };
