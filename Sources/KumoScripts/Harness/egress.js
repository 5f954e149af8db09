'use strict';
// Every TCP connection a script opens goes through Kumo's egress relay (docs/decisions/0102-script-egress-through-kumo.md).
// The harness asks the relay's Unix socket `CONNECT <host> <port>` on a connection of its own; Kumo resolves the name,
// refuses loopback, private, link-local and metadata addresses unless the operator opened them, connects, and answers
// `OK <path>` (a Unix socket that leads to the destination, for one connection), `DENIED <reason>` or
// `FAILED <reason>`. The script's socket then connects to that path: its bytes and events are the destination's from
// the start. In a network namespace the relay is the only way out; without one these hooks are what routes scripts
// through it.
const net = require('net');
const tls = require('tls');

function installEgress(relayPath, accessDenied) {
  const connect = net.Socket.prototype.connect;
  const connectTLS = tls.connect;

  const refused = (host, port, reason) => {
    const error = accessDenied(host + ':' + port, 'Kumo refused a connection to ' + host + ':' + port + ': ' + reason);
    error.address = host;
    error.port = port;
    return error;
  };
  const failed = (host, port, reason) => {
    const error = new Error('connect ECONNREFUSED ' + host + ':' + port + ' (' + reason + ')');
    error.code = 'ECONNREFUSED';
    error.syscall = 'connect';
    error.address = host;
    error.port = port;
    return error;
  };
  const later = (socket, error) => {
    process.nextTick(() => socket.destroy(error));
    return socket;
  };

  // Asks the relay for `host:port` on a connection of its own; calls back with the path that leads there, or the error.
  const ask = (host, port, callback) => {
    const control = new net.Socket();
    let answer = '';
    let done = false;
    const finish = (error, path) => {
      if (done) return;
      done = true;
      control.destroy();
      callback(error, path);
    };
    control.setEncoding('utf8');
    control.on('data', (chunk) => {
      answer += chunk;
      const newline = answer.indexOf('\n');
      if (newline === -1) {
        if (answer.length > 4096) finish(failed(host, port, 'the egress relay answered too much'));
        return;
      }
      const line = answer.slice(0, newline);
      if (line.startsWith('OK ')) finish(null, line.slice(3));
      else if (line.startsWith('DENIED ')) finish(refused(host, port, line.slice(7)));
      else finish(failed(host, port, line.startsWith('FAILED ') ? line.slice(7) : 'the egress relay answered ' + JSON.stringify(line)));
    });
    control.on('error', (error) => finish(failed(host, port, 'the egress relay is unreachable (' + error.code + ')')));
    control.on('close', () => finish(failed(host, port, 'the egress relay closed the connection')));
    connect.call(control, { path: relayPath });
    control.write('CONNECT ' + host + ' ' + port + '\n');
  };

  // The script's socket stays `connecting` (its writes and reads wait) while the relay connects, then connects to the
  // path the relay gave: `connect` means the destination answered.
  const tunnel = (socket, host, port, callback) => {
    socket.connecting = true;
    if (typeof callback === 'function') socket.once('connect', callback);
    ask(host, port, (error, path) => {
      if (socket.destroyed) return;
      if (error) {
        socket.connecting = false;
        socket.destroy(error);
        return;
      }
      connect.call(socket, { path });
    });
    return socket;
  };

  net.Socket.prototype.connect = function (...values) {
    // `net.connect` passes its already normalised arguments as one array.
    const normalized = values.length === 1 && Array.isArray(values[0]) ? values[0] : net._normalizeArgs(values);
    const options = normalized[0] || {};
    const callback = normalized[1];
    if (options.path !== undefined && options.path !== null) {
      return later(this, accessDenied(options.path, 'Kumo refused a connection to the Unix socket ' + options.path));
    }
    const host = options.host === undefined || options.host === null || options.host === '' ? 'localhost' : String(options.host);
    const port = Number(options.port);
    if (options.port === undefined || options.port === null || options.port === '' || !Number.isInteger(port) || port < 0 || port > 65535) {
      const error = new RangeError('Port should be >= 0 and < 65536. Received ' + String(options.port) + '.');
      error.code = 'ERR_SOCKET_BAD_PORT';
      throw error;
    }
    if (host.length > 253 || !/^[A-Za-z0-9._:%-]+$/.test(host)) return later(this, refused(host, port, 'not a host name'));
    return tunnel(this, host, port, callback);
  };

  // TLS runs over a tunnelled socket, so that the relay sees the destination and the handshake stays end to end.
  tls.connect = function (...values) {
    const normalized = net._normalizeArgs(values);
    const options = Object.assign({}, normalized[0]);
    if (values[1] !== null && typeof values[1] === 'object') Object.assign(options, values[1]);
    else if (values[2] !== null && typeof values[2] === 'object') Object.assign(options, values[2]);
    const callback = normalized[1];
    if (options.socket) return connectTLS.call(this, options, callback);
    const host = options.host === undefined || options.host === null || options.host === '' ? 'localhost' : String(options.host);
    const socket = options.path !== undefined && options.path !== null ? net.connect({ path: options.path }) : net.connect({ host, port: options.port });
    const servername = options.servername !== undefined ? options.servername : net.isIP(host) ? undefined : host;
    return connectTLS.call(this, Object.assign(options, { socket, host, servername }), callback);
  };
}

module.exports = { installEgress };
