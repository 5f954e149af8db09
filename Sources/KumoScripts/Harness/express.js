'use strict';
// Express-compatible `req` and `res` for Kumo's script worker (docs/decisions/0049-scripts-on-node-workers.md).
const { STATUS_CODES } = require('http');

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

module.exports = { makeRequest, makeResponse };
